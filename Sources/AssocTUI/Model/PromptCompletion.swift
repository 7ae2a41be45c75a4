import AssocCore

/// What `Tab` listed in a prompt: the candidates, which one is in the text (none while only
/// their common prefix is), and the Characters of the text it occupies (replaced by the next).
struct PromptCompletion: Sendable, Equatable {
    var candidates: [String]
    /// The Characters of the prompt's text that the next candidate replaces.
    var range: Range<Int>
    /// The candidate in the text, nil before the first `Tab` that cycles.
    var selected: Int?

    /// The candidates `Tab` offers at the cursor of `prompt`, from the language (AssocCore) and
    /// the open database: the request line completes a whole request, the filter and find
    /// prompts an expression on the view's table. Nil for prompts without completion.
    static func completion(for prompt: PromptState, graph: AssociationGraph, rows: RowsState?) -> RequestCompletion? {
        switch prompt.kind {
        case .request:
            return RequestCompletion.request(prompt.text, cursor: prompt.cursorIndex, graph: graph)
        case .filter, .find:
            guard let rows else { return nil }
            return RequestCompletion.expression(
                prompt.text, cursor: prompt.cursorIndex, graph: graph, table: rows.view.table,
                qualifiers: qualifiers(of: rows.scopeTree))
        case .jump, .jumpList, .tables:
            return nil
        }
    }

    /// The names a filter may qualify a column with, each with its table: the included scopes
    /// as the grid names them (`album`, `album_artist`, see `FilterQualifiers`) and the aliases.
    static func qualifiers(of tree: RequestScope?) -> [String: String] {
        guard let tree else { return [:] }
        var names: [String: String] = [:]
        if let alias = tree.alias { names[alias] = tree.table }
        func walk(_ scope: RequestScope, _ keys: [String]) {
            for child in scope.scopes {
                let path = keys + [child.key]
                names[path.joined(separator: "_")] = child.table
                if let alias = child.alias { names[alias] = child.table }
                walk(child, path)
            }
        }
        walk(tree, [])
        return names
    }

    /// The candidate as listed (without the space a label ends with).
    static func label(_ candidate: String) -> String {
        var text = candidate
        while text.last == " " { text.removeLast() }
        return text
    }
}
