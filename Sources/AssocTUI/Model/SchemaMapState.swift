import AssocCore

/// The schema map overlay (`m`): the association tree around one table, with a cursor.
struct SchemaMapState: Sendable, Equatable {
    /// The table at the root of the tree.
    var table: String
    /// The tree's lines; empty while loading.
    var lines: [SchemaTree.Line] = []
    var cursor = ListCursor()

    init(table: String, lines: [SchemaTree.Line] = []) {
        self.table = table
        self.lines = lines
        self.cursor = ListCursor(count: lines.count)
    }

    var selectedLine: SchemaTree.Line? {
        guard cursor.hasSelection, cursor.index < lines.count else { return nil }
        return lines[cursor.index]
    }
}
