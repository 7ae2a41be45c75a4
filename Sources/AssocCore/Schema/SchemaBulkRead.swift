/// The columns and foreign keys of every ordinary table in two statements, instead of two PRAGMA
/// statements a table: each statement SQLite prepares looks its names up in a schema whose size
/// it pays for, and a schema of 30,000 tables made 60,000 statements cost seconds. Rows are laid
/// out as `SchemaIntrospector`'s per-table queries give them, so one decoder reads both.
struct SchemaBulkRead {
    /// `pragma_table_xinfo` rows (name, type, notnull, dflt_value, pk, hidden, name as a BLOB)
    /// by table name, in column order.
    var columns: [String: [[DatabaseValue]]] = [:]
    /// `pragma_foreign_key_list` rows (id, seq, table, from, to) by table name, by id and seq.
    var foreignKeys: [String: [[DatabaseValue]]] = [:]

    /// Ordinary tables only (virtual ones may lack their module, views are read under a budget):
    /// one of those failing would fail the whole statement. Nil when a statement fails anyway
    /// (the per-table reads then say which table).
    static func read(_ connection: Connection, entries: [SchemaIntrospector.Entry]) -> SchemaBulkRead? {
        let ordinaryTables = "s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND (s.sql IS NULL OR s.sql NOT LIKE 'CREATE VIRTUAL%')"
        var result = SchemaBulkRead()
        do {
            for row in try connection.fetchAll(
                """
                SELECT s.name, x.name, x.type, x."notnull", x.dflt_value, x.pk, x.hidden, CAST(x.name AS BLOB)
                FROM sqlite_schema AS s JOIN pragma_table_xinfo(s.name) AS x
                WHERE \(ordinaryTables) ORDER BY s.rowid, x.cid
                """)
            {
                guard case .text(let table) = row.first else { continue }
                result.columns[table, default: []].append(Array(row.dropFirst()))
            }
            // Foreign keys from each statement's text (a table lookup saved per table); SQLite
            // is asked only when one statement is not read with certainty.
            var unread: Set<String> = []
            for entry in entries where (entry.kind == .table || entry.kind == .shadow) && entry.mayHaveForeignKeys {
                if let rows = entry.sql.flatMap(ForeignKeyText.rows) {
                    if !rows.isEmpty { result.foreignKeys[entry.name] = rows }
                } else {
                    unread.insert(entry.name)
                }
            }
            guard !unread.isEmpty else { return result }
            var names: [UInt8] = [UInt8(ascii: "[")]
            for (offset, name) in unread.sorted().enumerated() {
                if offset > 0 { names.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(name, to: &names)
            }
            names.append(UInt8(ascii: "]"))
            for row in try connection.fetchAll(
                """
                SELECT s.name, f.id, f.seq, f."table", f."from", f."to"
                FROM sqlite_schema AS s JOIN pragma_foreign_key_list(s.name) AS f
                WHERE \(ordinaryTables) AND s.name IN (SELECT value FROM json_each(?))
                ORDER BY s.rowid, f.id, f.seq
                """, arguments: [.text(String(decoding: names, as: UTF8.self))])
            {
                guard case .text(let table) = row.first else { continue }
                result.foreignKeys[table, default: []].append(Array(row.dropFirst()))
            }
        } catch {
            return nil
        }
        return result
    }
}
