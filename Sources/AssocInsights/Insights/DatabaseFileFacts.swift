import AssocCore

/// What SQLite says of the file itself (`Database.fileFacts()`): its page size, its page count,
/// its text encoding, and the version of the SQLite library reading it.
public struct DatabaseFileFacts: Sendable, Equatable {
    /// The size of a page in bytes (`PRAGMA page_size`).
    public var pageSize: Int
    /// The pages of the main file (`PRAGMA page_count`; a WAL's pages not yet checkpointed count).
    public var pageCount: Int
    /// The text encoding (`UTF-8`, `UTF-16le`, `UTF-16be`).
    public var encoding: String
    /// The version of the SQLite library that reads the file (`sqlite_version()`), not of the
    /// one that wrote it.
    public var sqliteVersion: String

    /// The size of the database in bytes: pages times page size.
    public var bytes: Int {
        let (product, overflow) = pageSize.multipliedReportingOverflow(by: pageCount)
        return overflow ? Int.max : product
    }
}

extension Database {
    /// The page size, page count, encoding and SQLite version of the file, read by one statement
    /// of the pragmas' table-valued functions (nothing is written).
    public func fileFacts() throws -> DatabaseFileFacts {
        let statement = GeneratedStatement(
            sql: "SELECT page_size, page_count, encoding, sqlite_version() FROM pragma_page_size, pragma_page_count, pragma_encoding",
            arguments: [])
        let row = try run(statement).values.first ?? []
        func integer(_ index: Int) -> Int {
            guard index < row.count, case .integer(let value) = row[index] else { return 0 }
            return Int(clamping: value)
        }
        func text(_ index: Int) -> String {
            guard index < row.count, case .text(let value) = row[index] else { return "" }
            return value
        }
        return DatabaseFileFacts(pageSize: integer(0), pageCount: integer(1), encoding: text(2), sqliteVersion: text(3))
    }
}
