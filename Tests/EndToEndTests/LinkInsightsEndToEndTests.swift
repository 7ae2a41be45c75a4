import Foundation
import TestSupport
import XCTest

/// The real `assoc` binary under tmux: the Links pane marks the belongsTo links with orphans
/// (`⚠ 3 orph…`), `O` opens a link's orphans as a view (Backspace back), `C` its cardinality profile
/// (Enter opens the rows of a line); the file is never written.
final class LinkInsightsEndToEndTests: XCTestCase {
    func testOrphanMarksOrphanViewAndCardinalityProfile() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(OrphanFixture.sql, name: "orphans.sqlite")
        let links = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("orphans.assoc").path
        try OrphanFixture.associations.write(toFile: links, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let session = try TmuxSession(
            command: "'\(assoc)' '\(db)' --associations '\(links)' --table driver; echo EXITED $?; sleep 5", width: 100, height: 30)
        defer { session.kill() }
        var screen = session.waitFor("→ nationalityCountry ⚠ 3")
        screen = session.waitFor("→ mentor ⚠ 1 orphan")
        XCTAssertTrue(screen.contains("→ team ⚠ 2 orphans"), screen)
        // The Links pane starts on nationalityCountry: O opens its orphans, drivers 2, 4 and 6.
        session.send("Tab", "O")
        screen = session.waitFor("nationalityCountry orphans")
        screen = session.waitFor("Flo")
        XCTAssertTrue(screen.contains("Bob") && screen.contains("Di"), screen)
        XCTAssertFalse(screen.contains("│ Ed ") || screen.contains("│ Cy "), screen)
        XCTAssertTrue(screen.contains(#""parent"."id" IS NULL"#), screen)
        // Backspace: back to the drivers, the Links pane focused as it was.
        session.send("BSpace")
        session.waitFor("│ Ed ")
        session.send("C")
        screen = session.waitFor("Cardinality: driver.nationalityCountry → country")
        screen = session.waitFor("6 rows of driver")
        XCTAssertTrue(screen.contains("NULL key"), screen)
        session.send("Enter")
        // The status line says "Opening nationalityCountry NULL key…" before the rows arrive:
        // wait for the row itself, then check the view's title.
        screen = session.waitFor("│ Cy ")
        XCTAssertTrue(screen.contains("nationalityCountry NULL key"), screen)
        XCTAssertFalse(screen.contains("│ Flo "), screen)
        session.send("q")
        session.waitFor("EXITED 0")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "the database is never written")
    }
}
