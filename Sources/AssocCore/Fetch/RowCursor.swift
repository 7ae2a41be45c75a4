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
/// A cursor is not `Sendable`: it is read where it was made (each step takes the database's lock,
/// so other threads may fetch from the same `Database` meanwhile). To stop it from elsewhere,
/// hand out its `cancellation` handle, which is `Sendable`; `cancel()` stops this cursor only.
/// Iterate with `while let row = try cursor.next()`, `for try await row in cursor` (it is an
/// `AsyncSequence`, and honours task cancellation) or `for result in cursor.results` (a
/// `Sequence` of `Result`s: an error is an element, never swallowed).
public final class RowCursor {
    let db: Database
    /// nil for a cursor over rows already read (and after `deinit` released it under the lock).
    private var statement: Statement?
    /// The statement's plan (nil for a cursor over rows already read): `forEachRawRow` reads the
    /// rest of it again after a row too big for SQLite.
    private let planned: PlannedStatement?
    private let reader: ScopeReader?
    private let visibleCount: Int
    private let columnCount: Int
    private let plans: [PlannedPrefetch]
    private let chunking: CursorChunking
    private var handle: CancellationHandle
    private var chunk = FetchedRows()
    private var position = 0
    private var parentsPerChunk: Int
    private var chunksRead = 0
    private var isExhausted = false
    /// The prefetch cursors of the last row handed out by `nextStreamed()` one parent at a time.
    private var streams: [RowCursor] = []
    /// Parents read from the statement whose prefetched rows are still to fetch, one at a time.
    private var pending = FetchedRows()
    private var pendingIndex = 0
    /// Rows handed out so far (a streamed parent's children count toward its chunk sizing).
    private(set) var rowsRead = 0

    /// A cursor running `planned` (a prefetch's statement restricted to `keys`).
    init(db: Database, planned: PlannedStatement, keys: [PrefetchKey]?, chunking: CursorChunking) throws {
        let handle = CancellationHandle()
        let generated = try planned.statement(keys: keys)
        let (statement, columns, reader) = try db.perform(handle) { _ in try RowReader.prepare(planned, generated, in: db) }
        self.db = db
        self.statement = statement
        self.planned = keys == nil ? planned : nil
        self.reader = reader
        self.columnCount = columns.count
        self.visibleCount = columns.count - planned.hiddenWidth
        self.plans = planned.prefetches
        self.chunking = chunking
        self.parentsPerChunk = chunking.firstChunkParents
        self.handle = handle
    }

    /// A cursor over rows already read (a chunk's prefetched rows, handed out as a cursor).
    init(db: Database, rows: [Row], cancellation: CancellationHandle) {
        self.db = db
        self.statement = nil
        self.planned = nil
        self.reader = nil
        self.columnCount = 0
        self.visibleCount = 0
        self.plans = []
        self.chunking = CursorChunking()
        self.parentsPerChunk = 1
        self.handle = cancellation
        self.chunk.rows = rows
        self.isExhausted = true
    }

    /// The next row, with its prefetched rows; nil after the last one. Throws `CancellationError`
    /// after `cancel()`, at once (a statement of the cursor running then is interrupted).
    public func next() throws -> Row? {
        if let row = try nextReadAhead() { return row }
        // One operation on the database: its lock held, this cursor's handle read while it steps.
        return try db.perform(handle) { _ in try nextInOperation() }
    }

    /// Rows of a statement without prefetches, read a batch at a time under one hold of the
    /// database's lock (`readAhead`), and handed out one at a time without it.
    private var ahead: [Row] = []
    private var aheadIndex = 0
    /// An error met while reading ahead, thrown once the rows read before it are handed out.
    private var aheadError: Error?
    /// At most this many rows, or this many bytes of text and blobs, are read ahead.
    static let readAheadRows = 64
    static let readAheadBytes = 1 << 18

    /// The next row read ahead, after a look at the cancellation; nil when none is left.
    private func nextReadAhead() throws -> Row? {
        guard aheadIndex < ahead.count else { return nil }
        try checkCancellation()
        let row = ahead[aheadIndex]
        aheadIndex += 1
        rowsRead += 1
        return row
    }

    /// Steps the statement for up to `readAheadRows` rows (fewer once their text and blobs pass
    /// `readAheadBytes`: one big cell is read alone), and hands out the first.
    private func readAhead(_ statement: Statement, _ reader: ScopeReader) throws -> Row? {
        if let error = aheadError {
            aheadError = nil
            throw failure(error)
        }
        guard !isExhausted else { return nil }
        ahead.removeAll(keepingCapacity: true)
        aheadIndex = 0
        var bytes = 0
        do {
            while ahead.count < Self.readAheadRows, bytes < Self.readAheadBytes {
                guard try statement.step() else {
                    isExhausted = true
                    break
                }
                let row = reader.read(statement)
                bytes += row.valueBytes
                ahead.append(row)
            }
        } catch {
            // The rows read before the error come first.
            guard !ahead.isEmpty else { throw failure(error) }
            aheadError = error
        }
        return try nextReadAhead()
    }

    private func nextInOperation() throws -> Row? {
        try checkCancellation()
        try finishStreams()
        if plans.isEmpty, let statement, let reader {
            if let row = try nextReadAhead() { return row }
            return try readAhead(statement, reader)
        }
        while position >= chunk.rows.count {
            guard !isExhausted || hasPending else { return nil }
            do {
                try readChunk()
            } catch {
                throw failure(error)
            }
        }
        let row = chunk.rows[position]
        position += 1
        rowsRead += 1
        return row
    }

    /// The next row as a `StreamedRow`: its `including(all:)` rows are read as cursors. Parents
    /// whose prefetched rows fit several to a chunk come with their rows already read (each
    /// cursor hands them out); a parent that brings a chunk's worth of rows or more is read on
    /// its own, its prefetched rows straight from prefetch statements restricted to its key, as
    /// the consumer reads them: memory stays bounded however many rows one parent has.
    public func nextStreamed() throws -> StreamedRow? {
        if plans.isEmpty, let row = try nextReadAhead() { return StreamedRow(row: row, streams: [:], cursor: self) }
        return try db.perform(handle) { _ in try nextStreamedInOperation() }
    }

    private func nextStreamedInOperation() throws -> StreamedRow? {
        if plans.isEmpty {
            // No prefetch: the row as next() reads it.
            return try nextInOperation().map { StreamedRow(row: $0, streams: [:], cursor: self) }
        }
        try checkCancellation()
        try finishStreams()
        func chunkRow() throws -> StreamedRow? { try next().map { StreamedRow(row: $0, streams: [:], cursor: self) } }
        guard !plans.isEmpty, position >= chunk.rows.count, let statement, let reader else { return try chunkRow() }
        if parentsPerChunk > 1, !hasPending, !isExhausted {
            // Several parents to a chunk; a chunk that overflows leaves its parents pending.
            do {
                try readChunk()
            } catch {
                throw failure(error)
            }
            if position < chunk.rows.count { return try chunkRow() }
        }
        guard hasPending || !isExhausted else { return nil }
        do {
            let hasPending = self.hasPending
            var parent: FetchedRows
            if hasPending {
                parent = takePending()
            } else {
                guard try statement.step() else {
                    isExhausted = true
                    return nil
                }
                parent = FetchedRows()
                parent.hiddenWidth = columnCount - visibleCount
                parent.rows = [reader.read(statement)]
                statement.appendValues(in: visibleCount..<columnCount, to: &parent.hidden)
            }
            guard var row = parent.rows.first else { return nil }
            var cursors: [StreamedRow.Place: RowCursor] = [:]
            var visibleIndexes: [Int] = []
            for plan in plans {
                let cursor: RowCursor
                if let key = Prefetcher.key(of: 0, in: parent, plan: plan, visibleIndexes: &visibleIndexes) {
                    cursor = try RowCursor(db: db, planned: plan.statement, keys: [key], chunking: chunking)
                    cursor.handle = handle
                } else {
                    cursor = RowCursor(db: db, rows: [], cancellation: handle)
                }
                // The row keeps fetchAll's shape: an empty list where the rows will stream.
                row.attachPrefetched(plan.key, [], at: plan.scopePath[...])
                cursors[StreamedRow.Place(path: plan.scopePath, key: plan.key)] = cursor
                streams.append(cursor)
            }
            chunksRead += 1
            rowsRead += 1
            return StreamedRow(row: row, streams: cursors, cursor: self)
        } catch {
            throw failure(error)
        }
    }

    private var hasPending: Bool { pendingIndex < pending.rows.count }

    /// The reader of a flat cursor not read yet (see `flatColumnNames`).
    var flatReader: ScopeReader? {
        guard plans.isEmpty, statement != nil, let reader, reader.children.isEmpty, visibleCount == columnCount,
            rowsRead == 0, ahead.isEmpty, !isExhausted
        else { return nil }
        return reader
    }

    /// The statement `forEachRawRow` steps, and its reader.
    var rawStatement: Statement? { statement }

    /// The plan of the statement `forEachRawRow` reads.
    var rawPlanned: PlannedStatement? { planned }
    var rawReader: ScopeReader? { reader }

    /// `checkCancellation()` for `forEachRawRow`.
    func checkRawCancellation() throws { try checkCancellation() }

    /// `failure(_:)` for `forEachRawRow`.
    func rawFailure(_ error: Error) -> Error { failure(error) }

    /// Once `forEachRawRow` read every row.
    func markExhausted() { isExhausted = true }

    /// Set once `next()` threw `CancellationError`: it throws it again (an interrupted statement
    /// was reset, and would start over).
    private var wasCancelled = false

    /// `error`, or `CancellationError` when the cursor was cancelled.
    private func failure(_ error: Error) -> Error {
        guard handle.isCancelled else { return error }
        wasCancelled = true
        return CancellationError()
    }

    private func checkCancellation() throws {
        if wasCancelled { throw CancellationError() }
        if handle.isCancelled {
            wasCancelled = true
            throw CancellationError()
        }
    }

    /// Sizes the next chunk from the rows the last streamed parent's cursors handed out.
    private func finishStreams() throws {
        guard !streams.isEmpty else { return }
        let held = 1 + streams.reduce(0) { $0 + $1.rowsRead }
        streams = []
        parentsPerChunk = hasPending ? 1 : chunking.nextChunkParents(after: 1, holding: held)
    }

    /// Stops the cursor: `next()` throws `CancellationError` from then on. Only this cursor's statements stop, never another fetch of the
    /// same database. From another thread, use `cancellation.cancel()`.
    public func cancel() {
        handle.cancel()
    }

    /// The handle that cancels this cursor (and the cursors of its streamed rows), from any thread
    /// or task: a statement of this cursor stepping then is interrupted at once.
    public var cancellation: CancellationHandle { handle }

    var database: Database { db }

    deinit {
        // Finalized under the database's lock: another thread may be using the connection.
        if statement != nil { try? db.perform { _ in statement = nil } }
    }

    /// Calls `body` with each remaining row.
    func forEach(_ body: (Row) throws -> Void) throws {
        while let row = try next() { try body(row) }
    }

    /// Reads the next chunk of parent rows and fetches their prefetched rows.
    private func readChunk() throws {
        chunk = FetchedRows()
        position = 0
        if pendingIndex < pending.rows.count {
            // A parent of a chunk whose prefetched rows overflowed: one at a time, as they come.
            chunk = takePending()
        } else {
            guard let statement, let reader else {
                isExhausted = true
                return
            }
            chunk.hiddenWidth = columnCount - visibleCount
            chunk.rows.reserveCapacity(Swift.min(parentsPerChunk, 1024))
            while chunk.rows.count < parentsPerChunk {
                guard try statement.step() else {
                    isExhausted = true
                    break
                }
                chunk.rows.append(reader.read(statement))
                statement.appendValues(in: visibleCount..<columnCount, to: &chunk.hidden)
            }
        }
        guard !chunk.rows.isEmpty else { return }
        // Several parents whose rows pass twice the budget (a parent far above the ones before
        // it): the chunk is dropped and its parents are taken one at a time.
        let parents = chunk
        let (limit, overflows) = chunking.rowBudget.multipliedReportingOverflow(by: 2)
        let limits = FetchLimits(rows: parents.rows.count > 1 && !overflows ? limit : nil)
        do {
            for plan in plans {
                if handle.isCancelled { throw failure(CancellationError()) }
                var executed: [QueryPlan.Step] = []
                try Prefetcher.prefetch(plan, into: &chunk, db: db, executed: &executed, limits: limits)
            }
        } catch is ChunkOverflow {
            pending = parents
            pendingIndex = 0
            parentsPerChunk = 1
            chunk = FetchedRows()
            return
        }
        chunk.hidden = []
        chunk.hiddenWidth = 0
        chunksRead += 1
        let held = chunk.rows.count + chunk.rows.reduce(0) { $0 + $1.prefetchedRowCount }
        parentsPerChunk = hasPending ? 1 : chunking.nextChunkParents(after: chunk.rows.count, holding: held)
    }

    /// The next parent of `pending`, with its hidden values, as a chunk of one.
    private func takePending() -> FetchedRows {
        var one = FetchedRows()
        guard pendingIndex < pending.rows.count else { return one }
        one.hiddenWidth = pending.hiddenWidth
        one.rows = [pending.rows[pendingIndex]]
        for column in 0..<pending.hiddenWidth { one.hidden.append(pending.hiddenValue(pendingIndex, column)) }
        pendingIndex += 1
        if pendingIndex >= pending.rows.count {
            pending = FetchedRows()
            pendingIndex = 0
        }
        return one
    }
}

/// Thrown by `RowReader.fetch` past `FetchLimits.rows`.
struct ChunkOverflow: Error {}

extension Row {
    /// The bytes of the text and blob values of this row and its scopes (what reading ahead counts).
    var valueBytes: Int {
        var count = 0
        for value in values {
            switch value {
            case .text(let text): count += text.utf8.count
            case .blob(let bytes): count += bytes.count
            default: count += 8
            }
        }
        for (_, scope) in scopes { count += scope.valueBytes }
        return count
    }

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
        try RowCursor(db: self, planned: plan(request).main, keys: nil, chunking: chunking)
    }

    /// `cursor(_:)` reading cells as previews, as `fetchAll(_:previewingCellsUpTo:)` reads them:
    /// what a table for people shows, without a copy of each long value.
    package func cursor(_ request: Request, previewingCellsUpTo limit: Int, cutting: CellPreview.Cutting = .inSQL) throws -> RowCursor {
        try RowCursor(db: self, planned: plan(request, previewingCellsUpTo: limit, cutting: cutting).main, keys: nil, chunking: CursorChunking())
    }
}

extension Request {
    /// A cursor over the rows of the request. See `Database.cursor(_:chunking:)`.
    func fetchCursor(_ db: Database) throws -> RowCursor { try db.cursor(self) }
}

/// A cursor is read where it was made: hand out its `cancellation` to stop it from elsewhere.
@available(*, unavailable)
extension RowCursor: Sendable {}
