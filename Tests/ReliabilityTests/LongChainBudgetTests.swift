import AssocCore
import Foundation
import TestSupport
import XCTest

/// The budget on long chains (issue 32, item 5): a ring of 60 tables, a chain of 50
/// `request(for:)` and a declared through association of 50 steps, by `sql` and `fetch` in every
/// format, each within `BudgetTests.seconds` (under `ASSOC_FULL_TESTS=1`) and its memory limit, status 0 (they failed with
/// SQLite's "parser stack overflow" from 12 steps).
final class LongChainBudgetTests: XCTestCase {
    func testFiftyStepChainsStayWithinTheBudget() throws {
        _ = try BinaryRunner.binaryURL()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-chain-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("ring.sqlite").path
        let rows = (1...100).map { "(\($0), \($0 % 100 + 1))" }.joined(separator: ", ")
        var sql = "BEGIN;\n"
        for table in 0..<60 {
            sql += "CREATE TABLE t\(table)(id INTEGER PRIMARY KEY, nextId INTEGER REFERENCES t\((table + 1) % 60)(id));\n"
            sql += "INSERT INTO t\(table) VALUES \(rows);\n"
        }
        do {
            // Closed before the commands read it; rows point to tables filled later.
            let writer = try Connection(path: path, mode: .readWrite(create: true))
            try writer.execute("PRAGMA foreign_keys = OFF")
            try writer.execute(sql + "COMMIT;")
        }
        let declarations = root.appendingPathComponent("far.assoc").path
        let steps = Array(repeating: "next", count: 50).joined(separator: ", ")
        try "t0.hasMany(t50, through: [\(steps)], key: \"far\")\n".write(toFile: declarations, atomically: true, encoding: .utf8)
        let chain = "t0.filter(id <= 10)" + String(repeating: ".request(for: next)", count: 50)
        let through = "t0.filter(id <= 10).request(for: far)"
        var commands: [[String]] = []
        for request in [chain, through] {
            commands.append(["sql", path, request, "--associations", declarations])
            commands += ["table", "json", "ndjson", "csv", "debug"].map {
                ["fetch", path, request, "--associations", declarations, "--format", $0]
            }
        }
        for arguments in commands {
            let context = "\(arguments[0]) \(arguments[2].prefix(40))… \(arguments.suffix(2).joined(separator: " "))"
            let started = Date()
            let result = try BinaryRunner.run(arguments, timeout: 60, virtualMemoryKB: BudgetTests.virtualMemoryKB)
            let elapsed = Date().timeIntervalSince(started)
            if BudgetTests.checksTime { XCTAssertLessThan(elapsed, BudgetTests.seconds, "\(context): took \(elapsed) s") }
            XCTAssertEqual(result.status, 0, "\(context): \(result.stderr.prefix(300))")
            if arguments[0] == "fetch" && arguments.last == "csv" {
                // Ids 1…10 lead to 51…60 (id k → k % 100 + 1, 50 times), each once.
                XCTAssertEqual(result.stdout.split(whereSeparator: \.isNewline).count, 11, "\(context): \(result.stdout.prefix(300))")
            }
        }
    }
}
