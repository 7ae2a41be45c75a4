import Foundation
import TestSupport
import XCTest

/// Your own SQL in the real `assoc` binary under tmux: `:SELECT …` Enter shows the statement's
/// rows at 80×24 and 160×45; a write typed there is refused in the prompt and the file's bytes
/// stay as they were.
final class OwnSQLEndToEndTests: XCTestCase {
    static let statement = "SELECT Name, Milliseconds FROM Track WHERE Milliseconds > 300000 ORDER BY Milliseconds DESC"

    func testAStatementOnTheRequestLineShowsItsRows() throws {
        let assoc = try Products.assoc()
        for (width, height) in [(80, 24), (160, 45)] {
            let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-own-sql-\(width).sqlite")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
            let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: width, height: height)
            defer { session.kill() }
            session.waitFor("Album")
            session.send(":")
            session.waitFor(":")
            session.send("C-u")
            session.send(Self.statement)
            session.send("Enter")
            let screen = session.waitFor(timeout: 5, "the statement's rows") { screen in
                screen.contains("Balls to the Wall") && screen.contains("Go Down") && screen.contains("Milliseconds")
            }
            XCTAssertTrue(screen.contains("SQL"), screen)
            XCTAssertFalse(screen.contains("Fast As a Shark"), "a row the statement leaves out: \(screen)")

            // Writes are refused in the prompt, the view stays.
            for write in ["DELETE FROM Track", "PRAGMA writable_schema=ON", "WITH a AS (SELECT 1) DELETE FROM Track"] {
                session.send(":")
                session.send("C-u")
                session.send(write)
                session.send("Enter")
                session.waitFor("SQL refused")
                session.send("Escape")
                session.waitFor(timeout: 5, "the prompt closed") { !$0.contains("SQL refused") }
            }
            session.waitFor("Balls to the Wall")
            session.send("q")
            session.waitFor("EXITED 0")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), bytes)
        }
    }
}
