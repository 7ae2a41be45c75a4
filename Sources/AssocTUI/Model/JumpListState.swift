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

    /// The targets the typed text leaves: the table's name contains it (ignoring case), or one of
    /// the path's link names does. Tables whose name matches come first.
    var shown: [JumpTarget] {
        let needle = query.text.filter { !$0.isWhitespace }.lowercased()
        guard !needle.isEmpty else { return targets }
        let byTable = targets.filter { $0.table.lowercased().contains(needle) }
        let byPath = targets.filter { target in
            !target.table.lowercased().contains(needle) && target.steps.contains { $0.name.lowercased().contains(needle) }
        }
        return byTable + byPath
    }

    var selected: JumpTarget? {
        let shown = shown
        guard cursor.hasSelection, cursor.index < shown.count else { return nil }
        return shown[cursor.index]
    }
}
