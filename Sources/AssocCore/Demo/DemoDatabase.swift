#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The embedded demo database: a small "library" schema (authors, books, covers, prizes,
/// libraries and their addresses, passports, documents, employees, teams…) with declared
/// foreign keys that produce every kind of association, filled with deterministic rows.
///
/// `assoc` with no database argument opens it; tests and benchmarks build it at any scale.
/// Row counts grow linearly with `scale`: 100 persons and 1,000 books per unit.
package enum DemoDatabase {
    /// The name shown for the demo database in titles and messages.
    package static let title = "demo library"

    /// The largest accepted scale (100,000,000 books): beyond, counts would not fit in memory.
    package static let maximumScale = 100_000

    /// The demo table names, in creation order.
    package static var tableNames: [String] { DemoSchema.tableNames }

    /// Builds the demo database in memory. Identical content on every call for the same scale.
    package static func make(scale: Int = 1) throws -> Connection {
        try validate(scale: scale)
        let connection = try Connection.inMemory()
        try fill(connection, scale: scale)
        return connection
    }

    /// Writes the demo database to a new file at `path` (for benchmarks and trying things by hand).
    /// Refuses to touch an existing file; removes the partial file if the build fails.
    package static func write(to path: String, scale: Int) throws {
        try validate(scale: scale)
        // O_EXCL: atomically refuse an existing file (or symlink) instead of checking then writing.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "file exists" : String(cString: strerror(errno))
            throw DemoDatabaseError(message: "cannot create the demo database at \(path): \(reason)")
        }
        close(descriptor)
        do {
            let connection = try Connection(path: path, mode: .readWrite(create: false))
            try connection.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            try fill(connection, scale: scale)
        } catch {
            unlink(path)
            throw error
        }
    }

    static func validate(scale: Int) throws {
        guard (1...maximumScale).contains(scale) else {
            throw DemoDatabaseError(message: "the demo scale must be between 1 and \(maximumScale), got \(scale)")
        }
    }

    /// Creates the tables, inserts every row in one transaction, then creates the indexes.
    static func fill(_ connection: Connection, scale: Int) throws {
        try connection.execute("BEGIN")
        do {
            try connection.execute(DemoSchema.tables)
            var generator = DemoDataGenerator(connection: connection, scale: scale)
            try generator.insertAll()
            try connection.execute(DemoSchema.indexes)
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}

/// A demo database that could not be built: bad scale, existing file.
package struct DemoDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as one line.
    package var message: String
    /// The message.
    package var description: String { message }
}
