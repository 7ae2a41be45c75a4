/// Writes a subset into a new, empty database file: every table of the source with its
/// `CREATE` statement as the source has it, the subset's rows with their values as SQLite holds
/// them (same storage class, same bytes, rowids kept), then the indexes, views and triggers
/// (after the rows, so that no trigger fires), the AUTOINCREMENT counters, and the source's
/// page size, encoding, auto-vacuum mode, user version and application id.
///
/// The new file is written without a journal (`journal_mode=OFF`): it is a temporary file until
/// it is complete, removed on any failure (`AtomicFileWriter`), so there is nothing to recover.
struct SubsetFileWriter {
    /// The source's connection, inside the transaction of the walk.
    let source: Connection
    let schema: Schema
    /// The rows to copy, by lower-cased table name (`SubsetWalker.included`).
    let rows: [String: RowKeySet]

    /// One entry of the source's `sqlite_schema`.
    private struct SchemaEntry {
        var type: String
        var name: String
        var table: String
        var sql: String
    }

    /// Writes everything into `out` (a new empty database); returns the rows per table and the
    /// virtual tables left empty.
    func write(to out: Connection) throws -> (tables: [TableRowCount], emptyVirtualTables: [String]) {
        let entries = try schemaEntries()
        let pragma = { (name: String) throws -> DatabaseValue in try source.fetchAll("PRAGMA main.\(name)").first?.first ?? .null }
        try out.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE")
        if case .integer(let size) = try pragma("page_size") { try out.execute("PRAGMA page_size = \(size)") }
        if case .integer(let mode) = try pragma("auto_vacuum") { try out.execute("PRAGMA auto_vacuum = \(mode)") }
        if case .text(let encoding) = try pragma("encoding"), ["UTF-8", "UTF-16le", "UTF-16be"].contains(encoding) {
            try out.execute("PRAGMA encoding = '\(encoding)'")
        }
        try out.execute("BEGIN")
        let shadows = Set(schema.tables.filter { $0.kind == .shadow }.map { $0.name.lowercased() })
        let isOwn = { (entry: SchemaEntry) in
            !entry.name.lowercased().hasPrefix("sqlite_") && !shadows.contains(entry.table.lowercased())
        }
        for entry in entries where entry.type == "table" && isOwn(entry) {
            try create(entry, in: out)
        }
        var counts: [TableRowCount] = []
        var emptyVirtualTables: [String] = []
        for table in schema.tables where table.kind == .table || table.kind == .virtual {
            if table.kind == .virtual {
                emptyVirtualTables.append(table.name)
                continue
            }
            counts.append(TableRowCount(table: table.name, rows: try copyRows(of: table, to: out)))
        }
        if entries.contains(where: { $0.type == "table" && $0.name.lowercased() == "sqlite_sequence" }),
            try out.fetchAll("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'").count == 1
        {
            // The rows copied set counters of their own: the source's replace them.
            try out.execute("DELETE FROM main.sqlite_sequence")
            try copy(
                "SELECT name, seq FROM main.sqlite_sequence", into: "INSERT INTO main.sqlite_sequence(name, seq) VALUES (?, ?)", columns: 2, to: out)
        }
        for type in ["index", "view", "trigger"] {
            for entry in entries where entry.type == type && isOwn(entry) { try create(entry, in: out) }
        }
        if entries.contains(where: { $0.type == "table" && $0.name.lowercased() == "sqlite_stat1" }) { try out.execute("ANALYZE") }
        for name in ["user_version", "application_id"] {
            if case .integer(let value) = try pragma(name), value != 0 { try out.execute("PRAGMA \(name) = \(value)") }
        }
        try out.execute("COMMIT")
        return (counts, emptyVirtualTables)
    }

    /// The source's schema entries that have SQL, in the order they were created.
    private func schemaEntries() throws -> [SchemaEntry] {
        let statement = try source.prepare(
            "SELECT type, name, tbl_name, sql, length(CAST(sql AS BLOB)) FROM main.sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
        var entries: [SchemaEntry] = []
        while try statement.step() {
            let values = statement.values()
            guard values.count == 5, case .text(let type) = values[0], case .text(let name) = values[1],
                case .text(let table) = values[2], case .text(let sql) = values[3], case .integer(let length) = values[4]
            else { continue }
            // A statement whose bytes are not UTF-8 could not be written again as it is.
            guard sql.utf8.count == length else {
                throw AssocError.invalid("cannot copy the \(type) \(quoteForMessage(name)): its CREATE statement is not valid UTF-8", table: table)
            }
            entries.append(SchemaEntry(type: type, name: name, table: table, sql: sql))
        }
        return entries
    }

    /// Runs the source's `CREATE` statement of `entry` in `out`.
    private func create(_ entry: SchemaEntry, in out: Connection) throws {
        do {
            try out.execute(entry.sql)
        } catch let error as AssocError {
            throw AssocError.invalid(
                "cannot create the \(entry.type) \(quoteForMessage(entry.name)) in the new file: \(error.message)", table: entry.table)
        }
    }

    /// Copies the subset's rows of `table` (none when it has no set); returns how many.
    private func copyRows(of table: TableInfo, to out: Connection) throws -> Int {
        guard let set = rows[table.name.lowercased()] else { return 0 }
        let columns = table.columns.filter { !$0.isGenerated }
        if let unnamed = columns.first(where: { !$0.isNameValidUTF8 }) {
            throw AssocError.invalid(
                "cannot copy the rows of \(quoteForMessage(table.name)): the name of its column \(quoteForMessage(unnamed.name)) is not valid UTF-8",
                table: table.name)
        }
        // The rowid is kept where it is not a column of its own.
        let rowid = table.primaryKey.kind == .rowidAlias ? nil : table.rowidName
        let names = (rowid.map { [$0] } ?? []) + columns.map(\.name)
        let list = names.map(quoteIdentifier).joined(separator: ", ")
        guard case .sql(let membership, _) = set.membership() else { return 0 }
        let name = quoteIdentifier(table.name)
        return try copy(
            "SELECT \(list) FROM main.\(name) WHERE \(membership)",
            into: "INSERT INTO main.\(name)(\(list)) VALUES (" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")",
            columns: names.count, to: out)
    }

    /// Steps `select` on the source and runs `insert` in `out` with each of its rows; returns how many.
    @discardableResult
    private func copy(_ select: String, into insert: String, columns: Int, to out: Connection) throws -> Int {
        let reading = try source.prepare(select)
        let writing = try out.prepare(insert)
        var count = 0
        while try reading.step() {
            try writing.bindColumns(of: reading, count: columns)
            while try writing.step() {}
            count += 1
        }
        return count
    }
}
