extension Database {
    /// The result of `body` and the statements it ran, in order, with their arguments: what a
    /// page shows of how it was read.
    ///
    /// One operation on the database (its lock held throughout): the statements are those this
    /// body ran, no other thread's.
    package func recordingStatements<T>(_ body: () throws -> T) throws -> (T, [GeneratedStatement]) {
        try perform { access in
            let outer = access.recording
            access.recording = []
            defer {
                // An outer recording keeps everything, these statements included.
                if let outer { access.recording = outer + (access.recording ?? []) } else { access.recording = nil }
            }
            let result = try body()
            return (result, access.recording ?? [])
        }
    }
}
