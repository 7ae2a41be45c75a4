import Foundation
import XCTest

/// A tool or build product a test needs (tmux, sqlite3, the built `assoc`): missing, the test is
/// skipped on a developer's machine, and fails under `CI=true`, where a green run must mean every
/// test ran.
public enum Prerequisite {
    /// The error to throw when `what` is missing: an `XCTSkip`, or under `CI=true` a failure.
    public static func missing(_ what: String) -> Error {
        isCI ? Missing(description: what + " (CI=true: a missing prerequisite fails the run)") : XCTSkip(what)
    }

    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    struct Missing: Error, CustomStringConvertible, LocalizedError {
        var description: String
        var errorDescription: String? { description }
    }
}
