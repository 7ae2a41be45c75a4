import CSQLite

/// SQLite's messages for a statement beyond one of its limits, said in terms of the request
/// (what grew too large, the limit, what to do), for the command line and the browser alike.
enum SQLiteLimitMessage {
    /// Our message for SQLite's `message` on `handle`, nil when it is not about a limit.
    static func explain(_ message: String, handle: OpaquePointer) -> String? {
        func limit(_ id: Int32) -> Int32 { sqlite3_limit(handle, id, -1) }
        if message.hasPrefix("Expression tree is too large") {
            return "the request is too large: its conditions and expressions nest more than \(limit(SQLITE_LIMIT_EXPR_DEPTH)) "
                + "levels deep, SQLite's limit (each chained filter adds a level); combine conditions, "
                + "for example with IN (...), or split the request"
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
        if message == "string or blob too big" || message.hasPrefix("statement too long") {
            return "the request's SQL is longer than SQLite accepts (\(limit(SQLITE_LIMIT_SQL_LENGTH)) bytes); split the request"
        }
        return nil
    }
}
