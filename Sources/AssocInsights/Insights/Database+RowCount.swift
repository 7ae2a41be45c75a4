import AssocCore

extension Database {
    /// The rows of the table or view `name` (`SELECT COUNT(*) FROM (SELECT "name".* FROM "name")`),
    /// the statement stopped after `timeLimit` milliseconds (nil: no limit): nil then (unknown),
    /// never a partial number. A view that never ends (an unbounded `WITH RECURSIVE`) gives nil.
    /// `interrupt()` stops it with an error.
    public func countRows(of name: String, timeLimit: Int? = 2_000) throws -> Int? {
        try integerWithinTimeLimit(countStatement(for: Table(name).all), timeLimit: timeLimit)
    }
}
