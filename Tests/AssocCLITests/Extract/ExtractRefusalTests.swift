import AssocCore
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What `assoc extract` refuses, and how it fails: one line on stderr, a non-zero exit, and no
/// output file nor partial file left anywhere; the source unchanged (`ExtractFixture.run`).
final class ExtractRefusalTests: XCTestCase {
    static let sql = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
        INSERT INTO author VALUES (1, 'Austen'), (2, 'Brontë');
        INSERT INTO book VALUES (1, 1, 'Emma'), (2, 2, 'Villette');
        """

    /// The run failed with one line on stderr naming `words`, and left the output folder as `listing`.
    private func assertRefused(
        _ result: BinaryRunner.Result, naming words: [String], in fixture: ExtractFixture, listing: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, 1, result.stdout, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("assoc: "), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
        for word in words { XCTAssertTrue(result.stderr.contains(word), "\(word) in \(result.stderr)", file: file, line: line) }
        XCTAssertEqual(try ExtractFixture.listing(fixture.outputDirectory), listing, "no file left", file: file, line: line)
    }

    func testAnExistingOutputIsRefusedWithoutForceAndReplacedWithIt() throws {
        let fixture = try ExtractFixture(sql: Self.sql, test: self)
        let out = fixture.output()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
        try assertRefused(try fixture.run("book.filter(key: 1)"), naming: [out, "exists", "--force"], in: fixture, listing: ["out.sqlite"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), Data("keep me".utf8))

        let forced = try fixture.run("book.filter(key: 1)", ["--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try Connection(path: out).fetchAll("SELECT name FROM author"), [[.text("Austen")]])
        XCTAssertEqual(try ExtractFixture.listing(fixture.outputDirectory), ["out.sqlite"])
    }

    func testTheSourceItselfIsRefusedEvenWithForceHoweverItIsNamed() throws {
        let fixture = try ExtractFixture(sql: Self.sql, test: self)
        let link = fixture.outputDirectory.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.source)
        let roundabout = fixture.outputDirectory.appendingPathComponent("../source/./source.sqlite").path
        for name in [fixture.source, roundabout, link, fixture.source + "-wal"] {
            let result = try fixture.run("book", ["--force"], output: name)
            try assertRefused(result, naming: ["the database being read"], in: fixture, listing: ["link.sqlite"])
        }
        XCTAssertEqual(try ExtractFixture.listing(fixture.sourceDirectory), ["source.sqlite"])
    }

    func testARequestThatDoesNotParseOrNamesNothing() throws {
        let fixture = try ExtractFixture(sql: Self.sql, test: self)
        try assertRefused(try fixture.run("book.filter(key: 1"), naming: ["does not parse", "')'"], in: fixture)
        try assertRefused(try fixture.run("bok.filter(key: 1)"), naming: [#""bok""#, #""book""#], in: fixture)
        try assertRefused(try fixture.run("author", ["--with", "books.autor"]), naming: [#""autor""#, #""author""#], in: fixture)
        try assertRefused(try fixture.run("author", ["--with", "bookz"]), naming: [#""bookz""#, #""books""#], in: fixture)
        let empty = try fixture.run("author", ["--with", "books..author"])
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.stderr.contains("association names joined by dots"), empty.stderr)
        XCTAssertEqual(try ExtractFixture.listing(fixture.outputDirectory), [])
    }

    func testAMissingFolderIsNotCreatedAndAnUnwritablePlaceIsReported() throws {
        let fixture = try ExtractFixture(sql: Self.sql, test: self)
        let missing = fixture.outputDirectory.appendingPathComponent("missing/out.sqlite").path
        try assertRefused(try fixture.run("book", output: missing), naming: ["missing", "no such directory"], in: fixture)

        // A place no one may create a file in: a folder without write permission, or /proc for root.
        let unwritable: String
        if geteuid() == 0 {
            unwritable = "/proc/assoc-extract-\(UUID().uuidString).sqlite"
        } else {
            let locked = fixture.outputDirectory.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            chmod(locked.path, 0o500)
            addTeardownBlock { chmod(locked.path, 0o700) }
            unwritable = locked.appendingPathComponent("out.sqlite").path
        }
        let result = try fixture.run("book", output: unwritable)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("assoc: cannot write "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: unwritable))
    }

    func testASourceThatIsNotADatabase() throws {
        let fixture = try ExtractFixture(sql: Self.sql, test: self)
        let text = fixture.sourceDirectory.appendingPathComponent("notes.sqlite")
        try Data("not a database\n".utf8).write(to: text)
        let result = try BinaryRunner.run(["extract", text.path, "book", "--output", fixture.output()])
        try assertRefused(result, naming: ["notes.sqlite", "not a SQLite database"], in: fixture)
        XCTAssertEqual(try Data(contentsOf: text), Data("not a database\n".utf8))
    }

    func testAWriteThatFailsMidwayLeavesNothing() throws {
        // 3,000 rows of 200 bytes: about 700 KB, past a 64 KB file size limit.
        let rows = (3...3002).map { "(\($0), 1, '\(String(repeating: "x", count: 200))')" }.joined(separator: ", ")
        let fixture = try ExtractFixture(sql: Self.sql + "INSERT INTO book VALUES \(rows);", test: self)
        let result = try fixture.run("author.filter(key: 1)", ["--all-children"], fileSizeBlocks: 128)
        try assertRefused(result, naming: ["cannot write", "out.sqlite", "file size limit"], in: fixture)

        // The same without the limit works: the limit was the only problem.
        let unlimited = try fixture.run("author.filter(key: 1)", ["--all-children"])
        XCTAssertEqual(unlimited.status, 0, unlimited.stderr)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: fixture.output())[.size] as? Int ?? 0, 128 * 512)
    }

    func testARequestWithoutRowsWritesTheSchemaAndSaysSo() throws {
        let fixture = try ExtractFixture(sql: Self.sql + "CREATE INDEX book_author ON book(authorId);", test: self)
        let result = try fixture.run("book.filter(title == 'Nothing')")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix("The request matched no row: \(fixture.output()) holds the schema, every table empty.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("0 rows in 0 tables (2 empty) written to "), result.stdout)
        let oracle = try SubsetOracle(path: fixture.source)
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: [:])
    }
}
