import Foundation

/// How many inputs the high-volume tests (fuzzers, monkeys, differential and budget runs) use:
/// a quick default that still reaches every behaviour, so that `swift test` is run every few
/// minutes, and the full counts under `ASSOC_FULL_TESTS=1` (set by `.ci/run`).
public enum TestVolume {
    /// True under `ASSOC_FULL_TESTS=1`.
    public static var isFull: Bool { ProcessInfo.processInfo.environment["ASSOC_FULL_TESTS"] == "1" }

    /// `quick`, or `full` under `ASSOC_FULL_TESTS=1`; a number in the environment variable
    /// `variable` (a count chosen by hand) wins over both.
    public static func count(quick: Int, full: Int, variable: String? = nil) -> Int {
        if let variable, let chosen = ProcessInfo.processInfo.environment[variable].flatMap({ Int($0) }) { return chosen }
        return isFull ? full : quick
    }
}
