import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc fetch --format tsv|markdown|sql` and `Table.label(Column)` in an `--associations` file,
/// with the built binary.
final class FetchFormatsAndLabelsTests: XCTestCase {
    static let sql = """
        CREATE TABLE Artist(ArtistId INTEGER PRIMARY KEY, Name TEXT);
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'tab	and|pipe'), (3, NULL);
        """

    private func database() throws -> (directory: URL, path: String) {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return (directory, try makeDatabaseFile("formats.sqlite", in: directory, sql: Self.sql))
    }

    func testTSVMarkdownAndSQLFormats() throws {
        let (_, path) = try database()
        let tsv = try BinaryRunner.run(["fetch", path, "Artist", "--format", "tsv"])
        XCTAssertEqual(tsv.status, 0, tsv.stderr)
        XCTAssertEqual(tsv.stdout, "ArtistId\tName\n1\tAC/DC\n2\ttab\\tand|pipe\n3\t\n")
        let markdown = try BinaryRunner.run(["fetch", path, "Artist", "--format", "markdown"])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertEqual(
            markdown.stdout, "| ArtistId | Name |\n| --- | --- |\n| 1 | AC/DC |\n| 2 | tab\tand\\|pipe |\n| 3 |  |\n")
        let sql = try BinaryRunner.run(["fetch", path, "Artist.order(ArtistId.desc).limit(1)", "--format", "sql"])
        XCTAssertEqual(sql.status, 0, sql.stderr)
        XCTAssertEqual(
            sql.stdout,
            "BEGIN TRANSACTION;\nCREATE TABLE IF NOT EXISTS \"Artist\" (\"ArtistId\" INTEGER NOT NULL, \"Name\" TEXT, PRIMARY KEY (\"ArtistId\"));\n"
                + "INSERT INTO \"Artist\" (\"ArtistId\", \"Name\") VALUES (3, NULL);\nCOMMIT;\n")
    }

    func testABadLabelColumnInAnAssociationsFileIsAClearError() throws {
        let (directory, path) = try database()
        let file = directory.appendingPathComponent("labels.assoc").path
        try "# the label of artists\nArtist.label(Nmae)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try BinaryRunner.run(["fetch", path, "--associations", file, "Artist"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(#"labels.assoc:2:14: no column "Nmae" in table "Artist" for its label"#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#""Name""#), result.stderr)
        try "Artist.label(Name)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let good = try BinaryRunner.run(["fetch", path, "--associations", file, "Artist", "--format", "ndjson"])
        XCTAssertEqual(good.status, 0, good.stderr)
    }
}
