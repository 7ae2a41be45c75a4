#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows of a request read one at a time from its main statement, split into scopes as
/// `fetchAll` splits them: memory stays bounded whatever the number of rows.
///
/// With `including(all:)`, parent rows are read in chunks; each chunk's children (and theirs) are
/// fetched by the prefetch statements restricted to that chunk's keys, then the chunk's rows are
/// handed out in order. Chunks are sized by rows (`CursorChunking`): a chunk starts with one
/// parent and grows (at most doubling) while its parents and their prefetched rows fit in the row
/// budget, so 1,000 parents of 10,000 children each never hold 10,000,000 rows at once. The rows
/// are those `fetchAll` returns, in the same order.
///
///     let cursor = try db.cursor(Table("vendor").including(all: Table("vendor").association("items")))
///     while let vendor = try cursor.next() { … }
///
/// A cursor is used from one thread; `cancel()` alone may be called from any thread.
public final class RowCursor: @unchecked Sendable {
    private let db: Database
    private let statement: Statement
    private let reader: ScopeReader
    private let visibleCount: Int
    private let columnCount: Int
    private let plans: [Prefetcher.Plan]
    private let mergedIDs: [Int: Int]
    private let chunking: CursorChunking
    private let cancellation = CancelFlag()
    private var chunk = FetchedRows()
    private var position = 0
    private var parentsPerChunk: Int
    private var chunksRead = 0
    private var isExhausted = false

    init(db: Database, request: Request, chunking: CursorChunking) throws {
        var resolver = Resolver(graph: db.graph)
        let root = try resolver.resolve(request)
        var plans: [Prefetcher.Plan] = []
        var hidden: [(nodeID: Int, column: String)] = []
        Prefetcher.collectPlans(root, isRoot: true, scopePath: [], plans: &plans, hidden: &hidden)
        let query = try SQLGenerator.generate(
            root: root, limit: request.limit, offset: request.offset, mergedIDs: resolver.mergedIDs, hiddenColumns: hidden)
        let (statement, columns, reader) = try RowReader.prepare(query, in: db)
        self.db = db
        self.statement = statement
        self.reader = reader
        self.columnCount = columns.count
        self.visibleCount = columns.count - query.hiddenColumnCount
        self.plans = plans
        self.mergedIDs = resolver.mergedIDs
        self.chunking = chunking
        self.parentsPerChunk = chunking.firstChunkParents
    }

    /// The next row, with its prefetched rows; nil after the last one. Throws `CancellationError`
    /// once `cancel()` was called.
    public func next() throws -> Row? {
        if cancellation.isSet { throw CancellationError() }
        if plans.isEmpty {
            guard !isExhausted else { return nil }
            do {
                guard try statement.step() else {
                    isExhausted = true
                    return nil
                }
            } catch {
                throw cancellation.isSet ? CancellationError() : error
            }
            return reader.read(statement)
        }
        if position >= chunk.rows.count {
            guard !isExhausted else { return nil }
            do {
                try readChunk()
            } catch {
                throw cancellation.isSet ? CancellationError() : error
            }
            guard position < chunk.rows.count else { return nil }
        }
        let row = chunk.rows[position]
        position += 1
        return row
    }

    /// Stops the cursor from any thread: the statement running is interrupted, and `next()` throws
    /// `CancellationError` from then on.
    public func cancel() {
        cancellation.set()
        db.connection.interrupt()
    }

    /// Calls `body` with each remaining row.
    public func forEach(_ body: (Row) throws -> Void) throws {
        while let row = try next() { try body(row) }
    }

    /// Reads the next chunk of parent rows and fetches their prefetched rows.
    private func readChunk() throws {
        chunk = FetchedRows()
        position = 0
        chunk.hiddenWidth = columnCount - visibleCount
        chunk.rows.reserveCapacity(parentsPerChunk)
        while chunk.rows.count < parentsPerChunk {
            guard try statement.step() else {
                isExhausted = true
                break
            }
            chunk.rows.append(reader.read(statement))
            statement.appendValues(in: visibleCount..<columnCount, to: &chunk.hidden)
        }
        guard !chunk.rows.isEmpty else { return }
        // The statements of the first chunk are logged (the plan, with that chunk's keys); later
        // chunks run the same statements with other keys and are not logged one by one.
        let logs = db.logsStatements
        if chunksRead > 0 { db.logsStatements = false }
        defer { db.logsStatements = logs }
        for plan in plans {
            if cancellation.isSet { throw CancellationError() }
            try Prefetcher.prefetch(plan, into: &chunk, extraHiddenCount: 0, mergedIDs: mergedIDs, db: db)
        }
        chunk.hidden = []
        chunk.hiddenWidth = 0
        chunksRead += 1
        let held = chunk.rows.count + chunk.rows.reduce(0) { $0 + $1.prefetchedRowCount }
        parentsPerChunk = chunking.nextChunkParents(after: chunk.rows.count, holding: held)
    }
}

/// How a cursor sizes its chunks of parent rows when the request has `including(all:)`.
public struct CursorChunking: Sendable, Hashable {
    /// The most parent rows in one chunk (one prefetch statement per chunk and association).
    public var maximumParents: Int
    /// The rows a chunk should hold at most, parents and prefetched rows together (nested ones
    /// included): the next chunk takes as many parents as fit, going by the rows per parent seen
    /// so far, at most twice as many as the previous chunk. One parent's children are always
    /// fetched together.
    public var rowBudget: Int
    /// The parents of the first chunk (it tells how many rows a parent brings).
    public var firstChunkParents: Int

    public init(maximumParents: Int = 1000, rowBudget: Int = 20_000, firstChunkParents: Int = 1) {
        self.maximumParents = max(1, maximumParents)
        self.rowBudget = max(1, rowBudget)
        self.firstChunkParents = min(max(1, firstChunkParents), self.maximumParents)
    }

    /// The parents of the chunk after one of `parents` parents that held `rows` rows in all.
    func nextChunkParents(after parents: Int, holding rows: Int) -> Int {
        let perParent = max(1, rows / max(1, parents))
        let fitting = max(1, rowBudget / perParent)
        return min(maximumParents, fitting, max(1, parents) * 2)
    }
}

/// A flag set from any thread.
final class CancelFlag: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = false

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    var isSet: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return value
    }

    func set() {
        pthread_mutex_lock(&mutex)
        value = true
        pthread_mutex_unlock(&mutex)
    }
}

extension Row {
    /// The prefetched rows of this row and its scopes, nested ones included.
    var prefetchedRowCount: Int {
        var count = 0
        for (_, rows) in prefetched {
            count += rows.count
            for row in rows { count += row.prefetchedRowCount }
        }
        for (_, scope) in scopes { count += scope.prefetchedRowCount }
        return count
    }
}

extension Database {
    /// A cursor over the rows of `request`: the main statement runs at once and rows are read as
    /// `next()` asks for them (`RowCursor`), with `including(all:)` fetched chunk by chunk.
    public func cursor(_ request: Request, chunking: CursorChunking = .init()) throws -> RowCursor {
        try RowCursor(db: self, request: request, chunking: chunking)
    }
}

extension Request {
    /// A cursor over the rows of the request. See `Database.cursor(_:chunking:)`.
    public func fetchCursor(_ db: Database) throws -> RowCursor { try db.cursor(self) }
}
