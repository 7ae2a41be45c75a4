import Foundation
import XCTest

/// A query that takes long never freezes the screen: the spinner turns, Esc (or Ctrl-C) cancels
/// it and the previous screen stays; Ctrl-C with nothing running quits and restores the terminal.
final class CancelEndToEndTests: XCTestCase {
    /// `slow` sorts 100 million generated rows: opening it (and counting it) takes minutes.
    static let slowSQL = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO t VALUES (1, 'one'), (2, 'two');
        CREATE VIEW slow AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 100000000)
          SELECT x FROM c ORDER BY x DESC;
        """

    func testEscAndCtrlCCancelASlowQueryAndTheScreenStays() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.slowSQL, name: "slow.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 100, height: 30)
        defer { session.kill() }

        session.waitFor("slow")
        session.send("Enter")  // t: a previous view to keep
        session.waitFor("two")
        session.send("BSpace")  // back to the Tables pane, on t
        session.waitFor(timeout: 5, "the Tables pane again") { !$0.contains("Rows: t") }
        session.send("j", "Enter")  // open slow: the spinner turns
        session.waitFor("Opening slow… (Esc cancels)")
        let started = Date()
        session.send("Escape")
        var screen = session.waitFor("Query cancelled: Opening slow (previous view kept)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "Esc takes effect at once")
        XCTAssertFalse(screen.contains("Rows: slow"), screen)
        XCTAssertTrue(screen.contains("slow"), screen)

        // Still responsive: t opens.
        session.send("k", "Enter")
        session.waitFor("two")
        session.send("BSpace", "j", "Enter")
        session.waitFor("Opening slow… (Esc cancels)")
        session.send("C-c")  // Ctrl-C cancels the running query, it does not quit
        screen = session.waitFor("Query cancelled: Opening slow")
        XCTAssertFalse(screen.contains("EXITED"), screen)

        session.send("C-c")  // nothing runs (idle counts give way): Ctrl-C quits
        screen = session.waitFor("EXITED 0", timeout: 10)
        for remnant in ["─ Tables", "━ Tables", "─ Rows", "━ Rows", "│"] {
            XCTAssertFalse(screen.contains(remnant), "left on screen: \(remnant)\n\(screen)")
        }
    }

    /// A typed request (`:`) that never ends (an endless `WITH RECURSIVE` in a snippet), cancelled
    /// with Esc, leaves the view it would have replaced on screen, and says so.
    func testEscOnATypedRequestKeepsThePreviousView() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.slowSQL, name: "slow-typed.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 160, height: 30)
        defer { session.kill() }
        session.waitFor("slow")
        session.send("Enter")  // t: the view to keep
        session.waitFor("two")
        session.send(":")
        session.waitFor(": t")
        session.send("C-u")
        session.send("t.filter(sql: '(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c) > 0')")
        session.send("Enter")
        session.waitFor("(Esc cancels)", timeout: 10)
        session.send("Escape")
        let screen = session.waitFor("(previous view kept)", timeout: 10)
        XCTAssertTrue(screen.contains("Query cancelled"), screen)
        XCTAssertTrue(screen.contains("one") && screen.contains("two"), screen)
        XCTAssertFalse(screen.contains("EXITED"), screen)
    }
}
