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
