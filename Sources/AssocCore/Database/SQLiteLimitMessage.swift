import CSQLite

/// SQLite's messages for a statement beyond one of its limits, said in terms of the request
/// (what grew too large, the limit, what to do), for the command line and the browser alike.
enum SQLiteLimitMessage {
    /// SQLite's default and greatest expression depth (`SQLITE_MAX_EXPR_DEPTH`): the engine
    /// refuses a deeper expression before writing it.
    static let maximumExpressionDepth: Int32 = 1000

    /// Our message for an expression nested past `limit` levels.
    static func expressionTooDeep(limit: Int32) -> String {
        "the request is too large: its conditions and expressions nest more than \(limit) "
            + "levels deep, SQLite's limit; combine conditions, for example with IN (...), or split the request"
    }

    /// Our message for SQLite's `message` on `handle` for the statement `sql` (nil when unknown),
    /// nil when it is not about a limit.
    static func explain(_ message: String, handle: OpaquePointer, sql: String? = nil) -> String? {
        func limit(_ id: Int32) -> Int32 { sqlite3_limit(handle, id, -1) }
        if message.hasPrefix("Expression tree is too large") {
            return expressionTooDeep(limit: limit(SQLITE_LIMIT_EXPR_DEPTH))
        }
        if message == "parser stack overflow" {
            return "the request is too large: an SQL snippet nests deeper than SQLite's parser allows; "
                + "write it with fewer nested operators or parentheses, or split the request"
        }
        if message.hasPrefix("too many SQL variables") {
            return "the request binds more than \(limit(SQLITE_LIMIT_VARIABLE_NUMBER)) values, SQLite's limit for one statement; "
                + "use shorter IN lists or split the request"
        }
        if message.hasPrefix("at most") && message.hasSuffix("tables in a join") {
            return "the request joins more than 64 tables, SQLite's limit; include or join fewer associations"
        }
        if message.hasPrefix("too many columns") {
            return "the request selects more than \(limit(SQLITE_LIMIT_COLUMN)) columns, SQLite's limit; select fewer columns "
                + "or include fewer associations"
        }
        if message.hasPrefix("too many terms in compound SELECT") {
            return "the request combines more than \(limit(SQLITE_LIMIT_COMPOUND_SELECT)) SELECTs, SQLite's limit; split the request"
        }
        if message.hasPrefix("statement too long") {
            return sqlTooLong(limit(SQLITE_LIMIT_SQL_LENGTH))
        }
        if message == "string or blob too big" {
            // SQLITE_TOOBIG: while compiling, SQL past its length limit (or a literal past the
            // value limit); while binding or running, a value the statement binds or makes.
            let sqlLimit = limit(SQLITE_LIMIT_SQL_LENGTH)
            if let sql, sql.utf8.count > Int(sqlLimit) { return sqlTooLong(sqlLimit) }
            return "a text or blob value the request binds or computes is larger than SQLite allows "
                + "(\(limit(SQLITE_LIMIT_LENGTH)) bytes, its limit for one value): make the value smaller"
        }
        return nil
    }

    private static func sqlTooLong(_ limit: Int32) -> String {
        "the request's SQL is longer than SQLite accepts (\(limit) bytes); split the request"
    }
}
