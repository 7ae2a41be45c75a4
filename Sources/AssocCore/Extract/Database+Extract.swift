extension Database {
    /// Writes the subset `specification` describes (its rows, and every parent they point to) to
    /// a new SQLite file at `path`: the source's schema whole, its tables empty but for the
    /// subset's rows. The source is read in one read transaction (a consistent subset while
    /// another process writes) and never written; the new file is written under a temporary name
    /// beside `path` and renamed at the end, so that a failure leaves nothing there
    /// (`AtomicFileWriter`). `replacing` says whether an existing file may be replaced; the
    /// database itself and its side files never are (`FileWriteError.databaseFile`).
    ///
    ///     // Artist 1, its albums and their tracks, and the genres, media types… those point to
    ///     try db.extractSubset(
    ///         SubsetSpecification(request: db.request(parsing: "Artist.filter(key: 1)"), paths: [["albums", "tracks"]]),
    ///         to: "artist1.sqlite", replacing: .never)
    package func extractSubset(
        _ specification: SubsetSpecification, to path: String, replacing: AtomicFileWriter.Replacing,
        cancellation: CancellationHandle = CancellationHandle()
    ) throws -> SubsetSummary {
        // A request or a path that cannot be followed fails before anything is created.
        _ = try SubsetWalker.resolve(specification, in: self)
        let file = try AtomicFileWriter(path: path, replacing: replacing, protecting: [self.path])
        defer { file.abandon() }
        guard let temporary = file.temporaryPath else { throw FileWriteError.cannotWrite(path: path, reason: "no temporary file") }
        let summary = try walkingSubset(specification, cancellation: cancellation) { walker, connection in
            let written = try Self.writeSubset(of: walker, from: connection, schema: schema, to: temporary, shownAs: file.destination.described)
            return SubsetSummary(
                tables: written.tables, requestRows: walker.requestRows, emptyVirtualTables: written.emptyVirtualTables,
                foreignKeyViolations: written.violations)
        }
        try file.commit()
        return summary
    }

    /// The rows per table the subset `specification` describes, counted without writing
    /// anything (what the browser shows before an export to a database file).
    package func countSubset(
        _ specification: SubsetSpecification, cancellation: CancellationHandle = CancellationHandle()
    ) throws
        -> [TableRowCount]
    {
        try walkingSubset(specification, cancellation: cancellation) { walker, connection in
            try schema.tables.compactMap { table -> TableRowCount? in
                guard let set = walker.included[table.name.lowercased()] else { return nil }
                let count = try connection.fetchAll("SELECT count(*) FROM " + set.qualifiedName).first?.first
                guard case .integer(let rows)? = count, rows > 0 else { return nil }
                return TableRowCount(table: table.name, rows: Int(rows))
            }
        }
    }

    /// Walks the subset inside one savepoint of the connection (one read transaction of the
    /// source), calls `body` with the walk, then rolls the savepoint back: the walk's temporary
    /// tables go with it. SQLite's cache grows to `extractCacheKiB` meanwhile, so that a subset
    /// that fits is read from the file once (the walk reads a row's keys, the copy the row), and
    /// the file is read with SQLite's normal reads, never memory-mapped (`mmap_size = 0`): what
    /// an extract reads is what it needs, whatever the file's size.
    private func walkingSubset<T>(
        _ specification: SubsetSpecification, cancellation: CancellationHandle,
        _ body: (SubsetWalker, Connection) throws -> T
    ) throws -> T {
        var cacheSize: DatabaseValue = .null
        var mapSize: DatabaseValue = .null
        defer {
            // In an operation of its own: a cancelled one runs no statement, and the savepoint
            // and its temporary tables must go whatever happened.
            try? perform { access in
                try? access.connection.execute("ROLLBACK TO assoc_extract; RELEASE assoc_extract")
                if case .integer(let size) = cacheSize { try access.connection.execute("PRAGMA main.cache_size = \(size)") }
                if case .integer(let size) = mapSize, size != 0 { try access.connection.execute("PRAGMA main.mmap_size = \(size)") }
            }
        }
        return try perform(cancellation) { access in
            let connection = access.connection
            cacheSize = try connection.fetchAll("PRAGMA main.cache_size").first?.first ?? .null
            mapSize = try connection.fetchAll("PRAGMA main.mmap_size").first?.first ?? .null
            try connection.execute("PRAGMA main.cache_size = -\(Self.extractCacheKiB); PRAGMA main.mmap_size = 0; SAVEPOINT assoc_extract")
            var walker = SubsetWalker(db: self, connection: connection)
            try walker.walk(specification)
            return try body(walker, connection)
        }
    }

    /// The page cache of an extract, in KiB (SQLite's default is 2,000).
    static let extractCacheKiB = 16_384

    /// Writes the walk's rows into the new empty file at `temporary` (`shownAs` in messages).
    private static func writeSubset(
        of walker: SubsetWalker, from source: Connection, schema: Schema, to temporary: String, shownAs name: String
    ) throws -> (tables: [TableRowCount], emptyVirtualTables: [String], violations: Int) {
        do {
            let out = try Connection(path: temporary, mode: .readWrite(create: false))
            let written = try SubsetFileWriter(source: source, schema: schema, rows: walker.included).write(to: out)
            let violations = try out.fetchAll("SELECT count(*) FROM pragma_foreign_key_check").first?.first
            guard case .integer(let count)? = violations else { return (written.tables, written.emptyVirtualTables, 0) }
            return (written.tables, written.emptyVirtualTables, Int(count))
        } catch AssocError.sqlite(let error) where [10, 13].contains(error.primaryCode) {
            // SQLITE_IOERR, SQLITE_FULL: the new file could not grow.
            throw FileWriteError.cannotWrite(path: name, reason: "the disk is full or a file size limit was reached (\(error.message))")
        }
    }
}
