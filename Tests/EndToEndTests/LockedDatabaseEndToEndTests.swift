import Foundation
import XCTest

/// Another process holds the database (`BEGIN EXCLUSIVE` in the sqlite3 shell): a page to load
/// waits for its lock, the status line says so, and Esc cancels the wait at once, and `q` quits at
/// once, instead of after the lock timeout (5 s a statement).
final class LockedDatabaseEndToEndTests: XCTestCase {
    func testEscAndQuitAnswerWhileAnotherProcessHoldsTheLock() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
              INSERT INTO item SELECT i, 'item ' || i FROM n;
            """, name: "locked.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table item; echo EXITED $?; sleep 5", width: 100, height: 30)
        defer { session.kill() }
        session.waitFor("item 1")
        Thread.sleep(forTimeInterval: 0.5)  // the first counts done

        let holder = Shell.run(
            "( printf '%s\\n' 'BEGIN EXCLUSIVE;' 'INSERT INTO item VALUES (9999, NULL);'; sleep 30 ) | sqlite3 "
                + Shell.quote(db) + " >/dev/null 2>&1 & echo $!"
        ).output.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = Shell.run("kill \(holder) 2>/dev/null") }
        // The shell has the lock once a second reader times out on it.
        let deadline = Date().addingTimeInterval(5)
        while Shell.run("printf 'SELECT 1 FROM item LIMIT 1;' | sqlite3 " + Shell.quote(db) + " >/dev/null 2>&1").status == 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }

        // `G` needs a page, which waits for the lock; each key answers at once.
        for (key, answer) in [("Escape", "Query cancelled"), ("q", "EXITED 0")] {
            session.send("G")
            session.waitFor("waiting: the database is locked by another process")
            let pressed = Date()
            session.send(key)
            session.waitFor(answer, timeout: 2)
            XCTAssertLessThan(Date().timeIntervalSince(pressed), 2, key)
        }
    }
}
