/// Runs a generated query and splits each row into scopes following its layout.
enum RowReader {
    static func fetch(_ query: GeneratedQuery, from db: Database) throws -> [Row] {
        let (columns, rows) = try db.run(query.statement)
        let expected = totalWidth(query.layout)
        guard expected == columns.count else {
            throw AssocError(
                .invalidRequest,
                "the statement returned \(columns.count) columns where the request expects \(expected): the schema changed, or a view's columns could not be read")
        }
        return rows.map { values in
            var cursor = 0
            return split(values, names: columns, layout: query.layout, cursor: &cursor)
        }
    }

    static func totalWidth(_ layout: RowLayout) -> Int {
        layout.width + layout.children.reduce(0) { $0 + totalWidth($1) }
    }

    static func split(_ values: [DatabaseValue], names: [String], layout: RowLayout, cursor: inout Int) -> Row {
        let end = min(cursor + layout.width, values.count)
        let start = min(cursor, end)
        let own = Array(values[start..<end])
        let ownNames = Array(names[start..<end])
        cursor = end
        var scopes: [(key: String, row: Row)] = []
        for child in layout.children {
            scopes.append((child.key, split(values, names: names, layout: child, cursor: &cursor)))
        }
        return Row(columnNames: ownNames, values: own, scopes: scopes)
    }
}
