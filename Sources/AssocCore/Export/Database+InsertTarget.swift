extension Database {
    /// The target of an SQL export of `request`'s rows: its root table as the schema spells it, and
    /// that table's columns (the rows' annotations and included columns are left out). Throws
    /// when the table is not in the schema.
    package func insertTarget(for request: Request) throws -> SQLInsertTarget {
        guard let table = schema.table(named: request.table) else {
            throw AssocError.invalidRequest(
                table: request.table, reason: "no table \(quoteForMessage(request.table)) in the database to write INSERT statements for")
        }
        var target = SQLInsertTarget(table: table.name, columns: table.columns.map(\.name) + (table.rowidName.map { [$0] } ?? []))
        // What CREATE TABLE needs: declared types and NOT NULL, the primary key, the rowid's
        // name. A view's columns and a STRICT table's ANY are left untyped: a type would give
        // the plain table the script creates an affinity the rows never had (ANY means NUMERIC
        // there, and '12' would become 12); untyped, each value keeps its storage class.
        target.definitions = table.columns.map { column in
            let untyped = table.isView || (table.isStrict && column.declaredType.uppercased() == "ANY")
            let type = untyped ? "" : column.declaredType
            return SQLInsertTarget.ColumnDefinition(name: column.name, type: column.notNull ? (type + " NOT NULL").trimmingWhitespace() : type)
        }
        target.primaryKey = table.primaryKey.columns
        target.rowidName = table.rowidName
        return target
    }
}
