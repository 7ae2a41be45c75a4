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
final class BusyWait: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var noWait = false
    /// When the handler last slept (CLOCK_MONOTONIC, ms), 0 when it never did since the last statement.
    private var lastWaitMilliseconds: Int64 = 0
    let timeoutMilliseconds: Int32
    static let stepMilliseconds: Int32 = 5
    /// Whether the operation waiting was cancelled (`Connection.interrupt()`, a cursor's cancel).
    private let control: StatementControl

    init(timeoutMilliseconds: Int32, control: StatementControl) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.control = control
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    /// Whether a statement is waiting for another process's lock right now.
    var isWaiting: Bool {
        pthread_mutex_lock(&mutex)
        let last = lastWaitMilliseconds
        pthread_mutex_unlock(&mutex)
        return last > 0 && Self.now() - last < 100
    }

    /// Runs `body` with no wait at all for locks: its statements fail with `SQLITE_BUSY` at once.
    func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        setNoWait(true)
        defer { setNoWait(false) }
        return try body()
    }

    private func setNoWait(_ value: Bool) {
        pthread_mutex_lock(&mutex)
        noWait = value
        pthread_mutex_unlock(&mutex)
    }

    /// Clears the wait of the previous statement.
    func statementStarts() {
        pthread_mutex_lock(&mutex)
        lastWaitMilliseconds = 0
        pthread_mutex_unlock(&mutex)
    }

    /// Whether to wait again after `count` waits: no when interrupted or past the timeout.
    private func shouldWait(count: Int32) -> Bool {
        let cancelled = control.isCancelled
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard !cancelled, !noWait, Int64(count) * Int64(Self.stepMilliseconds) < Int64(timeoutMilliseconds) else {
            lastWaitMilliseconds = 0
            return false
        }
        lastWaitMilliseconds = Self.now()
        return true
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
