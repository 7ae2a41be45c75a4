/// The table an SQL export inserts into, which of the rows' columns are its own, and what
/// `CREATE TABLE` declares for them.
package struct SQLInsertTarget: Sendable, Hashable {
    /// The root table of the request, as the schema spells it.
    package var table: String
    /// The table's columns (compared case-insensitively); a row's other columns (annotations,
    /// selected expressions, included associations) are left out. Nil: every root column.
    package var columns: Set<String>?

    /// A column as `CREATE TABLE` declares it: its name, and its type with NOT NULL (empty: none).
    package struct ColumnDefinition: Sendable, Hashable {
        package var name: String
        package var type: String
    }

    /// The table's columns in order, for `CREATE TABLE`.
    package var definitions: [ColumnDefinition] = []
    /// The table's primary key columns, declared when the export holds them all.
    package var primaryKey: [String] = []
    /// The name the rows give the table's rowid (`rowid`) when no column is its alias: inserted
    /// as the rowid itself, never created as a column.
    package var rowidName: String?

    package init(table: String, columns: [String]? = nil) {
        self.table = table
        self.columns = columns.map { Set($0.map { $0.lowercased() }) }
    }

    /// What comes before the first `INSERT`, so that `sqlite3 new.db < export.sql` loads the rows
    /// into an empty database: a transaction, and `CREATE TABLE IF NOT EXISTS` with the exported
    /// columns `names` (their declared types kept; the rowid left to be the rowid), the primary
    /// key when every one of its columns is exported. `COMMIT` ends the document (`epilogue`).
    package func preamble(inserting names: [String]) -> String {
        let rowid = rowidName?.lowercased()
        let types = Dictionary(definitions.map { ($0.name.lowercased(), $0.type) }, uniquingKeysWith: { first, _ in first })
        let created = names.filter { $0.lowercased() != rowid }
        var parts = created.map { name in
            let type = types[name.lowercased()] ?? ""
            return quoteIdentifier(name) + (type.isEmpty ? "" : " " + type)
        }
        let exported = Set(created.map { $0.lowercased() })
        if !primaryKey.isEmpty, primaryKey.allSatisfy({ exported.contains($0.lowercased()) }) {
            parts.append("PRIMARY KEY (" + primaryKey.map(quoteIdentifier).joined(separator: ", ") + ")")
        }
        // A table of no column cannot be created: only the rowid is exported.
        if parts.isEmpty { parts = [quoteIdentifier("rowid_")] }
        return "BEGIN TRANSACTION;\nCREATE TABLE IF NOT EXISTS \(quoteIdentifier(table)) (\(parts.joined(separator: ", ")));\n"
    }

    /// The end of the document after `count` rows: the table created even without rows, then `COMMIT`.
    package func epilogue(count: Int) -> String {
        (count == 0 ? preamble(inserting: definitions.map(\.name)) : "") + "COMMIT;\n"
    }
}

/// Rows as SQL: `BEGIN TRANSACTION`, `CREATE TABLE IF NOT EXISTS` (`SQLInsertTarget.preamble`),
/// then one `INSERT INTO "table" ("a", "b") VALUES (1, 'x');` line per row, then `COMMIT`, for the root
/// table's own columns. Identifiers are quoted, values are SQL literals that give back the same
/// value and storage class: NULL, integers, reals in their shortest round-trip form (`1.0`,
/// `1e+100`; infinities `9e999`/`-9e999`), text quoted with `'` doubled (`CAST(X'…' AS TEXT)` when
/// it holds a NUL, which a literal cannot, or a CR, which the sqlite3 shell drops when it reads the file), BLOBs `X'0A1B'`.
package enum RowSQLInsert {
    /// The statement for `row`; throws when none of its columns is one of the table's.
    package static func line(for row: Row, into target: SQLInsertTarget) throws -> String {
        var names: [String] = []
        var values: [String] = []
        for (name, value) in zip(row.columnNames, row.values) where target.columns?.contains(name.lowercased()) ?? true {
            names.append(quoteIdentifier(name))
            values.append(literal(value))
        }
        guard !names.isEmpty else {
            throw AssocError.invalidRequest(
                table: target.table,
                reason: "the SQL export has no column of \(quoteForMessage(target.table)) to insert: include one of its columns in the view")
        }
        return "INSERT INTO \(quoteIdentifier(target.table)) (\(names.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")));\n"
    }

    /// `value` as an SQL literal of the same storage class.
    package static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let v):
            if v.isNaN { return "NULL" }  // SQLite stores NaN as NULL
            if v.isInfinite { return v < 0 ? "-9e999" : "9e999" }
            let text = "\(v)"
            // Swift's shortest form reads back as a REAL ("1.0", "1e-05"); keep the decimal point.
            return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
        case .text(let s):
            // A NUL cannot stand in a literal, and the sqlite3 shell drops a CR it reads.
            if s.utf8.contains(where: { $0 == 0 || $0 == 0x0D }) { return "CAST(" + hex(Array(s.utf8)) + " AS TEXT)" }
            var quoted = String.UnicodeScalarView()
            quoted.append("'")
            for scalar in s.unicodeScalars {
                quoted.append(scalar)
                if scalar == "'" { quoted.append(scalar) }
            }
            quoted.append("'")
            return String(quoted)
        case .blob(let bytes): return hex(bytes)
        }
    }

    /// `X'0A1B'`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "X"), UInt8(ascii: "'")]
        out.reserveCapacity(bytes.count * 2 + 3)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        out.append(UInt8(ascii: "'"))
        return String(decoding: out, as: UTF8.self)
    }
}
