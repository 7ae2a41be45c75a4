extension Database {
    /// The result of `body` and the statements it ran, in order, with their arguments: what a
    /// page shows of how it was read.
    ///
    /// A seam: today it reads `Database`'s recording of executed statements (the one
    /// `executedStatements(for:)` uses); the plan that runs is being reworked to record itself,
    /// and only this function needs to follow.
    package func recordingStatements<T>(_ body: () throws -> T) rethrows -> (T, [GeneratedStatement]) {
        let outer = recording
        recording = []
        defer {
            // An outer recording keeps everything, these statements included.
            if let outer { recording = outer + (recording ?? []) } else { recording = nil }
        }
        let result = try body()
        return (result, recording ?? [])
    }
}
