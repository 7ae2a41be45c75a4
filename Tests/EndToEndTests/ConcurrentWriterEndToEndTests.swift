import Foundation
import XCTest

/// Another process writes while the browser shows the table (WAL and rollback journal): its
/// commits never wait on the browser (no read transaction is held between screens), the browser
/// says "Data changed — R to refresh" (it polls `PRAGMA data_version` between keys), and `R`
/// shows the inserted, updated and deleted rows.
final class ConcurrentWriterEndToEndTests: XCTestCase {
    func sqlite3(_ db: String, _ sql: String) -> (status: Int32, seconds: TimeInterval) {
        let started = Date()
        let result = Shell.run("printf '%s\\n' " + Shell.quote(".timeout 5000\n" + sql) + " | sqlite3 " + Shell.quote(db))
        return (result.status, Date().timeIntervalSince(started))
    }

    func run(journalMode: String) throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            PRAGMA journal_mode = \(journalMode);
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO item VALUES (1, 'apple'), (2, 'banana'), (3, 'cherry');
            """, name: "writer-\(journalMode).sqlite")
        // WAL: the application that writes has the database open (its -wal and -shm files exist).
        // A WAL database nobody has open is read as an immutable snapshot, never creating files.
        var holder: String?
        if journalMode == "wal" {
            let started = Shell.run(
                "( printf '%s\\n' 'SELECT count(*) FROM item;'; sleep 20 ) | sqlite3 " + Shell.quote(db)
                    + " >/dev/null 2>&1 & echo $!")
            holder = started.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let deadline = Date().addingTimeInterval(5)
            while !FileManager.default.fileExists(atPath: db + "-shm") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        defer { if let holder { _ = Shell.run("kill \(holder) 2>/dev/null") } }
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 100, height: 30)
        defer { session.kill() }
        session.waitFor("item")
        session.send("Enter")
        session.waitFor("1/3 · col")  // idle: the rows shown, counted
        // The first idle poll, 500 ms later, reads the `PRAGMA data_version` later ones are compared
        // with: nothing on screen shows it, so this one wait is a time (writes before it would be
        // its starting point, and never reported).
        Thread.sleep(forTimeInterval: 0.6)

        var worst: TimeInterval = 0
        for sql in [
            "INSERT INTO item VALUES (4, 'durian');", "UPDATE item SET name = 'blueberry' WHERE id = 2;",
            "DELETE FROM item WHERE id = 1;"
        ] {
            let write = sqlite3(db, sql)
            XCTAssertEqual(write.status, 0, "\(journalMode): \(sql)")
            worst = max(worst, write.seconds)
        }
        print("\(journalMode): the writer's slowest commit while the browser idles took \(Int(worst * 1000)) ms")
        XCTAssertLessThan(worst, 1, "\(journalMode): commits never wait for the browser")

        var screen = session.waitFor("Data changed — R to refresh")
        XCTAssertTrue(screen.contains("apple"), "the rows shown stay until R:\n\(screen)")
        session.send("j")  // still working; the message stays
        session.waitFor("Data changed — R to refresh")
        session.send("R")
        screen = session.waitFor("durian")
        XCTAssertTrue(screen.contains("blueberry"), screen)
        XCTAssertFalse(screen.contains("apple"), screen)
        XCTAssertFalse(screen.contains("Data changed"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }

    func testWALWriter() throws {
        try run(journalMode: "wal")
    }

    func testRollbackJournalWriter() throws {
        try run(journalMode: "delete")
    }
}
