extension Database {
    /// The columns of `request`'s rows, in row order, named as the rows name them (`Title`,
    /// `artist.Name`), the main statement that reads them (its order dropped when it has no
    /// limit: it changes nothing a whole-rows reader sees), and how many columns that statement
    /// returns (the request's, then any the engine adds). Prefetched associations are other
    /// statements: they have no column here. The statement is prepared, never stepped.
    package func statementColumns(of request: Request) throws -> (columns: [String], statement: GeneratedStatement, width: Int) {
        var unordered = request
        // Without a limit the order changes nothing, and costs a sort.
        if request.limit == nil && request.offset == nil { unordered.relation.ordering = nil }
        let planned = try plan(unordered).main
        let statement = planned.step.statement
        let names = try perform { access in try access.connection.prepare(statement.sql).columnNames }
        var layout = planned.layout
        let table = planned.tree.table
        if table.isView, table.columns.isEmpty, layout.children.isEmpty, planned.hiddenColumns.isEmpty, layout.width == 0 {
            // A view whose columns could not be read: its rows have the columns SQLite returns.
            layout.names = Array(repeating: nil, count: names.count)
        }
        var cursor = 0
        let reader = ScopeReader(layout: layout, names: names, cursor: &cursor)
        var columns: [String] = []
        func add(_ scope: ScopeReader, path: [String]) {
            columns += scope.names.map { (path + [$0]).joined(separator: ".") }
            for child in scope.children { add(child, path: path + [child.key]) }
        }
        add(reader, path: [])
        return (columns, statement, names.count)
    }
}
