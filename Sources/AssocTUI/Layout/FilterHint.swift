import AssocCore

/// The examples under the `/` prompt, made of the open view's own names (a numeric column, a text
/// column, a to-many link): the demo database's `year` and `books` mean nothing elsewhere.
enum FilterHint {
    static let keys = "Enter applies · Esc cancels · Tab completes"

    static func text(_ state: AppState) -> String {
        guard let rows = state.rows else { return "filter: a condition on the view's columns · " + keys }
        let table = rows.view.table
        // Numeric: declared so, or holding a number in the loaded rows.
        var numeric = Set(state.graph.schema.table(named: table)?.numericValueColumns ?? [])
        for (index, column) in rows.columns.enumerated() where column.isRoot {
            let value = rows.rows.lazy.compactMap { index < $0.count && !$0[index].isNull ? $0[index] : nil }.first
            switch value {
            case .integer?, .real?: numeric.insert(column.name)
            default: break
            }
        }
        let roots = rows.columns.filter(\.isRoot).map(\.name).filter(isPlainName)
        var examples: [String] = []
        if let number = roots.first(where: { numeric.contains($0) && !rows.keyColumns.contains($0) })
            ?? roots.first(where: numeric.contains)
        {
            examples.append("\(number) > 10")
        }
        if let text = roots.first(where: { !numeric.contains($0) && !rows.keyColumns.contains($0) }) {
            examples.append("\(text) LIKE 'A%'")
        }
        let links = state.linksPane.links.filter { $0.isRootLink }.map(\.association)
        if let toMany = links.first(where: { $0.isToMany && isPlainName($0.name) }) {
            examples.append("\(toMany.name).count >= 2")
        }
        if examples.isEmpty { examples.append("a condition on the view's columns") }
        return "filter: " + examples.joined(separator: ", ") + " · " + keys
    }

    /// A name the language reads without quotes (others are left out of the examples).
    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }
}
