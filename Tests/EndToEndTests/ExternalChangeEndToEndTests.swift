import Foundation
import XCTest

/// Another process (sqlite3, `mv`) changes the file the browser shows: a WAL file nobody else has
/// open (read `immutable=1`) rewritten and checkpointed, a column renamed and a table added, the
/// file replaced. The browser notices between keys, and `R` shows what the path holds now.
final class ExternalChangeEndToEndTests: XCTestCase {
    func sqlite3(_ db: String, _ sql: String) {
        let result = Shell.run("printf '%s\\n' " + Shell.quote(".timeout 5000\n" + sql) + " | sqlite3 " + Shell.quote(db))
        XCTAssertEqual(result.status, 0, result.output)
    }

    func session(_ db: String) throws -> TmuxSession {
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 110, height: 30)
        session.waitFor("item")
        session.send("Enter")
        session.waitFor("1/3 · col")  // idle: the rows shown, counted
        return session
    }

    let items = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO item VALUES (1, 'apple'), (2, 'banana'), (3, 'cherry');
        """

    /// The issue's case: rows deleted and renamed, checkpointed into the file by a process that
    /// then closes. Never "malformed"; R shows the rows as they are now.
    func testAWALFileRewrittenByAnotherProcessShowsItsNewRowsAfterR() throws {
        let db = try Products.makeDatabase("PRAGMA journal_mode = WAL;\n" + items, name: "rewritten.sqlite")
        XCTAssertFalse(FileManager.default.fileExists(atPath: db + "-wal"), "nobody has it open: read immutable=1")
        let session = try session(db)
        defer { session.kill() }
        sqlite3(db, "DELETE FROM item WHERE id = 1; UPDATE item SET name = 'blueberry' WHERE id = 2; VACUUM;")
        var screen = session.waitFor("Data changed — R to refresh")
        XCTAssertFalse(screen.contains("malformed"), screen)
        session.send("R")
        screen = session.waitFor("blueberry")
        XCTAssertFalse(screen.contains("apple"), screen)
        XCTAssertFalse(screen.contains("malformed"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// `ALTER TABLE … RENAME COLUMN` and a new table with a foreign key, in both journal modes:
    /// the browser reads the schema again by itself (the new header, the new table and its link).
    func testARenamedColumnAndANewTableAppear() throws {
        for mode in ["wal", "delete"] {
            let db = try Products.makeDatabase("PRAGMA journal_mode = \(mode);\n" + items, name: "schema-\(mode).sqlite")
            let session = try session(db)
            defer { session.kill() }
            sqlite3(
                db,
                """
                ALTER TABLE item RENAME COLUMN name TO title;
                CREATE TABLE tag (id INTEGER PRIMARY KEY, itemId INTEGER REFERENCES item(id), label TEXT);
                """)
            var screen = session.waitFor("The schema changed: read again")
            XCTAssertTrue(screen.contains("title"), "\(mode):\n\(screen)")
            XCTAssertTrue(screen.contains("tag"), "\(mode):\n\(screen)")
            XCTAssertTrue(screen.contains("cherry"), "\(mode): the view is kept:\n\(screen)")
            session.send("R")
            screen = session.waitFor("title")
            XCTAssertFalse(screen.contains("no such"), "\(mode):\n\(screen)")
            session.send("q")
            session.waitFor("EXITED 0")
        }
    }

    /// `mv other.db db`: noticed; R opens the new file.
    func testAReplacedFileIsNoticedAndROpensTheNewOne() throws {
        let db = try Products.makeDatabase(items, name: "replaced.sqlite")
        let other = try Products.makeDatabase(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item VALUES (7, 'quince');
            """, name: "replacement.sqlite")
        let session = try session(db)
        defer { session.kill() }
        XCTAssertEqual(Shell.run("mv " + Shell.quote(other) + " " + Shell.quote(db)).status, 0)
        var screen = session.waitFor("R opens the new file")
        XCTAssertTrue(screen.contains("cherry"), "the old rows stay until R:\n\(screen)")
        session.send("R")
        screen = session.waitFor("quince")
        XCTAssertTrue(screen.contains("opened the new file"), screen)
        XCTAssertFalse(screen.contains("cherry"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
