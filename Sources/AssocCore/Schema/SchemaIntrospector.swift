/// Reads a database's structure into a `Schema` value with SQLite's table-valued PRAGMA
/// functions, binding every table name as a parameter (no identifier is ever pasted into SQL).
package enum SchemaIntrospector {
    /// Reads tables, views, columns, keys, foreign keys and unique indexes of `connection`'s
    /// main database. Tables whose structure SQLite cannot read (a view over a missing table,
    /// a virtual table whose module is not loaded) are kept with no columns and a diagnostic.
    /// `readingInBulk: false` reads each table with its own PRAGMAs (what the bulk read must equal).
    package static func read(_ connection: Connection, readingInBulk: Bool = true) throws -> Schema {
        // One read transaction for every PRAGMA: a consistent snapshot of the schema (another
        // connection cannot change it halfway), and one lock instead of one per statement.
        let ownsTransaction = connection.isAutocommit
        if ownsTransaction { try connection.execute("BEGIN DEFERRED") }
        defer { if ownsTransaction { try? connection.execute("COMMIT") } }
        var diagnostics: [String] = []
        let entries = try listTables(connection)
        var tables: [TableInfo] = []
        tables.reserveCapacity(entries.count)
        var viewBudget = ViewBudget()
        let bulk = readingInBulk ? SchemaBulkRead.read(connection, entries: entries) : nil
        for entry in entries {
            if let bytes = entry.invalidNameBytes {
                diagnostics.append(InvalidNames.tableDiagnostic(entry.kind, entry.name, bytes: bytes))
                tables.append(TableInfo(name: entry.name, kind: entry.kind, columns: [], primaryKey: .none))
                continue
            }
            do {
                if entry.kind == .view {
                    // SQLite prepares a view to know its columns: bounded, over all views, in time
                    // (nested views and CTEs can make that explode). In memory only by the
                    // application's process-wide limit (`Connection.limitMemory`, which `assoc`
                    // sets): the library never sets SQLite's heap limit.
                    guard viewBudget.hasTimeLeft else {
                        viewBudget.skipped.append(entry.name)
                        tables.append(TableInfo(name: entry.name, kind: entry.kind, columns: [], primaryKey: .none))
                        continue
                    }
                    tables.append(
                        try viewBudget.measure {
                            try ViewBudget.boundedInMemory {
                                try readTable(connection, entry: entry, diagnostics: &diagnostics)
                            }
                        })
                } else {
                    tables.append(try readTable(connection, entry: entry, bulk: bulk, diagnostics: &diagnostics))
                }
            } catch AssocError.sqlite(let error) {
                diagnostics.append("\(entry.kind.rawValue) \(quoteForMessage(entry.name)): cannot read its columns: \(error.message)")
                tables.append(TableInfo(name: entry.name, kind: entry.kind, columns: [], primaryKey: .none))
            }
        }
        if !viewBudget.skipped.isEmpty {
            let names =
                viewBudget.skipped.prefix(5).map(quoteForMessage).joined(separator: ", ")
                + (viewBudget.skipped.count > 5 ? "…" : "")
            diagnostics.append(
                "\(viewBudget.skipped.count) views not read (reading views took over \(ViewBudget.milliseconds) ms): \(names); their rows can still be fetched, with the columns SQLite gives them"
            )
        }
        // Complete foreign keys that omit their parent columns with the parent's primary key.
        let partial = Schema(tables: tables)
        for index in tables.indices {
            for fkIndex in tables[index].foreignKeys.indices where tables[index].foreignKeys[fkIndex].destinationColumnsWereOmitted {
                let fk = tables[index].foreignKeys[fkIndex]
                if let parent = partial.table(named: fk.destinationTable) {
                    tables[index].foreignKeys[fkIndex].destinationColumns = parent.primaryKey.columns
                }
            }
        }
        return Schema(tables: tables, diagnostics: diagnostics)
    }

    /// The names and kinds of the tables and views, in schema order, from `sqlite_schema` alone
    /// (one query, no PRAGMA): what a first screen needs of a schema of thousands of tables.
    package static func tableNames(_ connection: Connection) throws -> [(name: String, kind: TableInfo.Kind)] {
        try listTables(connection).map { ($0.name, $0.kind) }
    }

    /// The time all views may take to be read.
    struct ViewBudget {
        static let milliseconds = 500

        /// The memory SQLite may take to describe one view when the application bounds its memory
        /// (`Connection.limitMemory`): a view of 23 doubling CTEs took the whole 256 MB and a
        /// second; bounded, it fails in milliseconds and is listed with why. Without a bound, as is.
        static let memoryBytes: Int64 = 16 * 1_048_576

        static func boundedInMemory<T>(_ body: () throws -> T) throws -> T {
            guard Connection.memoryLimit > 0 else { return try body() }
            return try Connection.withMemoryLimit(bytes: memoryBytes, body)
        }
        private let clock = ContinuousClock()
        private var spent = Duration.zero
        var skipped: [String] = []

        var hasTimeLeft: Bool { spent < .milliseconds(Self.milliseconds) }

        mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
            let started = clock.now
            defer { spent += clock.now - started }
            return try body()
        }
    }

    struct Entry {
        var name: String
        var kind: TableInfo.Kind
        var isWithoutRowid: Bool
        var isStrict: Bool
        /// The stored name's bytes when they are not valid UTF-8 (see `InvalidNames`).
        var invalidNameBytes: [UInt8]? = nil
        /// False when the table's SQL has no `REFERENCES`: it declares no foreign key, and
        /// asking SQLite costs a table lookup (slow in a schema of thousands of tables).
        var mayHaveForeignKeys = true
        /// False when `sqlite_schema` lists no index on the table (automatic ones included).
        var mayHaveIndexes = true
        /// The `CREATE` statement of an ordinary table (nil for views and virtual tables).
        var sql: String? = nil
    }

    /// Tables and views in declaration order, read from `sqlite_schema` alone: `PRAGMA
    /// table_list` works out every view's columns, even when asked about one table, and one view
    /// of nested CTEs made that take half a minute and gigabytes.
    static func listTables(_ connection: Connection) throws -> [Entry] {
        let rows = try connection.fetchAll(
            "SELECT name, type, sql, CAST(name AS BLOB) FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid")
        // Indexes, automatic ones (UNIQUE, PRIMARY KEY) included, are listed with their table.
        var indexedTables: Set<String> = []
        for row in try connection.fetchAll("SELECT tbl_name FROM sqlite_schema WHERE type = 'index'") {
            if case .text(let table) = row[0] { indexedTables.insert(table.lowercased()) } else { indexedTables.insert("") }
        }
        let everyTableMayHaveIndexes = indexedTables.contains("")
        var result: [Entry] = []
        var virtualNames: [String] = []
        for row in rows {
            guard case .text(let name) = row[0], case .text(let type) = row[1], !isInternal(name) else { continue }
            let sql: String = { if case .text(let sql) = row[2] { return sql } else { return "" } }()
            let invalidBytes = InvalidNames.invalidBytes(row[3])
            if type == "view" {
                result.append(Entry(name: name, kind: .view, isWithoutRowid: false, isStrict: false, invalidNameBytes: invalidBytes))
                continue
            }
            if SchemaSQLText.isVirtualTable(sql) {
                virtualNames.append(name.lowercased())
                result.append(Entry(name: name, kind: .virtual, isWithoutRowid: false, isStrict: false, invalidNameBytes: invalidBytes))
                continue
            }
            let options = tableOptions(sql)
            var entry = Entry(
                name: name, kind: .table, isWithoutRowid: options.withoutRowid, isStrict: options.strict, invalidNameBytes: invalidBytes)
            // A keyword is one token: a foreign key's SQL always holds REFERENCES, in some letter case.
            entry.mayHaveForeignKeys = sql.isEmpty || SchemaSQLText.contains("references", in: sql)
            entry.mayHaveIndexes = everyTableMayHaveIndexes || indexedTables.contains(name.lowercased())
            if case .text = row[2] { entry.sql = sql }
            result.append(entry)
        }
        // The shadow tables of a virtual table are named after it (`docs_content` of `docs`).
        for index in result.indices where result[index].kind == .table {
            let lower = result[index].name.lowercased()
            if virtualNames.contains(where: { lower.hasPrefix($0 + "_") }) { result[index].kind = .shadow }
        }
        return result
    }

    /// The table options after the column list of `CREATE TABLE …(…) WITHOUT ROWID, STRICT`.
    static func tableOptions(_ sql: String) -> (withoutRowid: Bool, strict: Bool) {
        guard let close = sql.lastIndex(of: ")") else { return (false, false) }
        // Nothing but ASCII punctuation and spaces after the columns (most tables): no option.
        let tail = sql[sql.index(after: close)...]
        if tail.utf8.allSatisfy({ $0 < 0x80 && ($0 | 0x20 < UInt8(ascii: "a") || $0 | 0x20 > UInt8(ascii: "z")) }) { return (false, false) }
        let words = tail.uppercased().split(whereSeparator: { !$0.isLetter && $0 != "_" })
        let withoutRowid = zip(words, words.dropFirst()).contains { $0 == "WITHOUT" && $1 == "ROWID" }
        return (withoutRowid, words.contains("STRICT"))
    }

    /// `sqlite_*` tables belong to SQLite itself (sqlite_sequence, sqlite_stat1…).
    static func isInternal(_ name: String) -> Bool {
        name.lowercased().hasPrefix("sqlite_")
    }

    /// One table's structure: from `bulk` when it holds the table, else from its own PRAGMAs.
    static func readTable(_ connection: Connection, entry: Entry, bulk: SchemaBulkRead? = nil, diagnostics: inout [String]) throws -> TableInfo {
        let name = DatabaseValue.text(entry.name)
        var columns: [ColumnInfo] = []
        let bulkColumns = entry.kind == .view ? nil : bulk?.columns[entry.name]
        for row in try bulkColumns
            ?? connection.fetchAll(
                "SELECT name, type, \"notnull\", dflt_value, pk, hidden, CAST(name AS BLOB) FROM pragma_table_xinfo(?)", arguments: [name])
        {
            guard case .text(let columnName) = row[0] else { continue }
            let invalidBytes = InvalidNames.invalidBytes(row[6])
            if let bytes = invalidBytes {
                diagnostics.append(InvalidNames.columnDiagnostic(table: entry.name, columnName, bytes: bytes))
            }
            let hidden = integer(row[5])
            if hidden == 1 { continue }  // hidden columns of virtual tables
            var defaultValue: String?
            if case .text(let text) = row[3] { defaultValue = text }
            columns.append(
                ColumnInfo(
                    name: columnName,
                    declaredType: text(row[1]),
                    notNull: integer(row[2]) != 0,
                    defaultValue: defaultValue,
                    primaryKeyIndex: Int(integer(row[4])),
                    isGenerated: hidden == 2 || hidden == 3))
            columns[columns.count - 1].isNameValidUTF8 = invalidBytes == nil
        }
        let primaryKey = self.primaryKey(kind: entry.kind, columns: columns, withoutRowid: entry.isWithoutRowid)
        // A rowid alias and the key columns of a WITHOUT ROWID table can never hold NULL, declared or not.
        if primaryKey.kind == .rowidAlias || primaryKey.kind == .withoutRowid {
            for index in columns.indices where columns[index].primaryKeyIndex > 0 {
                columns[index].notNull = true
            }
        }
        var foreignKeys: [ForeignKeyInfo] = []
        var uniqueIndexes: [[String]] = []
        if entry.kind == .table || entry.kind == .shadow {
            if let bulk, bulkColumns != nil {
                foreignKeys = foreignKeysFrom(bulk.foreignKeys[entry.name] ?? [])
            } else if entry.mayHaveForeignKeys {
                foreignKeys = try readForeignKeys(connection, table: name)
            }
            if entry.mayHaveIndexes { uniqueIndexes = try readUniqueIndexes(connection, table: name) }
        }
        return TableInfo(
            name: entry.name, kind: entry.kind, columns: columns, primaryKey: primaryKey,
            foreignKeys: foreignKeys, uniqueIndexes: uniqueIndexes,
            isWithoutRowid: entry.isWithoutRowid, isStrict: entry.isStrict)
    }

    static func primaryKey(kind: TableInfo.Kind, columns: [ColumnInfo], withoutRowid: Bool) -> PrimaryKeyInfo {
        if kind == .view { return .none }
        let keyColumns = columns.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }
        if withoutRowid { return PrimaryKeyInfo(kind: .withoutRowid, columns: keyColumns.map(\.name)) }
        if keyColumns.isEmpty {
            // A column named `rowid` shadows the rowid: SQL reaches it as `_rowid_` or `oid`.
            let names = Set(columns.map { $0.name.lowercased() })
            guard let name = TableInfo.rowidNames.first(where: { !names.contains($0) }) else { return .none }
            return PrimaryKeyInfo(kind: .hiddenRowid, columns: [name])
        }
        if keyColumns.count == 1, keyColumns[0].declaredType.uppercased() == "INTEGER" {
            return PrimaryKeyInfo(kind: .rowidAlias, columns: [keyColumns[0].name])
        }
        return PrimaryKeyInfo(kind: .regular, columns: keyColumns.map(\.name))
    }

    static func readForeignKeys(_ connection: Connection, table: DatabaseValue) throws -> [ForeignKeyInfo] {
        foreignKeysFrom(
            try connection.fetchAll(
                "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                arguments: [table]))
    }

    /// Foreign keys from `pragma_foreign_key_list` rows (id, seq, table, from, to), by id and seq.
    static func foreignKeysFrom(_ rows: [[DatabaseValue]]) -> [ForeignKeyInfo] {
        var keys: [ForeignKeyInfo] = []
        for row in rows {
            let id = Int(integer(row[0]))
            let destination = text(row[2])
            let from = text(row[3])
            let to: String? = { if case .text(let t) = row[4] { return t } else { return nil } }()
            if let last = keys.last, last.id == id {
                keys[keys.count - 1].originColumns.append(from)
                if let to { keys[keys.count - 1].destinationColumns.append(to) }
            } else {
                keys.append(
                    ForeignKeyInfo(
                        id: id, destinationTable: destination, originColumns: [from],
                        destinationColumns: to.map { [$0] } ?? [], destinationColumnsWereOmitted: to == nil))
            }
        }
        // SQLite lists foreign keys last-declared first; present them in declaration order.
        return keys.sorted { $0.id > $1.id }.enumerated().map { offset, key in
            var key = key
            key.id = offset
            return key
        }
    }

    /// Unique indexes in declaration order (SQLite lists the newest first).
    static func readUniqueIndexes(_ connection: Connection, table: DatabaseValue) throws -> [[String]] {
        let indexes = try connection.fetchAll(
            "SELECT name, origin FROM pragma_index_list(?) WHERE \"unique\" = 1 AND partial = 0 ORDER BY seq DESC",
            arguments: [table])
        var result: [[String]] = []
        for index in indexes {
            guard case .text(let indexName) = index[0], text(index[1]) != "pk" else { continue }
            let columns = try connection.fetchAll(
                "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [.text(indexName)])
            var names: [String] = []
            var onExpression = false
            for column in columns {
                if case .text(let name) = column[0] { names.append(name) } else { onExpression = true }
            }
            if !onExpression && !names.isEmpty && !result.contains(names) { result.append(names) }
        }
        return result
    }

    static func integer(_ value: DatabaseValue) -> Int64 {
        if case .integer(let v) = value { return v }
        return 0
    }

    static func text(_ value: DatabaseValue) -> String {
        if case .text(let s) = value { return s }
        return ""
    }
}

/// A name in double quotes, for messages (`"Order Details"`).
func quoteForMessage(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
}
