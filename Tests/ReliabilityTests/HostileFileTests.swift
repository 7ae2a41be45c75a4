import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// Every hostile file through `assoc schema`, `assoc fetch` (JSON and table) and the engine API:
/// a clear message or safe output, never a signal, a hang, or a write.
final class HostileFileTests: XCTestCase {
    func testCorpusIsLargeEnough() {
        XCTAssertGreaterThanOrEqual(HostileCases.all().count, 30)
    }

    func testEveryCaseThroughTheCommandLineAndTheEngine() throws {
        _ = try BinaryRunner.binaryURL()
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for (index, hostile) in HostileCases.all().enumerated() {
            let directory = root.appendingPathComponent("case\(index)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            let path = try hostile.build(directory)
            let before = FileSnapshot(of: directory)
            let request = hostile.requestText
            let secondary: [(String, [String])] = [
                ("schema json", ["schema", path, "--format", "json"]),
                ("fetch table", ["fetch", path, request, "--format", "table"])
            ]
            // `schema` and `fetch --format json` on every file; the two other forms on every file
            // under ASSOC_FULL_TESTS=1, else one of them in turn (`BudgetTests` runs the rest).
            let runs: [(String, [String])] =
                [("schema", ["schema", path]), ("fetch json", ["fetch", path, request, "--format", "json"])]
                + (TestVolume.isFull ? secondary : [secondary[index % secondary.count]])
            // The commands run two at a time (a process each; the machine has two cores).
            let outcomes = BinaryRunner.runConcurrently(runs.map(\.1))
            var results: [String: BinaryRunner.Result] = [:]
            for ((label, _), outcome) in zip(runs, outcomes) {
                let result = try outcome.outcome.get()
                results[label] = result
                let context = "\(hostile.name) / \(label)"
                XCTAssertFalse(result.signaled, "\(context): ended by a signal, status \(result.status): \(result.stderr.prefix(500))")
                XCTAssertFalse(result.timedOut, "\(context): timed out")
                XCTAssertTrue(result.status == 0 || result.status == 1, "\(context): status \(result.status)")
                if result.status == 1 {
                    XCTAssertTrue(result.stderr.hasPrefix("assoc: "), "\(context): unclear error \(result.stderr.prefix(300))")
                    XCTAssertFalse(result.stderrBytes.contains(0x1B), "\(context): ESC in the error message")
                }
            }
            check(hostile, results)
            // The application bounds SQLite's memory, as `assoc` does (the library never sets the
            // process-wide limit): a view of nested CTEs would take gigabytes to prepare.
            try Connection.withMemoryLimit(bytes: 256 << 20) { checkEngine(hostile, path: path) }
            // Not even a WAL database's -shm index changes (see WALFiles.swift).
            XCTAssertEqual(before.differences(to: FileSnapshot(of: directory)), [], "\(hostile.name): files changed")
        }
    }

    func check(_ hostile: HostileCase, _ results: [String: BinaryRunner.Result]) {
        let schema = results["schema"]
        let json = results["fetch json"]
        let table = results["fetch table"]
        switch hostile.expectation {
        case .opens(let contains):
            XCTAssertEqual(schema?.status, 0, "\(hostile.name): schema failed: \(schema?.stderr ?? "")")
            if let schemaJSON = results["schema json"] { XCTAssertEqual(schemaJSON.status, 0, "\(hostile.name): schema json failed") }
            XCTAssertEqual(json?.status, 0, "\(hostile.name): fetch json failed: \(json?.stderr.prefix(300) ?? "")")
            if let table { XCTAssertEqual(table.status, 0, "\(hostile.name): fetch table failed: \(table.stderr.prefix(300))") }
            for text in contains {
                XCTAssertTrue(json?.stdout.contains(text) ?? false, "\(hostile.name): JSON lacks \(text): \(json?.stdout.prefix(300) ?? "")")
            }
        case .opensButFetchFails(let message):
            XCTAssertEqual(schema?.status, 0, "\(hostile.name): schema failed: \(schema?.stderr ?? "")")
            for result in [json, table].compactMap({ $0 }) {
                XCTAssertEqual(result.status, 1, "\(hostile.name): fetch should fail")
                XCTAssertTrue(result.stderr.contains(message), "\(hostile.name): \(result.stderr) lacks \(message)")
            }
        case .refused(let message):
            for (label, result) in results {
                XCTAssertEqual(result.status, 1, "\(hostile.name) / \(label): should be refused")
                XCTAssertTrue(result.stderr.hasPrefix("assoc: cannot open "), "\(hostile.name) / \(label): \(result.stderr)")
                XCTAssertTrue(message.isEmpty || result.stderr.contains(message), "\(hostile.name) / \(label): \(result.stderr) lacks \(message)")
                XCTAssertEqual(result.stdout, "", "\(hostile.name) / \(label)")
            }
        }
    }

    /// The engine: open, read the schema, fetch five rows and count them; every failure a thrown error.
    func checkEngine(_ hostile: HostileCase, path: String) {
        let database: Database
        do {
            database = try Database(path: path)
        } catch {
            if hostile.engineOpens == true { XCTFail("\(hostile.name): engine cannot open: \(error)") }
            XCTAssertNotNil((error as? AssocError)?.databaseError, "\(hostile.name): unexpected \(type(of: error))")
            return
        }
        if hostile.engineOpens == false { XCTFail("\(hostile.name): the engine opened it") }
        do {
            let request = try hostile.request.map { try database.request(parsing: $0) } ?? Table(hostile.fetchTarget).limit(5)
            let rows = try database.fetchAll(request)
            if case .opens = hostile.expectation { XCTAssertFalse(rows.isEmpty, "\(hostile.name): no rows") }
            if case .opensButFetchFails = hostile.expectation { XCTFail("\(hostile.name): engine fetch succeeded") }
        } catch {
            if case .opens = hostile.expectation { XCTFail("\(hostile.name): engine fetch failed: \(error)") }
        }
        _ = try? database.fetchCount(Table(hostile.fetchTarget).all)
    }
}

/// A name quoted for the request language.
func quotedName(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
}
