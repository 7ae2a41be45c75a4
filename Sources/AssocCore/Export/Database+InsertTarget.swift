extension Database {
    /// The target of an SQL export of `request`'s rows: its root table as the schema spells it, and
    /// that table's columns (the rows' annotations and included columns are left out). Throws
    /// when the table is not in the schema.
    package func insertTarget(for request: Request) throws -> SQLInsertTarget {
        guard let table = schema.table(named: request.table) else {
            throw AssocError.invalidRequest(
                table: request.table, reason: "no table \(quoteForMessage(request.table)) in the database to write INSERT statements for")
        }
        return SQLInsertTarget(table: table.name, columns: table.columns.map(\.name) + (table.rowidName.map { [$0] } ?? []))
    }
}
