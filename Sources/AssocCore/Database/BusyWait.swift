import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waiting for another process's lock, in a way a cancel (`Connection.interrupt()`) can end at once: SQLite's
/// own busy timeout sleeps through an interrupt (a read behind another process's `BEGIN
/// EXCLUSIVE` took its whole timeout, statement after statement, before Esc or `q` answered).
/// This handler sleeps in steps of a few milliseconds and gives up as soon as an interrupt is
/// asked for, or when the timeout has passed; the statement then fails with `SQLITE_BUSY`.
final class BusyWait: Sendable {
    private struct State {
        var noWait = false
        /// When the handler last slept (CLOCK_MONOTONIC, ms), 0 when it never did since the last statement.
        var lastWaitMilliseconds: Int64 = 0
    }

    private let state = Locked(State())
    let timeoutMilliseconds: Int32
    static let stepMilliseconds: Int32 = 5
    /// Whether the operation waiting was cancelled (`Connection.interrupt()`, a cursor's cancel).
    private let control: StatementControl

    init(timeoutMilliseconds: Int32, control: StatementControl) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.control = control
    }

    /// Whether a statement is waiting for another process's lock right now.
    var isWaiting: Bool {
        let last = state.withLock { $0.lastWaitMilliseconds }
        return last > 0 && Self.now() - last < 100
    }

    /// Runs `body` with no wait at all for locks: its statements fail with `SQLITE_BUSY` at once.
    func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.noWait = true }
        defer { state.withLock { $0.noWait = false } }
        return try body()
    }

    /// Clears the wait of the previous statement.
    func statementStarts() {
        state.withLock { $0.lastWaitMilliseconds = 0 }
    }

    /// Whether to wait again after `count` waits: no when interrupted or past the timeout.
    private func shouldWait(count: Int32) -> Bool {
        let cancelled = control.isCancelled
        let timeout = timeoutMilliseconds
        return state.withLock { state in
            guard !cancelled, !state.noWait, Int64(count) * Int64(Self.stepMilliseconds) < Int64(timeout) else {
                state.lastWaitMilliseconds = 0
                return false
            }
            state.lastWaitMilliseconds = Self.now()
            return true
        }
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Installs the handler on `db`; `self` must outlive the connection's use of it.
    func install(on db: OpaquePointer) {
        sqlite3_busy_handler(
            db,
            { context, count in
                guard let context else { return 0 }
                let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
                guard wait.shouldWait(count: count) else { return 0 }
                usleep(useconds_t(BusyWait.stepMilliseconds) * 1000)
                return 1
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
