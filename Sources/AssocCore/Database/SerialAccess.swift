#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value used by one thread at a time: `withLock` runs its body holding a recursive mutex, so
/// a body may call another that locks again on the same thread. What `Mutex` of the
/// Synchronization module does (which needs macOS 15, above this package's macOS 13), with
/// re-entrancy: a fetch calls the fetches it is made of. The one place, with `CancellationHandle`,
/// `StatementControl` and `BusyWait`, where a lock stands behind a `Sendable` claim.
final class SerialAccess<Value: AnyObject>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let value: Value

    init(_ value: Value) {
        self.value = value
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread using it meanwhile.
    func withLock<T>(_ body: (Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(value)
    }

    /// The value without the lock: for callers that use it from one thread only (the browser's
    /// worker), documented where they do.
    var unsynchronized: Value { value }
}

/// A plain mutex around a small state, for flags read and set from any thread.
final class Locked<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var state: State

    init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
