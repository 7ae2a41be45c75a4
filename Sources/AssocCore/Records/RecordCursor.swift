/// The records of a request read one at a time (a `RowCursor` whose rows are decoded as they are
/// read): memory stays bounded whatever the number of rows. As a row cursor, it is read where it
/// was made, is an `AsyncSequence` (`for try await record in cursor`) and gives its elements as a
/// `Sequence` of results (`results`); `cancellation` stops it from anywhere.
///
///     let cursor = try Track.fetchCursor(db, Track.order(Column("name")))
///     while let track = try cursor.next() { … }
public final class RecordCursor<Record: FetchableRecord> {
    let rows: RowCursor
    private let context: DecodingContext

    init(rows: RowCursor, context: DecodingContext) {
        self.rows = rows
        self.context = context
    }

    /// The next record, nil after the last; `CancellationError` once cancelled.
    public func next() throws -> Record? {
        guard var row = try rows.next() else { return nil }
        row.decodingContext = context
        return try Record(row: row)
    }

    /// The handle that cancels this cursor from any thread or task.
    public var cancellation: CancellationHandle { rows.cancellation }

    /// Stops the cursor: `next()` throws `CancellationError` from then on.
    public func cancel() { rows.cancel() }

    /// The records not read yet as a `Sequence` of results (an error is the last element).
    package var results: CursorResults<Record> { CursorResults(next: next) }
}

/// A record cursor is read where it was made.
@available(*, unavailable)
extension RecordCursor: Sendable {}

extension RecordCursor: AsyncSequence {
    /// A record, as `next()` returns it.
    public typealias Element = Record

    /// Reads the cursor's records in a `for try await` loop; a cancelled task cancels the cursor.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: RecordCursor

        /// The next record, nil after the last; `CancellationError` once the task is cancelled.
        public mutating func next() async throws -> Record? {
            let cursor = self.cursor
            return try await cursor.cancellation.whileTaskRuns(on: cursor.rows.db) { try cursor.next() }
        }
    }

    /// An iterator over the records not read yet.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cursor: self) }
}

extension FetchableRecord {
    /// A cursor over the records of `request`, decoded as they are read (GRDB's `fetchCursor`).
    public static func fetchCursor(_ db: Database, _ request: Request) throws -> RecordCursor<Self> {
        let plan = try db.plan(request)
        let context = DecodingContext(layout: TableLayout(scope: plan.scopeTree))
        return RecordCursor(rows: try RowCursor(db: db, planned: plan.main, keys: nil, chunking: CursorChunking()), context: context)
    }
}

extension FetchableRecord where Self: TableRecord {
    /// A cursor over the records of the table.
    public static func fetchCursor(_ db: Database) throws -> RecordCursor<Self> {
        try fetchCursor(db, all)
    }
}

extension Request {
    /// A cursor over the records of the request, decoded as `type`.
    func fetchCursor<Record: FetchableRecord>(_ db: Database, as type: Record.Type) throws -> RecordCursor<Record> {
        try Record.fetchCursor(db, self)
    }
}
