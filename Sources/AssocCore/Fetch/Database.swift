/// A database opened for exploring: its connection, its schema and its association graph, read
/// once. Fetches requests and remembers the statements it ran.
public final class Database: @unchecked Sendable {
    public let connection: Connection
    public let schema: Schema
    public let graph: AssociationGraph
    /// Every statement run through this database, in order (the browser's SQL pane reads it).
    public private(set) var statementLog: [GeneratedStatement] = []
    /// False while a cursor runs the statements of its later chunks (the log keeps the first ones).
    var logsStatements = true
    /// While a cursor fetches the prefetched rows of a chunk of parents: the most rows one
    /// statement may return before the chunk is given up (`ChunkOverflow`).
    var fetchRowLimit: Int?

    /// Reads the schema of `connection` and infers its associations.
    public convenience init(connection: Connection, options: AssociationGraph.Options = .init()) throws {
        self.init(connection: connection, schema: try SchemaIntrospector.read(connection), options: options)
    }

    /// Uses `schema`, already read from `connection` (by `SchemaIntrospector.read`), and infers its
    /// associations: a caller that checked the schema first does not read it twice.
    public init(connection: Connection, schema: Schema, options: AssociationGraph.Options = .init()) {
        self.connection = connection
        self.schema = schema
        self.graph = AssociationGraph(schema: schema, options: options)
    }

    /// Opens the file at `path` read-only.
    public convenience init(path: String) throws {
        try self.init(connection: Connection(path: path))
    }

    /// Forgets the logged statements.
    public func clearStatementLog() {
        statementLog.removeAll()
    }

    /// The main statement of `request`, without running anything. Prefetch statements depend on
    /// the fetched rows: `executedStatements(for:)` runs the request and returns them all.
    public func mainStatement(for request: Request) throws -> GeneratedStatement {
        try SQLGenerator.generate(request, graph: graph).statement
    }

    /// Fetches `request` and returns every statement that ran, in order: the main one, then one per
    /// prefetched association (none when the main statement returned no row).
    public func executedStatements(for request: Request) throws -> [GeneratedStatement] {
        let start = statementLog.count
        _ = try fetchAll(request)
        return Array(statementLog[start...])
    }

    /// All rows of `request`, each split into scopes by association key, with their prefetched rows.
    public func fetchAll(_ request: Request) throws -> [Row] {
        var resolver = Resolver(graph: graph)
        let root = try resolver.resolve(request)
        return try Prefetcher.fetch(
            root: root, limit: request.limit, offset: request.offset, mergedIDs: resolver.mergedIDs,
            extraHidden: [], db: self
        ).rows
    }

    /// Calls `body` with each row of `request`, in order, read one at a time through a cursor
    /// (`cursor(_:chunking:)`): rows are not kept, and `including(all:)` is fetched chunk by chunk.
    public func forEachRow(_ request: Request, _ body: (Row) throws -> Void) throws {
        try cursor(request).forEach(body)
    }

    /// The first row of `request`, or nil.
    public func fetchOne(_ request: Request) throws -> Row? {
        var limited = request
        limited.limit = 1
        return try fetchAll(limited).first
    }

    /// The number of rows `request` fetches.
    public func fetchCount(_ request: Request) throws -> Int {
        var unordered = request
        unordered.relation.ordering = []
        let query = try SQLGenerator.generate(unordered, graph: graph)
        let statement = GeneratedStatement(
            sql: "SELECT COUNT(*) FROM (" + query.statement.sql + ")", arguments: query.statement.arguments)
        let rows = try run(statement)
        if case .integer(let count)? = rows.values.first?.first { return Int(count) }
        return 0
    }

    /// Runs one statement and returns its column names and rows, logging it.
    func run(_ statement: GeneratedStatement) throws -> (columns: [String], values: [[DatabaseValue]]) {
        let prepared = try prepareLogged(statement)
        var rows: [[DatabaseValue]] = []
        while try prepared.step() { rows.append(prepared.values()) }
        return (prepared.columnNames, rows)
    }

    /// Logs `statement`, then compiles it and binds its arguments, ready to step.
    func prepareLogged(_ statement: GeneratedStatement) throws -> Statement {
        if logsStatements { statementLog.append(statement) }
        let prepared = try connection.prepare(statement.sql)
        try prepared.bind(statement.arguments)
        return prepared
    }
}

extension Request {
    /// All rows of the request. See `Database.fetchAll(_:)`.
    public func fetchAll(_ db: Database) throws -> [Row] { try db.fetchAll(self) }
    /// The first row of the request. See `Database.fetchOne(_:)`.
    public func fetchOne(_ db: Database) throws -> Row? { try db.fetchOne(self) }
    /// The number of rows. See `Database.fetchCount(_:)`.
    public func fetchCount(_ db: Database) throws -> Int { try db.fetchCount(self) }
}

extension Table {
    public func fetchAll(_ db: Database) throws -> [Row] { try db.fetchAll(all) }
    public func fetchCount(_ db: Database) throws -> Int { try db.fetchCount(all) }
}
