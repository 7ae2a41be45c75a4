import CSQLite

extension Statement {
    /// Binds the current row of `source` (its first `count` columns) to this statement's
    /// parameters 1…`count`, each value as SQLite holds it: same storage class, same bytes (a
    /// text that is not valid UTF-8 stays as it is; no `String` is made). For `assoc extract`,
    /// which copies rows between two databases of the same text encoding.
    package func bindColumns(of source: Statement, count: Int) throws {
        sqlite3_reset(handle)
        for index in 0..<Int32(count) {
            guard let value = sqlite3_column_value(source.handle, index) else {
                throw AssocError.sqlite(DatabaseError(code: SQLITE_NOMEM, message: "out of memory reading a value", sql: sql))
            }
            let rc = sqlite3_bind_value(handle, index + 1, value)
            if rc != SQLITE_OK { throw connection.lastError(code: rc, sql: sql) }
        }
    }
}
