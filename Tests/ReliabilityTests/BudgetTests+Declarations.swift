import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// The budget with `--associations` files (issue 32, item 5): every command on the files of
/// `DeclarationFileCases` (10,000 declarations, 30 files, keys of 64 and 5,000 columns, through
/// chains of 63 and 1,000 steps) ends within the time budget and the memory limit, reading the
/// files or refusing them with the limit they pass. The default run takes the formats in turn
/// (`BudgetTests.variants`) and checks no time; `ASSOC_FULL_TESTS=1` runs them all, timed.
extension BudgetTests {
    func testEveryCommandWithBigAssociationsFilesStaysWithinItsBudget() throws {
        _ = try BinaryRunner.binaryURL()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-budget-declarations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var slowest: (String, TimeInterval) = ("", 0)
        for (index, declared) in DeclarationFileCases.all().enumerated() {
            let directory = root.appendingPathComponent("case\(index)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            let (path, files) = try declared.build(directory)
            let associations = files.flatMap { ["--associations", $0] }
            let target = declared.fetchTarget
            // (arguments, whether it must succeed when the files are read)
            var commands: [([String], Bool)] = Self.variants(
                [
                    ["text", "json", "dot", "mermaid"].map { ["schema", path, "--format", $0] },
                    [["sql", path, target + ".limit(5)"]],
                    ["table", "json", "ndjson", "csv", "debug"].map { ["fetch", path, target + ".limit(5)", "--format", $0] }
                ], index: index
            ).map { ($0, true) }
            for (number, (request, succeeds)) in declared.requests.enumerated() {
                // Both commands on each request under ASSOC_FULL_TESTS=1, else one in turn.
                let both = [["sql", path, request], ["fetch", path, request, "--format", "json"]]
                commands += Self.variants([both], index: index + number).map { ($0, succeeds) }
            }
            let outcomes = try Self.run(commands.map { $0.0 + associations })
            for ((arguments, mustSucceed), (result, elapsed)) in zip(commands, outcomes) {
                let context = "\(declared.name) / \(arguments[0]) \(arguments.dropFirst(2).joined(separator: " "))"
                if elapsed > slowest.1 { slowest = (context, elapsed) }
                if Self.checksTime { XCTAssertLessThan(elapsed, Self.seconds, "\(context): took \(elapsed) s") }
                XCTAssertFalse(result.signaled, "\(context): ended by a signal (memory?): \(result.stderr.prefix(300))")
                if let refusal = declared.refusal {
                    XCTAssertEqual(result.status, 1, "\(context): read files past a limit")
                    XCTAssertTrue(
                        result.stderr.hasPrefix("assoc: ") && result.stderr.contains(refusal),
                        "\(context): \(result.stderr.prefix(300))")
                    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(context): \(result.stderr.prefix(300))")
                } else if mustSucceed {
                    XCTAssertEqual(result.status, 0, "\(context): \(result.stderr.prefix(300))")
                } else {
                    XCTAssertTrue(result.status == 0 || result.stderr.hasPrefix("assoc: "), "\(context): \(result.stderr.prefix(300))")
                }
                XCTAssertNil(Self.rawControl(in: result.stderrBytes), "\(context): raw control byte on stderr")
            }
        }
        print(
            "BudgetTests (associations files): \(DeclarationFileCases.all().count) cases; slowest: \(slowest.0), \(String(format: "%.2f", slowest.1)) s"
        )
    }
}
