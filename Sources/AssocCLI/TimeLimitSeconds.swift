import ArgumentParser

/// `--time-limit SECONDS` of `assoc check` and `assoc report`: a number of seconds a statement
/// may run, 0 for no limit.
enum TimeLimitSeconds {
    /// Refuses what is not a number of seconds between 0 and 3600.
    static func validate(_ seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0, seconds <= 3600 else {
            throw ValidationError("--time-limit must be a number of seconds between 0 and 3600, such as 2 or 0.5")
        }
    }

    /// The limit in milliseconds (at least 1), nil for 0 (no limit).
    static func milliseconds(_ seconds: Double) -> Int? {
        seconds > 0 ? max(1, Int((seconds * 1000).rounded())) : nil
    }
}
