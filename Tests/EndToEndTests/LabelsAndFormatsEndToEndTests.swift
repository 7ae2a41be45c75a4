import Foundation
import TestSupport
import XCTest

/// Issue 30 items 6 and 8 in the real browser: key columns show their parent's label at 80×24
/// and 160×45, `L` hides them; the export prompt writes Markdown and SQL by the file's extension.
final class LabelsAndFormatsEndToEndTests: XCTestCase {
    func testKeyLabelsAtBothSizesAndLTogglesThem() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-labels.sqlite")
        for (width, height) in [(80, 24), (160, 45)] {
            let session = try TmuxSession(
                command: "'\(assoc)' '\(db)' --table Album; echo EXITED $?; sleep 5", width: width, height: height)
            defer { session.kill() }
            session.waitFor("Rows: Album")
            session.send("$")  // the last column, ArtistId, in view at 80 columns too
            let screen = session.waitFor("1 · AC/DC")
            XCTAssertTrue(screen.contains("FROM \"Artist\""), screen)  // the label statement in the SQL pane
            XCTAssertTrue(screen.contains("2 · Accept"), screen)
            session.send("L")
            session.waitFor("Labels of foreign keys hidden")
            XCTAssertFalse(session.capture().contains("1 · AC/DC"))
            session.send("L")
            session.waitFor("1 · AC/DC")
            session.send("q")
            session.waitFor("EXITED 0")
        }
    }

    func testTheExportPromptWritesMarkdownAndSQLByExtension() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-formats.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: "cd '\(directory.path)' && '\(assoc)' '\(db)' --table Album; echo EXITED $?; sleep 5")
        defer { session.kill() }
        session.waitFor("Rows: Album")
        session.send("$")
        session.waitFor("1 · AC/DC")
        for name in ["albums.md", "albums.sql"] {
            session.send("E")
            session.waitFor("Export to")
            session.send("C-u")
            for character in name { session.send(String(character)) }
            session.send("Enter")
            session.waitFor("Exported 4 rows to /")
        }
        session.send("q")
        session.waitFor("EXITED 0")

        let markdown = try String(contentsOf: directory.appendingPathComponent("albums.md"), encoding: .utf8)
        XCTAssertEqual(
            markdown,
            """
            | AlbumId | Title | ArtistId |
            | --- | --- | --- |
            | 1 | For Those About To Rock We Salute You | 1 |
            | 2 | Balls to the Wall | 2 |
            | 3 | Restless and Wild | 2 |
            | 4 | Let There Be Rock | 1 |

            """)  // labels are presentation: not in the file
        let sql = try String(contentsOf: directory.appendingPathComponent("albums.sql"), encoding: .utf8)
        XCTAssertTrue(
            sql.hasPrefix(
                "BEGIN TRANSACTION;\nCREATE TABLE IF NOT EXISTS \"Album\" (\"AlbumId\" INTEGER NOT NULL, \"Title\" TEXT NOT NULL, \"ArtistId\" INTEGER NOT NULL, PRIMARY KEY (\"AlbumId\"));\n"
                    + "INSERT INTO \"Album\" (\"AlbumId\", \"Title\", \"ArtistId\") VALUES (1, 'For Those About To Rock We Salute You', 1);\n"),
            sql)
        XCTAssertEqual(sql.split(separator: "\n").count, 2 + 4 + 1, "BEGIN, CREATE TABLE, 4 rows, COMMIT")
        // What `assoc fetch --format` prints is the same file.
        for (format, text) in [("markdown", markdown), ("sql", sql)] {
            let fetch = Shell.run("'\(assoc)' fetch '\(db)' --format \(format) Album")
            XCTAssertEqual(fetch.status, 0, fetch.output)
            XCTAssertEqual(fetch.output, text)
        }
        // The .sql file loads into an empty database: the same rows, value for value and class for class.
        let loaded = directory.appendingPathComponent("loaded.sqlite").path
        let load = Shell.run("sqlite3 -bail '\(loaded)' < '\(directory.appendingPathComponent("albums.sql").path)'")
        XCTAssertEqual(load.status, 0, load.output)
        let rows = "SELECT quote(AlbumId), typeof(AlbumId), quote(Title), quote(ArtistId) FROM Album ORDER BY AlbumId"
        let copied = Shell.run("sqlite3 '\(loaded)' '\(rows)'")
        let original = Shell.run("sqlite3 '\(db)' '\(rows)'")
        XCTAssertEqual(copied.output, original.output)
        XCTAssertEqual(copied.output.split(separator: "\n").count, 4, copied.output)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before)
    }
}
