/// Counts the requests resolved against the schema (phase 1, `ResolvedQuery`) by the work that
/// `counting` runs on the current task or thread: how a test checks that a page resolves its
/// request once. Costs one task-local read per resolution when nothing counts.
package enum ResolutionCount {
    @TaskLocal private static var tally: Locked<Int>?

    /// The result of `body`, and the number of requests it resolved.
    package static func counting<T>(_ body: () throws -> T) rethrows -> (result: T, resolutions: Int) {
        let tally = Locked(0)
        let result = try $tally.withValue(tally) { try body() }
        return (result, tally.withLock { $0 })
    }

    /// One more resolution, when something counts.
    static func record() {
        tally?.withLock { $0 += 1 }
    }
}
