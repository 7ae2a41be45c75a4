import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// The budget on a file whose cells are bigger than the budget itself: a 100 MB BLOB and a
/// 100 MB TEXT (half hex, half accents, with a quote and a line break in it) beside small rows.
/// Every command ends within its time budget (checked under `ASSOC_FULL_TESTS=1`), and its peak
/// resident memory stays under the biggest value plus 64 MB: the value is held once, by SQLite,
/// and written from there in every format. The file is built in a temporary directory and removed
/// after (about 200 MB of disk while the test runs).
final class BigCellBudgetTests: XCTestCase {
    static let valueBytes = 100 << 20
    static var memoryCapKB: Int { (valueBytes + (64 << 20)) / 1024 }

    func testEveryCommandOnTheBigCellFileStaysWithinItsBudget() throws {
        let binary = try BinaryRunner.binaryURL()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-bigcell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = try CorpusBuilder.database(
            root, "big-cells.db",
            """
            CREATE TABLE blobs (id INTEGER PRIMARY KEY, label TEXT, value BLOB);
            INSERT INTO blobs VALUES (1, 'small', X'00FF');
            INSERT INTO blobs VALUES (2, 'big', randomblob(\(Self.valueBytes)));
            INSERT INTO blobs VALUES (3, 'after', X'');
            CREATE TABLE texts (id INTEGER PRIMARY KEY, label TEXT, value TEXT);
            INSERT INTO texts VALUES (1, 'small', 'x');
            INSERT INTO texts VALUES (2, 'big',
              '"' || hex(randomblob(\(Self.valueBytes / 4))) || replace(hex(zeroblob(\(Self.valueBytes / 4))), '00', 'é') || char(10) || ',');
            INSERT INTO texts VALUES (3, 'after', 'y');
            """)
        // Under ASSOC_FULL_TESTS=1 every format on both tables; by default `schema` as text and
        // each fetch format once, the tables taking them in turn.
        let schemaFormats = TestVolume.isFull ? ["text", "json", "dot", "mermaid"] : ["text"]
        var commands: [[String]] = schemaFormats.map { ["schema", path, "--format", $0] }
        commands.append(["sql", path, "texts"])
        for (number, format) in ["table", "json", "ndjson", "csv", "debug", "tsv", "markdown", "sql"].enumerated() {
            let tables = TestVolume.isFull ? ["blobs", "texts"] : [number.isMultiple(of: 2) ? "blobs" : "texts"]
            commands += tables.map { ["fetch", path, $0, "--format", format] }
        }
        var report: [String] = []
        for arguments in commands {
            let context = "\(arguments[0]) \(arguments.dropFirst(2).joined(separator: " "))"
            let result = try Self.measure(binary.path, arguments, timeout: 60)
            report.append("\(context): \(result.maximumResidentKB.map { "\($0 / 1024) MB" } ?? "? MB"), \(String(format: "%.2f", result.seconds)) s")
            XCTAssertEqual(result.status, 0, "\(context): \(result.stderr.prefix(300))")
            if BudgetTests.checksTime { XCTAssertLessThan(result.seconds, BudgetTests.seconds, "\(context): took \(result.seconds) s") }
            if let resident = result.maximumResidentKB {
                XCTAssertLessThan(resident, Self.memoryCapKB, "\(context): \(resident / 1024) MB resident")
            }
        }
        print("BigCellBudgetTests: " + report.joined(separator: "; "))
    }

    struct Measured {
        var status: Int32
        var seconds: TimeInterval
        /// Nil when `/usr/bin/time` is missing.
        var maximumResidentKB: Int?
        var stderr: String
    }

    /// Runs `executable` with stdout to /dev/null (the output is hundreds of MB), and returns how
    /// it ended, its time and its peak resident memory, as `/usr/bin/time` measures it (its own
    /// child: the rusage of a child spawned by this big test process would count the parent's).
    static func measure(_ executable: String, _ arguments: [String], timeout: TimeInterval) throws -> Measured {
        let process = Process()
        let usagePath = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-bigcell-\(UUID().uuidString).rss").path
        defer { try? FileManager.default.removeItem(atPath: usagePath) }
        let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        if hasTime {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", usagePath, executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        let err = Pipe()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + timeout) == .timedOut { process.terminate() }
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.signal()
        let seconds = Date().timeIntervalSince(started)
        let usage = (try? String(contentsOfFile: usagePath, encoding: .utf8)) ?? ""
        let resident = usage.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Measured(
            status: process.terminationStatus, seconds: seconds, maximumResidentKB: hasTime ? resident : nil,
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
