import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What may stop the statement stepping on a connection, read by SQLite's progress handler (on
/// the thread that steps it) and by the busy handler: the cancellation handles of the operations
/// running now (a fetch, a cursor's `next()`, a `Database.read`; nested ones stacked) and a
/// deadline (`withTimeLimit`). `cancelRunning()` may be called from any thread: it cancels the
/// operations running at that moment, and nothing that starts later.
final class StatementControl: Sendable {
    private struct State {
        var running: [CancellationHandle] = []
        var deadline: Int64?
        var deadlinePassed = false
    }

    private let state = Locked(State())
    /// SQLite virtual machine steps between two looks (a few microseconds of work).
    static let stepsBetweenChecks: Int32 = 1_000

    /// Runs `body` as an operation stopped by `handle` (and by any operation it runs inside).
    func run<T>(_ handle: CancellationHandle, _ body: () throws -> T) rethrows -> T {
        state.withLock { $0.running.append(handle) }
        defer { state.withLock { _ = $0.running.popLast() } }
        return try body()
    }

    /// Whether an operation running now was cancelled.
    var isCancelled: Bool {
        state.withLock { state in state.running.contains { $0.isCancelled } }
    }

    /// Whether nothing runs as an operation (a statement stepped straight on a connection).
    var isIdle: Bool { state.withLock { $0.running.isEmpty } }

    /// Cancels the operations running now; returns whether there was one.
    @discardableResult
    func cancelRunning() -> Bool {
        let running = state.withLock { $0.running }
        for handle in running { handle.cancel() }
        return !running.isEmpty
    }

    /// What the progress handler asks: stop the statement (cancelled, or past the deadline)?
    func shouldStop() -> Bool {
        state.withLock { state in
            if let deadline = state.deadline, Self.now() >= deadline { state.deadlinePassed = true }
            return state.deadlinePassed || state.running.contains { $0.isCancelled }
        }
    }

    /// Runs `body` with statements stopped `milliseconds` from now (the earlier of two nested
    /// deadlines); returns whether the deadline passed during `body`, with its result or error.
    func withDeadline<T>(milliseconds: Int, _ body: () throws -> T) -> (Result<T, Error>, passed: Bool) {
        let previous = state.withLock { state -> (Int64?, Bool) in
            let saved = (state.deadline, state.deadlinePassed)
            let deadline = Self.now() + Int64(max(0, milliseconds))
            state.deadline = min(deadline, state.deadline ?? .max)
            state.deadlinePassed = false
            return saved
        }
        let result = Result { try body() }
        let passed = state.withLock { state -> Bool in
            let passed = state.deadlinePassed
            (state.deadline, state.deadlinePassed) = previous
            return passed
        }
        return (result, passed)
    }

    /// Installs the progress handler on `db`; `self` must outlive the connection.
    func install(on db: OpaquePointer) {
        sqlite3_progress_handler(
            db, Self.stepsBetweenChecks,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StatementControl>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
