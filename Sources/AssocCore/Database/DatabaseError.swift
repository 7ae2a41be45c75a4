/// An error reported by SQLite, with its result code, its message and the SQL that failed.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary or extended SQLite result code (`SQLITE_ERROR` = 1, `SQLITE_CANTOPEN` = 14…).
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or ours when SQLite has none.
    public var message: String
    /// The statement that failed, when one did.
    public var sql: String?

    /// An error with SQLite result code `code`.
    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of an extended code).
    package var primaryCode: Int32 { code & 0xFF }

    /// "SQLite error code: message", with the statement when known.
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
