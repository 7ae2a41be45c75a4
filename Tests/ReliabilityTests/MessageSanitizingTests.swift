import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// Every message that names a table, column, association, file or value — on stdout or stderr,
/// success or error — reaches the terminal without a control sequence.
final class MessageSanitizingTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Tables named by every hostile string (short, and 2,000 characters long), each with a
    /// hostile column and a foreign key to the previous one; more than the 20 tables listed.
    func makeDatabase(_ name: String = "names.db") throws -> (path: String, tables: [String]) {
        var tables: [String] = []
        for (index, text) in HostileStrings.all.enumerated() {
            tables.append("t\(index)" + text)
            tables.append(String(repeating: text, count: max(1, 2000 / max(1, text.count))) + "#\(index)")
        }
        let path = try CorpusBuilder.database(directory, name) { db in
            for (index, table) in tables.enumerated() {
                let column = "c" + HostileStrings.all[index % HostileStrings.all.count]
                let reference = index == 0 ? "" : ", parentId INTEGER REFERENCES \(quotedName(tables[index - 1]))(id)"
                try db.execute("CREATE TABLE \(quotedName(table)) (id INTEGER PRIMARY KEY, \(quotedName(column)) TEXT\(reference))")
                try db.execute(
                    "INSERT INTO \(quotedName(table)) (\(quotedName(column))) VALUES (?)",
                    arguments: [.text(HostileStrings.all[index % HostileStrings.all.count])])
            }
        }
        return (path, tables)
    }

    func assertSafe(_ result: BinaryRunner.Result, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.signaled, context, file: file, line: line)
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let controls = HostileBehaviourTests.terminalControls(in: text)
            XCTAssertEqual(controls, [], "\(context): raw controls on \(stream): \(text.prefix(300))", file: file, line: line)
        }
    }

    func testUnknownTableListsTheKnownOnesSafely() throws {
        let (path, tables) = try makeDatabase()
        for arguments in [[path, "--table", "nosuch"], ["browse", path, "-t", "nosuch"], [path, "--table=" + tables[1] + "x"]] {
            let result = try BinaryRunner.run(arguments)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.hasPrefix("assoc: no table or view named"), result.stderr)
            if arguments.last?.hasSuffix("x") == true {
                // A near miss names the table it is close to, escaped the same way.
                XCTAssertTrue(result.stderr.contains("(did you mean \"") && result.stderr.contains("\\u{1B}"), result.stderr)
            } else {
                XCTAssertTrue(result.stderr.contains("known: \"t0\\u{1B}[31mred\\u{1B}[0m\""), result.stderr)
            }
            assertSafe(result, "\(arguments.map { $0.prefix(20) })")
        }
    }

    /// Errors naming tables, columns, associations and values, from the request language and SQLite.
    /// Every request on every table under `ASSOC_FULL_TESTS=1`; by default every request on the
    /// first tables and one on each other table, taken in turn.
    func testRequestErrorsNamingHostileThingsAreSafe() throws {
        let (path, tables) = try makeDatabase()
        var runs: [[String]] = []
        for (index, table) in tables.enumerated() {
            let name = quotedName(table)
            let column = quotedName("c" + HostileStrings.all[index % HostileStrings.all.count])
            let requests = [
                name + "x",
                name + ".filter(nosuch" + HostileStrings.all[index % HostileStrings.all.count].filter { $0 != "\"" } + " == 1)",
                name + ".including(all: " + quotedName("no" + table) + ")",
                name + ".filter(" + column + " == 'v\u{1B}]0;x\u{07}').select(" + column + ", " + column + ")",
                name + ".select(" + column + ".forKey(" + quotedName(table) + "), id.forKey(" + quotedName(table) + "))",
                name + ".order(" + column + ".desc" + "\u{1B}[2J"
            ]
            for (number, request) in requests.enumerated() where index < 4 || TestVolume.isFull || number == index % requests.count {
                // Both commands on the first tables; fetch (the same errors) on the others.
                for command in index < 4 ? ["fetch", "sql"] : ["fetch"] {
                    runs.append([command, path, request])
                }
            }
        }
        // The commands run as many at a time as there are cores.
        for (arguments, outcome) in zip(runs, BinaryRunner.runConcurrently(runs)) {
            assertSafe(try outcome.outcome.get(), "\(arguments[0]) \(arguments[2].prefix(40))")
        }
    }

    func testSchemaAndFetchOutputsAreSafe() throws {
        let (path, tables) = try makeDatabase()
        for format in ["text", "json", "dot", "mermaid"] {
            let result = try BinaryRunner.run(["schema", path, "--format", format])
            XCTAssertEqual(result.status, 0, result.stderr)
            assertSafe(result, "schema \(format)")
        }
        for (index, table) in tables.prefix(8).enumerated() {
            // Every format on every table under ASSOC_FULL_TESTS=1, else one in turn.
            let formats = ["json", "table", "debug"]
            for format in TestVolume.isFull ? formats : [formats[index % formats.count]] {
                let result = try BinaryRunner.run(["fetch", path, quotedName(table), "--format", format])
                XCTAssertEqual(result.status, 0, result.stderr)
                assertSafe(result, "fetch \(format)")
            }
            let sql = try BinaryRunner.run(["sql", path, quotedName(table) + ".filter(id == 'x\u{1B}[31m')"])
            assertSafe(sql, "sql")
        }
    }

    /// File names and arguments echoed by the command line and by ArgumentParser's usage errors:
    /// every run with every string under `ASSOC_FULL_TESTS=1`, else three runs a string, in turn.
    func testFileNamesAndArgumentsAreSafe() throws {
        let hostile = HostileStrings.all.map { $0.replacing("/", with: "_").replacing("\0", with: "") }
        for (index, text) in hostile.enumerated() {
            let missing = directory.appendingPathComponent("m\(index)" + text + ".db").path
            let notADatabase = directory.appendingPathComponent("n\(index)" + text + ".db").path
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: notADatabase))
            let runs: [[String]] = [
                ["schema", missing], [missing], ["fetch", notADatabase, "t"], ["schema", notADatabase],
                ["schema", "--format", text], ["fetch", "a", "b", text], ["--" + text], ["sql", text, "t", "x"],
                ["schema", missing, "--format", "json" + text]
            ]
            for (number, arguments) in runs.enumerated() where TestVolume.isFull || number % 3 == index % 3 {
                let result = try BinaryRunner.run(arguments)
                XCTAssertNotEqual(result.status, 0, "\(arguments)")
                assertSafe(result, "\(arguments)")
            }
        }
    }
}
