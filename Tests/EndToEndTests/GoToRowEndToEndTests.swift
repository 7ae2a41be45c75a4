import Foundation
import TestSupport
import XCTest

/// Go to row N in the real `assoc` binary under tmux (issue 30, item 3), at 80×24 and 160×45:
/// `250G` on a table (paged by key) and on a SQLite view (paged with OFFSET) shows row 250, its
/// number real in the title; `:1000` goes to row 1000. The table and the view are opened with
/// the Tables pane's filter (`/`, item 4).
final class GoToRowEndToEndTests: XCTestCase {
    /// `item`: ids 3, 6, …, 9,000 named `item <id>`; `even`, a view of the even ids.
    static let sql = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
        INSERT INTO item SELECT i * 3, 'item ' || (i * 3) FROM n;
        CREATE VIEW even AS SELECT id, name FROM item WHERE id % 2 = 0;
        """

    func testCountThenGAndRequestLineNumberGoToTheRow() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "goto-row.sqlite")
        for (width, height) in [(80, 24), (160, 45)] {
            let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: width, height: height)
            defer { session.kill() }
            session.waitFor("item")
            // The table, found with the Tables pane's filter.
            session.send("/")
            session.waitFor("table:")
            session.send("ite", "Enter")
            session.waitFor("item 3")
            session.send("2", "5", "0")
            session.waitFor("250  G: go to row 250")
            session.send("G")
            var screen = session.waitFor("item 750")
            XCTAssertTrue(screen.contains("250/"), "\(width)x\(height): \(screen)")
            XCTAssertFalse(screen.contains("?/"), screen)
            // :1000, deeper.
            session.send(":")
            session.waitFor(": item")
            session.send("C-u", "1000", "Enter")
            screen = session.waitFor("item 3000")
            XCTAssertTrue(screen.contains("1000/"), screen)
            // The view, paged with OFFSET.
            // Back to the Tables pane (Backspace: back one hop).
            session.send("BSpace")
            session.send("/")
            session.waitFor("table:")
            session.send("even", "Enter")
            session.waitFor("item 6")
            session.send("2", "5", "0", "G")
            screen = session.waitFor("item 1500")
            XCTAssertTrue(screen.contains("250/"), "\(width)x\(height): \(screen)")
            session.send("q")
            session.waitFor("EXITED 0")
        }
    }
}
