import AssocCore

/// The background work's place in the deferred queue, and work without a time limit giving way
/// (the counts stopped when their view closes or their link leaves the Links pane: `App.swift`,
/// which owns the queue).
extension BrowserApp {
    /// How urgent a deferred effect is (lower first): the schema, then the cardinality profile
    /// the user asked for and the position of the row a find or jump reached, then view counts,
    /// the selected row's link counts, orphan counts, suggestions, table counts, and last the
    /// orphan counts that ran past the budget, counted to the end.
    static func rank(_ effect: Effect) -> Int {
        switch effect {
        case .readSchema: return -1
        case .locateRow, .loadCardinality: return 0
        case .countView, .summarizeColumn: return 1
        case .countLinks: return 2
        case .countOrphans: return 3
        case .suggestLinks: return 4
        case .finishOrphanCount: return 6
        default: return 3
        }
    }

    /// A count to the end running gives way to more urgent work; a cardinality profile, to no
    /// other background work.
    func preemptUnlimitedWork(for effect: Effect) {
        guard let job, job.isBackground, !job.isDone else { return }
        switch (job.effect, effect) {
        case (.loadCardinality, _):
            return
        case (_, .loadCardinality):
            preemptJob()
        case (.finishOrphanCount, _) where Self.rank(effect) < Self.rank(job.effect):
            preemptJob()
        default:
            return
        }
    }
}
