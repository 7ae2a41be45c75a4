/// Stops the statements run on behalf of one cursor or one fetch, from any thread: `cancel()`
/// sets a flag that SQLite's progress handler reads while *that* operation's statement steps, so
/// the cancel interrupts it and never another statement of the same connection, running then or
/// later. A cursor's handle is `RowCursor.cancellation`; `Database.read(_:)` cancels its own
/// when its task is cancelled.
public final class CancellationHandle: Sendable {
    private let flag = Locked(false)

    /// A handle not cancelled yet.
    init() {}

    /// Cancels the operation: its running statement stops within a few thousand SQLite steps, and
    /// it runs no other (a cursor's `next()` throws `CancellationError` from then on).
    public func cancel() { flag.withLock { $0 = true } }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.withLock { $0 } }
}

extension CancellationHandle {
    /// `read()` on `db`'s read queue, the calling task suspended meanwhile (a thread of the
    /// cooperative pool never waits for SQLite), this handle cancelled if the task is cancelled:
    /// what a cursor's `AsyncIterator` does for each element.
    func whileTaskRuns<Element>(on db: Database, _ read: @escaping () throws -> Element?) async throws -> Element? {
        let handoff = Handoff(read)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Handoff<Element?>, Error>) in
                db.readQueue.async {
                    continuation.resume(with: Result { Handoff(try handoff.value()) })
                }
            }.value
        } onCancel: {
            cancel()
        }
    }
}

/// A value passed between a suspended task and the queue that works for it. Never touched by
/// both at once (the task waits until the queue resumes it), which the compiler cannot see for a
/// cursor (not `Sendable`: used by one thread at a time) and its elements.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
