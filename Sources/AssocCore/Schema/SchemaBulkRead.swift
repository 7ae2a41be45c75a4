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
        var result = SchemaBulkRead()
        // Columns and foreign keys from each statement's text (a table lookup saved per table
        // and list); SQLite is asked about a table only when its statement is not read with certainty.
        var unreadColumns: [String] = []
        var unreadKeys: [String] = []
        // A name that is not UTF-8 cannot be bound as text: then every table is listed.
        var everyName = false
        for entry in entries where entry.kind == .table || entry.kind == .shadow {
            if entry.invalidNameBytes != nil { everyName = true }
            guard let sql = entry.sql, !sql.unicodeScalars.contains("\u{FFFD}") else {
                unreadColumns.append(entry.name)
                if entry.mayHaveForeignKeys { unreadKeys.append(entry.name) }
                continue
            }
            let bytes = Array(sql.utf8)
            let spans = ForeignKeyText.Token.scanSpans(bytes)
            let tokens = spans.map(\.token)
            if let rows = ColumnText.rows(bytes: bytes, spans: spans, tokens: tokens, withoutRowid: entry.isWithoutRowid) {
                result.columns[entry.name] = rows
            } else {
                unreadColumns.append(entry.name)
            }
            guard entry.mayHaveForeignKeys else { continue }
            if let rows = ForeignKeyText.rows(tokens: tokens) {
                if !rows.isEmpty { result.foreignKeys[entry.name] = rows }
            } else {
                unreadKeys.append(entry.name)
            }
        }
        let (columnsToAsk, keysToAsk) = (Set(unreadColumns), Set(unreadKeys))
        do {
            if !unreadColumns.isEmpty {
                for row in try connection.fetchAll(
                    """
                    SELECT s.name, x.name, x.type, x."notnull", x.dflt_value, x.pk, x.hidden, CAST(x.name AS BLOB)
                    FROM sqlite_schema AS s JOIN pragma_table_xinfo(s.name) AS x
                    WHERE \(ordinaryTables) AND (? OR s.name IN (SELECT value FROM json_each(?)))
                    ORDER BY s.rowid, x.cid
                    """, arguments: [.integer(everyName ? 1 : 0), jsonArray(unreadColumns)])
                {
                    guard case .text(let table) = row.first, columnsToAsk.contains(table) else { continue }
                    result.columns[table, default: []].append(Array(row.dropFirst()))
                }
            }
            if !unreadKeys.isEmpty {
                for row in try connection.fetchAll(
                    """
                    SELECT s.name, f.id, f.seq, f."table", f."from", f."to"
                    FROM sqlite_schema AS s JOIN pragma_foreign_key_list(s.name) AS f
                    WHERE \(ordinaryTables) AND (? OR s.name IN (SELECT value FROM json_each(?)))
                    ORDER BY s.rowid, f.id, f.seq
                    """, arguments: [.integer(everyName ? 1 : 0), jsonArray(unreadKeys)])
                {
                    guard case .text(let table) = row.first, keysToAsk.contains(table) else { continue }
                    result.foreignKeys[table, default: []].append(Array(row.dropFirst()))
                }
            }
        } catch {
            return nil
        }
        return result
    }

    private static let ordinaryTables =
        "s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND (s.sql IS NULL OR s.sql NOT LIKE 'CREATE VIRTUAL%')"

    /// `["a","b"]`: names for `json_each`, bound as one value.
    private static func jsonArray(_ names: [String]) -> DatabaseValue {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (offset, name) in names.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(name, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
