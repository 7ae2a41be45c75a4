import AssocCore

/// The orphan counts of the belongsTo links the Links pane has shown (`⚠ 525 orphans`): each
/// association counted once per run, in the background, within the deferred counts' budget;
/// past it, counted to the end after every other background work, while the link is shown.
struct OrphanMarks: Sendable, Equatable {
    /// What is known of one association's orphans.
    enum Mark: Sendable, Equatable {
        /// Counted: this many rows.
        case counted(Int)
        /// The count ran past its time budget and goes on in the background (`finishOrphanCount`).
        case stillCounting
        /// The count ran past its time budget and was stopped (the link left the Links pane): it
        /// goes on when the link is shown again.
        case unknown
        /// The count failed (a table that cannot be read).
        case failed
    }

    /// Per association (`key(of:)`): its mark once the count came.
    var marks: [String: Mark] = [:]
    /// Associations whose count was asked for (it may still wait in the queue).
    var asked: Set<String> = []
    /// The associations counted past the budget, by key, until their count comes.
    var counting: [String: Association] = [:]

    /// `origin` and name: an association's identity in a run.
    static func key(of association: Association) -> String {
        association.origin + "\u{0}" + association.name
    }

    /// The Links pane's mark of `association`: `⚠ 525 orphans`, `⚠ ? still counting`
    /// past the budget (`⚠ ? orphans` once stopped); nil when there are none, or not counted yet.
    func text(for association: Association) -> String? {
        switch marks[Self.key(of: association)] {
        case .counted(let count)? where count > 0: return "⚠ \(count) orphan\(count == 1 ? "" : "s")"
        case .stillCounting?: return "⚠ ? still counting"
        case .unknown?: return "⚠ ? orphans"
        default: return nil
        }
    }
}
