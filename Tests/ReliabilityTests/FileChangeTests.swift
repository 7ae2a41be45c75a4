import AssocCore
import Foundation
import HostileCorpus
import XCTest

/// Another process writes, checkpoints, replaces or deletes the file a read-only connection reads.
/// A WAL database without a `-wal` file is opened `immutable=1` (no side file created), which SQLite
/// trusts never to change: its reads must never say "malformed" for a healthy file nor return rows
/// of two versions without saying so, and the change must be noticed so the file can be re-opened.
final class FileChangeTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A WAL database nobody has open (its `-wal` gone): `person(id, name)` of `rows` rows.
    func walDatabase(_ name: String, rows: Int) throws -> String {
        let path = try CorpusBuilder.database(
            directory, name,
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO person (name) SELECT 'old name ' || i || ' ' || printf('%.200c', 'x') FROM n;
            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the writer closed: no -wal")
        return path
    }

    /// Another writer deletes most rows, renames the rest, checkpoints into the file and closes
    /// (its `-wal` is removed): the file's pages are rewritten under the reader.
    func rewrite(_ path: String) throws {
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("DELETE FROM person WHERE id > 100")
        try writer.execute("UPDATE person SET name = 'new name ' || id")
        try writer.execute("VACUUM")
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    func testAReadAfterAnotherProcessCheckpointedNeverSaysMalformedNorShowsOldRows() throws {
        let path = try walDatabase("w.db", rows: 2000)
        let reader = try Database(path: path)
        XCTAssertEqual(try reader.fetchCount(Table("person").all), 2000)
        try rewrite(path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        do {
            let rows = try reader.fetchAll(Table("person").all)
            // Reading on is only right if it reads the file as it is now.
            XCTAssertEqual(rows.count, 100, "rows of the old version")
            XCTAssertEqual(rows.first?["name"], .text("new name 1"))
        } catch {
            let message = AssocError.message(for: error)
            XCTAssertFalse(message.contains("malformed"), message)
            XCTAssertEqual(message, Connection.fileChangedMessage)
        }
        // The file is healthy: a new connection reads what it holds now.
        let fresh = try Database(path: path)
        XCTAssertEqual(try fresh.fetchCount(Table("person").all), 100)
        XCTAssertEqual(try fresh.fetchAll(Table("person").all).first?["name"], .text("new name 1"))
    }

    /// A long read (a CLI fetch) when the file changes under it: it stops with a clear message
    /// instead of "malformed" or rows of two versions.
    func testALongReadStopsWithAClearMessageWhenTheFileChangesUnderIt() throws {
        let path = try walDatabase("long.db", rows: 30_000)
        let reader = try Connection(path: path)
        let statement = try reader.prepare("SELECT id, name FROM person ORDER BY id")
        var read = 0
        while read < 100, try statement.step() { read += 1 }
        try rewrite(path)
        do {
            while try statement.step() { read += 1 }
            XCTFail("read \(read) rows of a file rewritten under them, without a word")
        } catch {
            let message = AssocError.message(for: error)
            XCTAssertFalse(message.contains("malformed"), message)
            XCTAssertEqual(message, Connection.fileChangedMessage)
            XCTAssertLessThan(read, 100 + 4096 + 1, "stopped at the next look at the file")
        }
        // Every later statement says so too, until the file is opened again.
        XCTAssertThrowsError(try reader.fetchAll("SELECT count(*) FROM person")) { error in
            XCTAssertEqual(AssocError.message(for: error), Connection.fileChangedMessage)
        }
        XCTAssertEqual(try reader.reopened().fetchAll("SELECT count(*) FROM person"), [[.integer(100)]])
    }

    /// A read that is done before the file changes is a consistent snapshot: nothing to say.
    func testAReadDoneBeforeTheChangeCompletes() throws {
        let path = try walDatabase("done.db", rows: 5000)
        let reader = try Connection(path: path)
        XCTAssertEqual(try reader.fetchAll("SELECT count(*) FROM person"), [[.integer(5000)]])
        XCTAssertEqual(reader.fileChange(), .none)
    }

    func testAnImmutableConnectionNoticesWritesReplacementAndRemoval() throws {
        let path = try walDatabase("i.db", rows: 10)
        let reader = try Connection(path: path)
        XCTAssertFalse(reader.seesOtherProcessesCommits, "no -wal: opened immutable=1")
        XCTAssertEqual(reader.fileChange(), .none)

        // A commit only: a -wal appears (the file itself unchanged, its reads still consistent).
        var writer: Connection? = try Connection(path: path, mode: .readWrite(create: false))
        try writer?.execute("INSERT INTO person (name) VALUES ('added')")
        XCTAssertEqual(reader.fileChange(), .written)
        XCTAssertEqual(try reader.fetchAll("SELECT count(*) FROM person"), [[.integer(10)]], "the file as opened")
        do {
            let reopened = try reader.reopened()
            XCTAssertEqual(try reopened.fetchAll("SELECT count(*) FROM person"), [[.integer(11)]])
            XCTAssertEqual(reopened.fileChange(), .none)
        }
        writer = nil  // the last connection with locks: checkpoints into the file and removes its -wal
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))

        // Replaced by `mv`: the old file is still read, the change is reported.
        let other = try walDatabase("other.db", rows: 3)
        XCTAssertEqual(rename(other, path), 0)
        XCTAssertEqual(reader.fileChange(), .replaced)
        XCTAssertEqual(try reader.reopened().fetchAll("SELECT count(*) FROM person"), [[.integer(3)]])

        // Deleted.
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(reader.fileChange(), .removed)
        XCTAssertThrowsError(try reader.reopened())
    }

    /// A rollback-journal database is read through SQLite's locks: commits are SQLite's to report
    /// (`PRAGMA data_version`), a replacement and a removal are the file's.
    func testALockedConnectionLeavesCommitsToSQLiteAndNoticesReplacement() throws {
        let path = try CorpusBuilder.database(directory, "j.db", "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'a');")
        let reader = try Connection(path: path)
        XCTAssertTrue(reader.seesOtherProcessesCommits)
        let version = try reader.schemaVersion()
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("INSERT INTO t VALUES (2, 'b')")
        XCTAssertEqual(reader.fileChange(), .none)
        XCTAssertEqual(try reader.fetchAll("SELECT count(*) FROM t"), [[.integer(2)]])
        try writer.execute("ALTER TABLE t RENAME COLUMN v TO value")
        XCTAssertNotEqual(try reader.schemaVersion(), version)

        let other = try CorpusBuilder.database(directory, "k.db", "CREATE TABLE u (id INTEGER PRIMARY KEY);")
        XCTAssertEqual(rename(other, path), 0)
        XCTAssertEqual(reader.fileChange(), .replaced)
        XCTAssertEqual(try reader.reopened().fetchAll("SELECT name FROM sqlite_schema"), [[.text("u")]])
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(reader.fileChange(), .removed)
    }
}
