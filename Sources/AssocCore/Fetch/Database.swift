import CSQLite
import Dispatch

/// A database opened for exploring: its connection, its schema and its association graph, read
/// once. Plans and fetches requests.
///
/// A `Database` is `Sendable`: it owns its connection and serializes every use of it (a
/// re-entrant lock held for each fetch, each cursor step, each `withConnection(_:)`), so any
/// thread or task may fetch from it; fetches of two threads run one after the other, and a
/// cursor's steps interleave with them. `interrupt()` and `isWaitingForLock` may be called from
/// any thread at any time. To watch every statement that runs, set the connection's
/// `traceHandler` in `withConnection(_:)`.
public final class Database: Sendable {
    /// The schema, read at opening.
    public var schema: Schema { model.withLock { $0.schema } }
    /// The associations of the schema: inferred, and declared ones when given.
    public var graph: AssociationGraph { model.withLock { $0.graph } }
    /// The schema and associations, and how many times they were replaced (`adopt(_:)`): read
    /// under a lock of their own, never the connection's (a long query does not hold them).
    private let model: Locked<(schema: Schema, graph: AssociationGraph, generation: Int)>
    /// The connection and what is recorded of it, used by one thread at a time.
    private let access: SerialAccess<DatabaseAccess>
    /// The connection's cancellation state and lock wait, read from any thread without the lock.
    private let control: StatementControl
    private let busyWait: BusyWait
    /// The label column chosen for each parent table and key (`labelChoice(of:excluding:)`).
    let labelChoices = Locked<[String: LabelColumn.Choice?]>([:])
    /// Where `read(_:)` runs its bodies, one at a time and in order (as GRDB's `DatabaseQueue`):
    /// never on the cooperative pool, and never more threads than one waiting for the lock.
    let readQueue = DispatchQueue(label: "AssocCore.Database.read", qos: .userInitiated)

    /// Uses `connection` (handed over: use it only through the database from then on) with an
    /// association graph.
    private init(connection: Connection, schema: Schema, graph: AssociationGraph) {
        self.access = SerialAccess(DatabaseAccess(connection: connection))
        self.control = connection.control
        self.busyWait = connection.busyWait
        self.model = Locked((schema, graph, 0))
    }

    /// Replaces the schema and associations (read again, a link accepted for the session): the
    /// same connection, one database. A plan made before keeps the graph it was made with.
    package func adopt(_ graph: AssociationGraph) {
        model.withLock { $0 = (graph.schema, graph, $0.generation + 1) }
        labelChoices.withLock { $0 = [:] }
    }

    /// How many times `adopt(_:)` replaced the schema and associations: what a memo of plans
    /// checks besides the database itself.
    package var schemaGeneration: Int { model.withLock { $0.generation } }

    /// Reads the schema of `connection` and infers its associations.
    public convenience init(connection: Connection, options: AssociationGraph.Options = .init()) throws {
        self.init(connection: connection, schema: try SchemaIntrospector.read(connection), options: options)
    }

    /// Uses `schema`, already read from `connection` (by `SchemaIntrospector.read`), and infers its
    /// associations: a caller that checked the schema first does not read it twice.
    package convenience init(connection: Connection, schema: Schema, options: AssociationGraph.Options = .init()) {
        self.init(connection: connection, schema: schema, graph: AssociationGraph(schema: schema, options: options))
    }

    /// Uses `connection` with an association graph built beforehand, such as one with declared
    /// associations (`AssociationGraph(schema:declarations:)`).
    public convenience init(connection: Connection, graph: AssociationGraph) {
        self.init(connection: connection, schema: graph.schema, graph: graph)
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

    /// Throws when SQLite cannot prepare the main statement of `request` (a table or column that
    /// is gone): prepared under the connection's lock, never run.
    package func check(_ request: Request) throws {
        let statement = try mainStatement(for: request)
        try withConnection { _ = try $0.prepare(statement.sql) }
    }

    /// Fetches `request` and returns every statement that ran, in order: the main one, then one per
    /// prefetched association (none when the main statement returned no row).
    package func executedStatements(for request: Request) throws -> [GeneratedStatement] {
        try run(plan(request)).steps.map(\.statement)
    }

    /// All rows of `request`, each split into scopes by association key, with their prefetched rows.
    public func fetchAll(_ request: Request) throws -> [Row] {
        try run(plan(request)).rows
    }

    /// Calls `body` with each row of `request`, in order, read one at a time through a cursor
    /// (`cursor(_:chunking:)`): rows are not kept, and `including(all:)` is fetched chunk by chunk.
    package func forEachRow(_ request: Request, _ body: (Row) throws -> Void) throws {
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
    package func run(_ statement: GeneratedStatement) throws -> (columns: [String], values: [[DatabaseValue]]) {
        try perform { _ in
            let prepared = try prepareLogged(statement)
            var rows: [[DatabaseValue]] = []
            while try prepared.step() { rows.append(prepared.values()) }
            return (prepared.columnNames, rows)
        }
    }

    /// Records `statement` (when recording), then compiles it and binds its arguments, ready to
    /// step. Called within an operation
    /// (`perform`), which it joins.
    package func prepareLogged(_ statement: GeneratedStatement) throws -> Statement {
        try access.withLock { access in
            access.recording?.append(statement)
            let prepared = try access.connection.prepare(statement.sql)
            try prepared.bind(statement.arguments)
            return prepared
        }
    }
}

extension Database {
    /// Runs `body` with the connection as one operation: no other thread uses the connection
    /// meanwhile, `cancellation` and `interrupt()` stop its statements. Re-entrant.
    package func perform<T>(_ cancellation: CancellationHandle = CancellationHandle(), _ body: (DatabaseAccess) throws -> T) throws -> T {
        try access.withLock { access in
            try access.connection.control.run(cancellation) { try body(access) }
        }
    }

    /// Runs `body` with the connection, no other thread using it meanwhile (fetches of other
    /// threads wait): for what the database does not offer (`traceHandler`, `withTimeLimit`, a
    /// statement of your own). The connection must not be kept past `body`. `interrupt()` stops
    /// the statements of `body`, and then `withConnection` throws `SQLITE_INTERRUPT`
    /// ("interrupted") even if `body` caught their errors: an interrupted body never passes for a
    /// complete one. Re-entrant: `body` may fetch from the database.
    public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let cancellation = CancellationHandle()
        let result = try perform(cancellation) { try body($0.connection) }
        if cancellation.isCancelled {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted"))
        }
        return result
    }

    /// The connection, without the lock: for the package's browser, which runs every statement
    /// of a database from its one worker thread, and for tests. Anything else goes through
    /// `withConnection(_:)`.
    package var connection: Connection { access.unsynchronized.connection }

    /// Stops the operation running on this database now, if any (a fetch, a cursor's step, the
    /// body of `withConnection` or `read`), from any thread: its statement throws
    /// `SQLITE_INTERRUPT` ("interrupted"; a cursor's `next()` and `read` throw
    /// `CancellationError`), and it runs no other statement. Nothing that starts later is
    /// affected; between two operations it does nothing. To stop one cursor or one `read`
    /// rather than whatever runs, cancel it (`RowCursor.cancellation`, `Task.cancel()`).
    public func interrupt() {
        control.cancelRunning()
    }

    /// Whether the running statement is waiting for another process's lock (any thread may ask).
    public var isWaitingForLock: Bool { busyWait.isWaiting }

    /// Runs `body` on the database's own serial queue (not the caller's task, not the cooperative
    /// pool) as one operation on the database, and returns its result; reads run in the order
    /// they were asked for. Cancelling the calling task stops it: the statement
    /// running then is interrupted, no other starts, and `read` throws `CancellationError` (the
    /// standard library's, as `Task.checkCancellation()` throws), whatever `body` threw.
    ///
    ///     let rows = try await db.read { db in try db.fetchAll(Table("track").all) }
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let cancellation = CancellationHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                self.readQueue.async {
                    continuation.resume(with: Result { try self.run(body, cancelledBy: cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// `body` as one operation stopped by `cancellation`, which turns any error into `CancellationError`.
    private func run<T>(_ body: (Database) throws -> T, cancelledBy cancellation: CancellationHandle) throws -> T {
        do {
            return try perform(cancellation) { _ in
                if cancellation.isCancelled { throw CancellationError() }
                return try body(self)
            }
        } catch {
            if cancellation.isCancelled { throw CancellationError() }
            throw error
        }
    }
}

/// The connection of a `Database` and what the database records of it, used under its lock.
package final class DatabaseAccess {
    package let connection: Connection
    /// The statements run while `recordingStatements(_:)` records them (nil otherwise: nothing
    /// is kept, whatever the number of fetches).
    var recording: [GeneratedStatement]?

    init(connection: Connection) { self.connection = connection }
}

/// The bounds of one fetch, passed down to the statements it runs (never kept on the database).
struct FetchLimits {
    /// The most rows one statement may return before the fetch is given up (`ChunkOverflow`): a
    /// cursor's chunk of parents whose prefetched rows pass the budget.
    var rows: Int?
}

extension Request {
    /// All rows of the request. See `Database.fetchAll(_:)`.
    package func fetchAll(_ db: Database) throws -> [Row] { try db.fetchAll(self) }
    /// The first row of the request. See `Database.fetchOne(_:)`.
    func fetchOne(_ db: Database) throws -> Row? { try db.fetchOne(self) }
    /// The number of rows. See `Database.fetchCount(_:)`.
    func fetchCount(_ db: Database) throws -> Int { try db.fetchCount(self) }
}

extension Table {
    /// All rows of the table. See `Database.fetchAll(_:)`.
    package func fetchAll(_ db: Database) throws -> [Row] { try db.fetchAll(all) }
    /// The number of rows of the table. See `Database.fetchCount(_:)`.
    func fetchCount(_ db: Database) throws -> Int { try db.fetchCount(all) }
}
