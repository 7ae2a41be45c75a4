import AssocCore
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// `e` to a `.sqlite` or `.db` name: the browser counts the rows the file would hold (the view's
/// rows, the rows it includes, every parent), asks, then writes the database `assoc extract`
/// writes; `n` writes nothing.
final class ExportDatabaseTests: XCTestCase {
    private func app(_ keys: [KeyEvent]) throws -> BrowserApp {
        let terminal = FakeTerminal(width: 160, height: 24, keys: keys)
        let app = BrowserApp(dataSource: RequestDataSource(database: try ChinookFixture.database()), terminal: terminal, title: "t.db")
        app.run()
        return app
    }

    private func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("export-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    private func type(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    func testTheExtensionPicksADatabase() {
        for name in ["a.sqlite", "B.DB", "c.sqlite3", "d.db3"] { XCTAssertEqual(ExportFormat.forPath(name), .sqlite, name) }
        XCTAssertEqual(ExportFormat.forPath("a.dbx"), .json)
    }

    func testTheCountIsShownThenYWritesTheSubset() throws {
        let path = try folder().appendingPathComponent("albums.sqlite").path
        // Album: its 4 rows, and the 2 artists they point to. By hand: 6 rows of 2 tables.
        let keys: [KeyEvent] = [.down, .down, .enter, .character("e"), .control("u")] + type(path) + [.enter]
        let asked = try app(keys)
        XCTAssertEqual(asked.state.exportPrompt?.stage, .confirmSubset(rows: 6, tables: 2))
        XCTAssertEqual(
            asked.state.exportPrompt?.line,
            "Write 6 rows of 2 tables to \(path)? The view's rows, the rows it includes, every parent they point to (y/N)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing is written before y")

        let refused = try app(keys + [.character("n")])
        XCTAssertNil(refused.state.exportPrompt)
        XCTAssertEqual(refused.state.message?.text, "Export cancelled: nothing written to \(path)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        let written = try app(keys + [.character("y")])
        XCTAssertEqual(
            written.state.message?.text,
            "Exported 6 rows to \(path) (a SQLite database: the view's rows, the rows it includes, every parent; the whole schema)")
        let copy = try Connection(path: path)
        XCTAssertEqual(try copy.fetchAll("SELECT AlbumId FROM Album ORDER BY AlbumId"), (1...4).map { [.integer($0)] })
        XCTAssertEqual(try copy.fetchAll("SELECT Name FROM Artist ORDER BY ArtistId"), [[.text("AC/DC")], [.text("Accept")]])
        XCTAssertEqual(try copy.fetchAll("SELECT count(*) FROM sqlite_schema WHERE type = 'table'"), [[.integer(8)]])
        XCTAssertEqual(try copy.fetchAll("SELECT count(*) FROM Track"), [[.integer(0)]])
    }

    func testWhatTheViewIncludesComesWithItsParents() throws {
        let path = try folder().appendingPathComponent("acdc.db").path
        // AC/DC with its albums prefetched and their tracks: by hand, 1 artist, albums 1 and 4,
        // tracks 1, 5, 6 and 7, their media type and genre Rock: 9 rows of 5 tables.
        let request = "Artist.filter(key: 1).including(all: albums.including(all: tracks))"
        let keys: [KeyEvent] =
            [.enter, .character(":"), .control("u")] + type(request) + [.enter, .character("e"), .control("u")] + type(path) + [.enter]
        let asked = try app(keys)
        XCTAssertEqual(asked.state.exportPrompt?.stage, .confirmSubset(rows: 9, tables: 5), asked.state.message?.text ?? "")
        let written = try app(keys + [.character("y")])
        XCTAssertTrue(written.state.message?.text.hasPrefix("Exported 9 rows to \(path)") ?? false, written.state.message?.text ?? "")
        let copy = try Connection(path: path)
        XCTAssertEqual(try copy.fetchAll("SELECT TrackId FROM Track ORDER BY TrackId"), [1, 5, 6, 7].map { [.integer($0)] })
        XCTAssertEqual(try copy.fetchAll("SELECT GenreId FROM Genre"), [[.integer(1)]])
        XCTAssertEqual(try copy.fetchAll("PRAGMA foreign_key_check"), [])
    }
}
