import AssocCore
import Foundation
import TestSupport
import XCTest

/// A source database in a folder of its own and an output folder beside it, for `assoc extract`
/// tests: runs the command and checks what every extract promises (the source's schema, both
/// PRAGMA checks clean, the source's bytes and folder unchanged) and the rows against
/// `SubsetOracle`.
struct ExtractFixture {
    let source: String
    let sourceDirectory: URL
    let outputDirectory: URL

    init(sql: String, name: String = "source.sqlite", test: XCTestCase) throws {
        let root = try makeTemporaryDirectory()
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        sourceDirectory = root.appendingPathComponent("source")
        outputDirectory = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        source = try makeDatabaseFile(name, in: sourceDirectory, sql: sql)
    }

    /// A path in the output folder.
    func output(_ name: String = "out.sqlite") -> String { outputDirectory.appendingPathComponent(name).path }

    /// The names in a folder, sorted.
    static func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs `assoc extract SOURCE request --output out arguments…`, checks the source is as it was.
    func run(_ request: String, _ arguments: [String] = [], output: String? = nil, fileSizeBlocks: Int? = nil) throws -> BinaryRunner.Result {
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let listing = try Self.listing(sourceDirectory)
        let result = try BinaryRunner.run(
            ["extract", source, request, "--output", output ?? self.output()] + arguments, fileSizeBlocks: fileSizeBlocks)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), before, "the source's bytes are unchanged")
        XCTAssertEqual(try Self.listing(sourceDirectory), listing, "nothing is left beside the source")
        XCTAssertFalse(result.signaled, "the command ended by a signal: \(result.stderr)")
        return result
    }

    /// Checks the file at `out`: the source's schema, clean PRAGMA checks, and exactly the rows
    /// `expected` gives each table (by the oracle's row numbers).
    static func assertSubset(
        _ out: String, of oracle: SubsetOracle, source: String, expected: [String: Set<Int>], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let copy = try Connection(path: out)
        let original = try Connection(path: source)
        let schema = "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\' ORDER BY type, name"
        XCTAssertEqual(try copy.fetchAll(schema), try original.fetchAll(schema), "the schema is the source's", file: file, line: line)
        XCTAssertEqual(try copy.fetchAll("PRAGMA foreign_key_check"), [], "no row points to a missing parent", file: file, line: line)
        XCTAssertEqual(try copy.fetchAll("PRAGMA integrity_check"), [[.text("ok")]], file: file, line: line)
        let written = try SubsetOracle.readTables(copy)
        XCTAssertEqual(Set(written.keys), Set(oracle.tables.keys), "every table of the source", file: file, line: line)
        for (key, fingerprints) in oracle.expectedFingerprints(expected) {
            XCTAssertEqual(written[key]?.fingerprints.sorted(), fingerprints, "the rows of \(key)", file: file, line: line)
        }
    }

    /// The values of `column` in the rows `subset` gives `table`, sorted (for checks by hand).
    static func values(_ column: String, of table: String, in subset: [String: Set<Int>], oracle: SubsetOracle) -> [DatabaseValue] {
        guard let rows = oracle.tables[table.lowercased()], let index = rows.column(column) else { return [] }
        return (subset[table.lowercased()] ?? []).map { rows.rows[$0][index] }.sorted { "\($0)" < "\($1)" }
    }
}
