import CSQLite

/// Keeps every statement on a connection, SQL snippets of requests and views of the file alike,
/// from calling the SQL functions that hand SQLite a pointer, change the connection, or reach
/// outside the database: SQLite's authorizer refuses them when the statement is prepared, and the
/// error names the function and why. The connection's options that allow such calls are turned
/// off too (`SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER`, `SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION`).
///
/// Reviewed against SQLite's built-in functions (https://sqlite.org/lang_corefunc.html and the
/// FTS3/FTS5/R*Tree/JSON/math ones): the others read their arguments and return a value; the
/// size of what they make (`randomblob`, `zeroblob`, `printf`) is bounded by SQLite's
/// `SQLITE_LIMIT_LENGTH`; `fts5(?)` only returns a pointer to a pointer-typed binding, which SQL
/// cannot make. The CLI-only ones of the `sqlite3` shell (files, editor, SQL in a string) are not
/// in the library, but refusing their names costs nothing should an extension define them.
/// Used from the connection's thread only (the authorizer runs inside `sqlite3_prepare`).
final class SQLFunctionGuard {
    /// Lower-cased name → why it is refused.
    static let refused: [String: String] = [
        "fts3_tokenizer": "it turns a blob into a pointer that SQLite calls, and can crash the process",
        "load_extension": "it loads native code into the process",
        "icu_load_collation": "it adds a collation to the connection",
        "readfile": "it reads files", "writefile": "it writes files", "lsmode": "it belongs to the sqlite3 shell",
        "edit": "it starts an editor", "eval": "it runs SQL held in a value",
        "sha3_query": "it runs SQL held in a value"
    ]

    /// The function the last refused statement called, until the next statement is prepared.
    private(set) var lastRefused: String?

    /// Installs the authorizer on `db` and turns off the options that let SQL register a
    /// tokenizer pointer or load an extension; `self` must outlive the connection's use of it.
    func install(on db: OpaquePointer) {
        _ = assoc_db_config_flag(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0)
        _ = assoc_db_config_flag(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
        sqlite3_set_authorizer(
            db,
            { context, action, _, function, _, _ in
                guard action == SQLITE_FUNCTION, let context, let function else { return SQLITE_OK }
                let name = String(cString: function).lowercased()
                guard SQLFunctionGuard.refused[name] != nil else { return SQLITE_OK }
                Unmanaged<SQLFunctionGuard>.fromOpaque(context).takeUnretainedValue().lastRefused = name
                return SQLITE_DENY
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Forgets the previous statement's refusal.
    func statementStarts() { lastRefused = nil }

    /// The message for a statement SQLite refused because it calls a refused function
    /// (`SQLITE_AUTH`, or SQLite's "not authorized to use function: name"); nil for any other failure.
    func message(forCode code: Int32, sqliteMessage: String) -> String? {
        let prefix = "not authorized to use function: "
        var name = lastRefused
        if sqliteMessage.hasPrefix(prefix) {
            name = String(sqliteMessage.dropFirst(prefix.count)).lowercased()
        } else if code & 0xFF != SQLITE_AUTH {
            return nil
        }
        guard let name, let reason = Self.refused[name] else { return nil }
        return "the SQL function \(name)() is not allowed: \(reason)"
    }

    /// Whether `option` (an on/off `SQLITE_DBCONFIG_ENABLE_…` constant) is on for `db`.
    static func isEnabled(_ option: Int32, on db: OpaquePointer) -> Bool {
        assoc_db_config_flag(db, option, -1) == 1
    }
}
