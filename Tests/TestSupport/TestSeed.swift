import Foundation
import XCTest

extension XCTestCase {
    /// The seed of a randomized test: `ASSOC_SEED` when set (a replay), else `fallback`, else a
    /// fresh one. When the test fails, its seed is printed with the command that replays it.
    public func randomSeed(fallback: UInt64? = nil) -> UInt64 {
        let seed = TestSeed.fromEnvironment ?? fallback ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let name = self.name
        addTeardownBlock { [weak self] in
            // (`hasSucceeded` is false until the run stops, after the teardown blocks.)
            guard let run = self?.testRun, run.totalFailureCount > 0 else { return }
            print(TestSeed.replayLine(test: name, seed: seed))
        }
        return seed
    }
}

/// The seed a randomized test replays from.
public enum TestSeed {
    /// `ASSOC_SEED`, when it holds a number.
    public static var fromEnvironment: UInt64? {
        ProcessInfo.processInfo.environment["ASSOC_SEED"].flatMap { UInt64($0) }
    }

    /// What a failing randomized test prints: its seed and how to run it again with it.
    public static func replayLine(test: String, seed: UInt64) -> String {
        // XCTest names a test `Class.method` (Linux) or `-[Class method]` (macOS); --filter takes `Class/method`.
        let parts = test.trimmingCharacters(in: CharacterSet(charactersIn: "-[]")).split(whereSeparator: { $0 == "." || $0 == " " })
        let filter = parts.count == 2 ? "\(parts[0])/\(parts[1])" : test
        return "\(test) failed with seed \(seed): replay with ASSOC_SEED=\(seed) swift test --filter '\(filter)'"
    }
}
