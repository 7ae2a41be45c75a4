import AssocCore

/// The schema map overlay (`m`): the association tree around one table, then the links suggested
/// from the values that touch it (`+` accepts one for the session), with one cursor over both.
struct SchemaMapState: Sendable, Equatable {
    /// The table at the root of the tree.
    var table: String
    /// The tree's lines; empty while loading.
    var lines: [SchemaTree.Line] = []
    /// Suggested links of `table` the graph does not have, listed under the tree.
    var suggestions: [LinkSuggestion] = []
    var cursor = ListCursor()

    init(table: String, lines: [SchemaTree.Line] = [], suggestions: [LinkSuggestion] = []) {
        self.table = table
        self.lines = lines
        self.suggestions = lines.isEmpty ? [] : suggestions
        self.cursor = ListCursor(count: self.lines.count + self.suggestions.count)
    }

    var selectedLine: SchemaTree.Line? {
        guard cursor.hasSelection, cursor.index < lines.count else { return nil }
        return lines[cursor.index]
    }

    /// The suggestion under the cursor, when it is on one.
    var selectedSuggestion: LinkSuggestion? {
        let index = cursor.index - lines.count
        guard cursor.hasSelection, index >= 0, index < suggestions.count else { return nil }
        return suggestions[index]
    }

    /// The map with `suggestions` listed under its tree, the cursor kept where it was.
    func listing(_ suggestions: [LinkSuggestion]) -> SchemaMapState {
        guard !lines.isEmpty else { return self }
        var map = self
        map.suggestions = suggestions
        map.cursor = cursor.resized(to: lines.count + suggestions.count)
        return map
    }
}
