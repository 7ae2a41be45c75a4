import AssocCore

/// The one way tests build a database in memory: DDL and inserts, then the schema read and the
/// associations inferred, as `assoc` does for a file.
public enum TestDatabase {
    /// A database made of `sql` (DDL and inserts), in memory.
    public static func make(_ sql: String, options: AssociationGraph.Options = .init()) throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(sql)
        return try Database(connection: connection, options: options)
    }
}

/// Records the statements a connection runs (its `traceHandler`), for tests that check which
/// statements ran and with which arguments.
public final class StatementRecorder: @unchecked Sendable {
    public private(set) var statements: [(sql: String, arguments: [DatabaseValue])] = []

    /// Starts recording what `connection` runs (replacing its trace handler).
    public init(_ connection: Connection) {
        connection.traceHandler = { [weak self] sql, arguments in self?.statements.append((sql, arguments)) }
    }

    /// The SQL of each statement, in order.
    public var sql: [String] { statements.map(\.sql) }

    /// Forgets what was recorded.
    public func clear() { statements.removeAll() }
}
