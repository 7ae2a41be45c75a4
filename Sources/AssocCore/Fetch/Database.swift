/// A database opened for exploring: its connection, its schema and its association graph, read
/// once. Plans and fetches requests. To watch every statement that runs, set the connection's
/// `traceHandler`.
public final class Database: @unchecked Sendable {
    /// The SQLite connection every statement runs on (time and memory limits, tracing).
    public let connection: Connection
    /// The schema, read once at opening.
    public let schema: Schema
    /// The associations of the schema: inferred, and declared ones when given.
    public let graph: AssociationGraph
    /// The statements run while `executedStatements(for:)` records them (nil otherwise: nothing
    /// is kept, whatever the number of fetches).
    var recording: [GeneratedStatement]?
    /// While a cursor fetches the prefetched rows of a chunk of parents: the most rows one
    /// statement may return before the chunk is given up (`ChunkOverflow`).
    var fetchRowLimit: Int?
    /// While `fetchAll(_:previewingCellsUpTo:)` reads: the longest text or blob read whole.
    var cellPreviewLimit: Int?

    /// Reads the schema of `connection` and infers its associations.
    public convenience init(connection: Connection, options: AssociationGraph.Options = .init()) throws {
        self.init(connection: connection, schema: try SchemaIntrospector.read(connection), options: options)
    }

    /// Uses `schema`, already read from `connection` (by `SchemaIntrospector.read`), and infers its
    /// associations: a caller that checked the schema first does not read it twice.
    package init(connection: Connection, schema: Schema, options: AssociationGraph.Options = .init()) {
        self.connection = connection
        self.schema = schema
        self.graph = AssociationGraph(schema: schema, options: options)
    }

    /// Uses `connection` with an association graph built beforehand, such as one with declared
    /// associations (`AssociationGraph(schema:declarations:)`).
    public init(connection: Connection, graph: AssociationGraph) {
        self.connection = connection
        self.schema = graph.schema
        self.graph = graph
    }

    /// Opens the file at `path` read-only.
    public convenience init(path: String) throws {
        try self.init(connection: Connection(path: path))
    }

    /// Opens the file at `path` read-only, with the associations declared in `associations`
    /// (one declaration a line, GRDB's words; see `AssociationDeclaration`) beside the inferred ones:
    ///
    /// ```swift
    /// let db = try Database(path: "chinook.sqlite", associations: """
    ///     Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: "customers")
    ///     """)
    /// let customers = try db.request(parsing: "Artist.filter(key: 1).request(for: customers)").fetchAll(db)
    /// ```
    public convenience init(path: String, associations: String) throws {
        let connection = try Connection(path: path)
        let declarations = try AssociationDeclaration.parse(associations)
        let graph = try AssociationGraph(schema: try SchemaIntrospector.read(connection), declarations: declarations)
        self.init(connection: connection, graph: graph)
    }

    /// The main statement of `request`, without running anything. Every statement a fetch runs,
    /// prefetches included, without running any: `plan(_:)`.
    public func mainStatement(for request: Request) throws -> GeneratedStatement {
        try SQLGenerator.generate(request, graph: graph).statement
    }

    /// Fetches `request` and returns every statement that ran, in order: the main one, then one per
    /// prefetched association (none when the main statement returned no row).
    public func executedStatements(for request: Request) throws -> [GeneratedStatement] {
        recording = []
        defer { recording = nil }
        _ = try fetchAll(request)
        return recording ?? []
    }

    /// All rows of `request`, each split into scopes by association key, with their prefetched rows.
    public func fetchAll(_ request: Request) throws -> [Row] {
        var resolver = Resolver(graph: graph)
        let query = try resolver.resolve(request)
        return try Prefetcher.fetch(
            root: query.root, limit: query.limit, offset: query.offset, mergedIDs: query.mergedIDs,
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
        let rows = try run(countStatement(for: request))
        if case .integer(let count)? = rows.values.first?.first { return Int(count) }
        return 0
    }

    /// The statement `fetchCount` runs, without running it: `SELECT COUNT(*) FROM (<request
    /// without its ordering>)`.
    public func countStatement(for request: Request) throws -> GeneratedStatement {
        var unordered = request
        unordered.relation.ordering = []
        let query = try SQLGenerator.generate(unordered, graph: graph)
        return GeneratedStatement(
            sql: "SELECT COUNT(*) FROM (" + query.statement.sql + ")", arguments: query.statement.arguments)
    }

    /// Runs one statement and returns its column names and rows, logging it.
    func run(_ statement: GeneratedStatement) throws -> (columns: [String], values: [[DatabaseValue]]) {
        let prepared = try prepareLogged(statement)
        var rows: [[DatabaseValue]] = []
        while try prepared.step() { rows.append(prepared.values()) }
        return (prepared.columnNames, rows)
    }

    /// Records `statement` (when recording), then compiles it and binds its arguments, ready to step.
    func prepareLogged(_ statement: GeneratedStatement) throws -> Statement {
        recording?.append(statement)
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
    /// All rows of the table. See `Database.fetchAll(_:)`.
    public func fetchAll(_ db: Database) throws -> [Row] { try db.fetchAll(all) }
    /// The number of rows of the table. See `Database.fetchCount(_:)`.
    public func fetchCount(_ db: Database) throws -> Int { try db.fetchCount(all) }
}
