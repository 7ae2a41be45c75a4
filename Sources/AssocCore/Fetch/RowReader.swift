/// Runs a generated query and splits each row into scopes following its layout.
enum RowReader {
    /// Rows with their hidden trailing values (prefetch keys), in fetch order.
    static func fetch(_ query: GeneratedQuery, from db: Database) throws -> [(row: Row, hidden: [DatabaseValue])] {
        let (columns, rows) = try db.run(query.statement)
        let expected = totalWidth(query.layout) + query.hiddenColumnCount
        guard expected == columns.count else {
            throw AssocError(
                .invalidRequest,
                "the statement returned \(columns.count) columns where the request expects \(expected): the schema changed, or a view's columns could not be read")
        }
        let visibleCount = columns.count - query.hiddenColumnCount
        return rows.map { values in
            var cursor = 0
            let row = split(values, names: columns, layout: query.layout, cursor: &cursor)
            return (row, Array(values[visibleCount...]))
        }
    }

    static func totalWidth(_ layout: RowLayout) -> Int {
        layout.width + layout.children.reduce(0) { $0 + totalWidth($1) }
    }

    static func split(_ values: [DatabaseValue], names: [String], layout: RowLayout, cursor: inout Int) -> Row {
        let end = min(cursor + layout.width, values.count)
        let start = min(cursor, end)
        let own = Array(values[start..<end])
        let ownNames = names[start..<end].enumerated().map { offset, name in
            offset < layout.columnNames.count ? layout.columnNames[offset] ?? name : name
        }
        cursor = end
        var scopes: [(key: String, row: Row)] = []
        for child in layout.children {
            scopes.append((child.key, split(values, names: names, layout: child, cursor: &cursor)))
        }
        return Row(columnNames: ownNames, values: own, scopes: scopes)
    }
}

extension Row {
    /// Adds prefetched rows under `key` to the scope at `path` (the row itself when empty).
    mutating func attachPrefetched(_ key: String, _ rows: [Row], at path: ArraySlice<String>) {
        guard let first = path.first else {
            prefetched.append((key, rows))
            return
        }
        guard let index = scopes.firstIndex(where: { $0.key == first }) else {
            prefetched.append((key, rows))
            return
        }
        scopes[index].row.attachPrefetched(key, rows, at: path.dropFirst())
    }

    /// The scope at `path`, if present.
    func scopeRow(at path: ArraySlice<String>) -> Row? {
        guard let first = path.first else { return self }
        return scopes.first { $0.key == first }?.row.scopeRow(at: path.dropFirst())
    }
}
