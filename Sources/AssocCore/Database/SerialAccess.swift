/// A value used by one thread at a time: `withLock` runs its body holding a recursive lock, so
/// a body may call another that locks again on the same thread (a fetch calls the fetches it is
/// made of).
final class SerialAccess<Value: AnyObject>: Sendable {
    private let lock: Locked<Void>
    /// Read only under `lock` (or through `unsynchronized`); a `let` of a class whose users
    /// serialize themselves through this type.
    nonisolated(unsafe) private let value: Value

    init(_ value: Value) {
        self.value = value
        lock = Locked((), recursive: true)
    }

    /// Runs `body` with the value, no other thread using it meanwhile.
    func withLock<T>(_ body: (Value) throws -> T) rethrows -> T {
        try lock.whileLocked { try body(value) }
    }

    /// The value without the lock: for callers that use it from one thread only (the browser's
    /// worker), documented where they do.
    var unsynchronized: Value { value }
}
