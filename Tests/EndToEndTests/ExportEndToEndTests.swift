import Foundation
import TestSupport
import XCTest

/// `e` in the real browser: the JSON file it writes (in the current directory, default name
/// `<table>.json`) is what `assoc fetch DB --format json REQUEST` prints for the same request.
final class ExportEndToEndTests: XCTestCase {
    func testExportedJSONEqualsFetchOutput() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-export.sqlite")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: "cd '\(directory.path)' && '\(assoc)' '\(db)'; echo EXITED $?; sleep 5")
        defer { session.kill() }

        session.waitFor("PlaylistTrack")
        session.send("j", "j", "Enter")  // Album
        session.waitFor("Rows: Album")
        session.send("Tab", "+")  // Links of Album: artist first; include it
        session.waitFor("LEFT JOIN \"Artist\"")
        session.send("E")  // every column of the request: the fetch JSON contract
        session.waitFor("Export to")
        XCTAssertTrue(session.capture().contains("Album.json"))
        session.send("Enter")
        let done = session.waitFor("Exported 4 rows to /")
        XCTAssertTrue(done.contains("/Album.json (JSON,"), done)  // the absolute path of the file

        let exported = try String(contentsOf: directory.appendingPathComponent("Album.json"), encoding: .utf8)
        let fetch = Shell.run("'\(assoc)' fetch '\(db)' --format json 'Album.including(optional: artist)'")
        XCTAssertEqual(fetch.status, 0, fetch.output)
        XCTAssertEqual(exported, fetch.output)
        XCTAssertTrue(exported.contains("\"artist\": {\"ArtistId\": 1, \"Name\": \"AC/DC\"}"), exported)

        // Again: the file exists, so the browser asks; `n` keeps it.
        session.send("e")
        session.waitFor("Export to")
        session.send("Enter")
        session.waitFor("exists: overwrite it?")
        session.send("n")
        session.waitFor("Export cancelled")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("Album.json"), encoding: .utf8), exported)
        session.send("q")
        session.waitFor("EXITED 0")
    }
}

/// `e` to a `.sqlite` name in the real browser: the count first, then the database file, the
/// same rows `assoc extract` writes for the view's request; the source untouched.
final class ExportDatabaseEndToEndTests: XCTestCase {
    func testExportingToADatabaseFileWritesTheViewsSubset() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-export-db.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-export-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: "cd '\(directory.path)' && '\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 160)
        defer { session.kill() }

        session.waitFor("PlaylistTrack")
        session.send("j", "j", "Enter")  // Album
        session.waitFor("Rows: Album")
        session.send("e")
        session.waitFor("Export to")
        session.send("C-u")
        session.send("albums.sqlite")
        session.send("Enter")
        // By hand: the 4 albums and the 2 artists they point to.
        session.waitFor("Write 6 rows of 2 tables to albums.sqlite?")
        session.send("y")
        let done = session.waitFor("Exported 6 rows to /")
        XCTAssertTrue(done.contains("/albums.sqlite (a SQLite database"), done)

        let out = directory.appendingPathComponent("albums.sqlite").path
        let extract = directory.appendingPathComponent("extract.sqlite").path
        let cli = Shell.run("'\(assoc)' extract '\(db)' 'Album' -o '\(extract)'")
        XCTAssertEqual(cli.status, 0, cli.output)
        for table in ["Album", "Artist", "Track"] {
            let browser = Shell.run("sqlite3 '\(out)' 'SELECT * FROM \(table) ORDER BY 1'")
            XCTAssertEqual(browser.output, Shell.run("sqlite3 '\(extract)' 'SELECT * FROM \(table) ORDER BY 1'").output, table)
        }
        XCTAssertEqual(Shell.run("sqlite3 '\(out)' 'SELECT count(*) FROM Artist'").output, "2\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "the source is never written")
        session.send("q")
        session.waitFor("EXITED 0")
    }
}

/// A followed through link in the real browser: each destination record once, on screen and in
/// the exported file, across page boundaries (the browser reads 200 rows a page; here 900 tracks
/// lead to 300 albums, three tracks each, so join rows would straddle every page).
final class ThroughExportEndToEndTests: XCTestCase {
    static let sql = """
        CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL);
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL,
          AlbumId INTEGER REFERENCES Album(AlbumId), GenreId INTEGER REFERENCES Genre(GenreId));
        INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Jazz');
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 310)
          INSERT INTO Album SELECT i, 'Album ' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900)
          INSERT INTO Track SELECT i, 'Track ' || i, (i - 1) % 300 + 1, 1 FROM n;
        INSERT INTO Track VALUES (901, 'Jazz track', 305, 2);
        """

    func testExportOfAThroughViewHoldsEachRecordOnce() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "through-export.sqlite")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: "cd '\(directory.path)' && '\(assoc)' '\(db)' --table Genre; echo EXITED $?; sleep 5")
        defer { session.kill() }

        session.waitFor("Rows: Genre")
        session.send("Tab")
        session.waitFor("albums 300")  // the Links pane counts each album once
        session.send("j", "Enter")
        session.waitFor("› #1 Rock › albums")
        session.waitFor("1/300")
        session.send(":")
        session.waitFor(": Genre.filter(key: 1).request(for: albums)")
        session.send("Escape")
        session.send("G")
        session.waitFor("300/300")
        session.send("E")
        session.waitFor("Export to")
        session.send("C-u")
        session.send("rock.json", "Enter")
        let done = session.waitFor("Exported 300 rows to /")
        XCTAssertTrue(done.contains("/rock.json (JSON,"), done)

        let exported = try String(contentsOf: directory.appendingPathComponent("rock.json"), encoding: .utf8)
        let fetch = Shell.run("'\(assoc)' fetch '\(db)' --format json 'Genre.filter(key: 1).request(for: albums)'")
        XCTAssertEqual(fetch.status, 0, fetch.output)
        XCTAssertEqual(exported, fetch.output)
        // Albums 1 to 300 in key order, each once; 305 (Jazz only) and the track-less ones absent.
        let ids = exported.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "\"AlbumId\": ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        XCTAssertEqual(ids, Array(1...300))
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
