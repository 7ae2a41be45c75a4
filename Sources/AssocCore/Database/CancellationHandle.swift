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
    /// `read()` on the calling task, this handle cancelled if the task is cancelled meanwhile:
    /// what a cursor's `AsyncIterator` does for each element.
    func whileTaskRuns<Element>(_ read: () throws -> Element?) async throws -> Element? {
        try await withTaskCancellationHandler {
            try read()
        } onCancel: {
            cancel()
        }
    }
}
