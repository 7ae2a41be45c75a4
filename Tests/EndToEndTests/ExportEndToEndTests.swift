import Foundation
import XCTest

/// `e` in the real browser: the JSON file it writes (in the current directory, default name
/// `<table>.json`) is what `assoc fetch DB --format json REQUEST` prints for the same request.
final class ExportEndToEndTests: XCTestCase {
    func testExportedJSONEqualsFetchOutput() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(BrowserEndToEndTests.chinookSQL, name: "chinook-export.sqlite")
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
        session.send("e")
        session.waitFor("Export to")
        XCTAssertTrue(session.capture().contains("Album.json"))
        session.send("Enter")
        session.waitFor("Exported 4 rows to Album.json (JSON)")

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
