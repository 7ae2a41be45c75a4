import CSQLite

extension Database {
    /// The rows of `statement`, run as one operation on the database; nil when it ran past
    /// `timeLimit` milliseconds (when given): SQLite's progress handler stopped it at the
    /// connection's deadline (`StatementControl.withDeadline`), the mechanism of deferred counts
    /// and column summaries. `interrupt()` stops it with an error, not nil.
    package func rowsWithinTimeLimit(_ statement: GeneratedStatement, timeLimit: Int?) throws -> [[DatabaseValue]]? {
        try perform { access in
            let body = { () throws -> [[DatabaseValue]] in
                let prepared = try self.prepareLogged(statement)
                var rows: [[DatabaseValue]] = []
                while try prepared.step() { rows.append(prepared.values()) }
                return rows
            }
            guard let timeLimit else { return try body() }
            let (result, passed) = access.connection.control.withDeadline(milliseconds: timeLimit, body)
            do {
                return try result.get()
            } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_INTERRUPT && passed {
                return nil
            }
        }
    }

    /// The first column of the first row of `statement` as an integer (0 without a row), nil
    /// past `timeLimit` (see `rowsWithinTimeLimit`).
    package func integerWithinTimeLimit(_ statement: GeneratedStatement, timeLimit: Int?) throws -> Int? {
        guard let rows = try rowsWithinTimeLimit(statement, timeLimit: timeLimit) else { return nil }
        guard case .integer(let value)? = rows.first?.first else { return 0 }
        return Int(clamping: value)
    }
}

extension Database {
    /// Runs `body` as one operation on the database, its statements stopped once `milliseconds`
    /// have passed (`Connection.withTimeLimit`): for a front end's work with a budget (a deferred
    /// count), through the database's serial access rather than its connection. `body` holds the
    /// database: it must not wait for another thread that reads from it (a streamed export
    /// reads on a second thread: it takes `Connection.withTimeLimit`, outside the lock).
    package func withTimeLimit<T>(milliseconds: Int, _ body: () throws -> T) throws -> T {
        try perform { access in try access.connection.withTimeLimit(milliseconds: milliseconds, body) }
    }

    /// The path the database was opened at (`:memory:` for an in-memory one).
    package var path: String { connection.path }
}
