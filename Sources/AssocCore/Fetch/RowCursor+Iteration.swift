/// `for try await row in cursor`: each row is read by `next()` on the database's read queue
/// (the one `Database.read(_:)` uses), the task suspended meanwhile, never blocking a thread of the
/// cooperative pool; cancelling the task cancels the cursor (its running statement is
/// interrupted) and the loop throws `CancellationError`.
extension RowCursor: AsyncSequence {
    /// A row, as `next()` returns it.
    public typealias Element = Row

    /// Reads the cursor's rows in a `for try await` loop.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: RowCursor

        /// The next row, nil after the last; `CancellationError` once the task is cancelled.
        public mutating func next() async throws -> Row? {
            let cursor = self.cursor
            return try await cursor.cancellation.whileTaskRuns(on: cursor.db) { try cursor.next() }
        }
    }

    /// An iterator over the rows not read yet.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cursor: self) }

    /// The rows not read yet as a `Sequence` of results: `for result in cursor.results { let row =
    /// try result.get() }`. An error is the last element (a `.failure`), never swallowed: a
    /// `Sequence` cannot throw, so the error is an element to unwrap.
    package var results: CursorResults<Row> { CursorResults(next: next) }
}

/// The elements of a cursor as a `Sequence` of `Result`s, ending after the last element or after
/// the first error (which is the last element).
package struct CursorResults<Element>: Sequence, IteratorProtocol {
    private let read: () throws -> Element?
    private var isDone = false

    init(next: @escaping () throws -> Element?) { read = next }

    /// The next element, a `.failure` once (then nil), or nil after the last element.
    package mutating func next() -> Result<Element, any Error>? {
        guard !isDone else { return nil }
        do {
            guard let element = try read() else {
                isDone = true
                return nil
            }
            return .success(element)
        } catch {
            isDone = true
            return .failure(error)
        }
    }
}
