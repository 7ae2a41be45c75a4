import AssocCore

/// The jump list (`J`): the tables reachable from the current view's table, with their paths,
/// narrowed by what the user types. Enter opens the records of the chosen table associated with
/// the selected row; Ctrl-A with every row of the view.
struct JumpListState: Sendable, Equatable {
    /// The table the paths start from.
    var origin: String
    /// Every reachable table and path, nearest first.
    var targets: [JumpTarget]
    /// What was typed: narrows the list to tables (or link names) containing it.
    var query = PromptState(kind: .jumpList)
    /// The selected row's label (`#1 AC/DC`) when a row is selected, nil when only "every row" applies.
    var rowLabel: String?
    /// How many rows the view has, when known (for the Ctrl-A hint).
    var viewRowCount: Int?
    var cursor = ListCursor()

    init(origin: String, targets: [JumpTarget], rowLabel: String?, viewRowCount: Int?) {
        self.origin = origin
        self.targets = targets
        self.rowLabel = rowLabel
        self.viewRowCount = viewRowCount
        self.cursor = ListCursor(count: targets.count)
    }

    /// The targets the typed text leaves: those whose table's name it matches, ranked as every
    /// list filtered by typing is (`NameRanking`), then those one of whose path's link names
    /// contains it (ignoring case).
    var shown: [JumpTarget] {
        let needle = query.text.filter { !$0.isWhitespace }
        guard !needle.isEmpty else { return targets }
        let ranked = NameRanking.rank(targets.map(\.table), by: needle)
        let byTable = Set(ranked)
        let lowered = needle.lowercased()
        let byPath = targets.indices.filter { index in
            !byTable.contains(index) && targets[index].steps.contains { $0.name.lowercased().contains(lowered) }
        }
        return (ranked + byPath).map { targets[$0] }
    }

    var selected: JumpTarget? {
        let shown = shown
        guard cursor.hasSelection, cursor.index < shown.count else { return nil }
        return shown[cursor.index]
    }
}
