#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state behind a mutex: the one lock type of the package. `withLock` runs its body holding
/// the mutex; with `recursive`, a body may lock again on the same thread (a fetch calls the
/// fetches it is made of). What `Mutex` of the Synchronization module does, which needs macOS 15
/// where the package supports macOS 13: a pthread mutex, on the heap (its address never moves),
/// is available everywhere and costs the same. The one place where a lock stands behind an
/// `@unchecked Sendable`: every access to `state` is under the mutex.
package final class Locked<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var state: State

    /// `state` behind a mutex; `recursive`: the thread holding it may take it again.
    package init(_ state: State, recursive: Bool = false) {
        self.state = state
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, no other thread holding the lock meanwhile. Not re-entrant,
    /// even on a recursive lock: the state is borrowed for the whole body.
    package func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Runs `body` holding the lock, without the state: on a recursive lock, `body` may call it
    /// again (a fetch calls the fetches it is made of).
    package func whileLocked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
