import AssocCore
import TestSupport
import XCTest

/// `db.countRows(of:timeLimit:)` and `db.fileFacts()`, which `assoc report` reads.
final class RowCountAndFileFactsTests: XCTestCase {
    func testRowsOfTablesAndViewsAndAViewThatNeverEnds() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE "odd ""q"" x" (id INTEGER PRIMARY KEY);
            INSERT INTO "odd ""q"" x" VALUES (1), (2), (3);
            CREATE VIEW two AS SELECT id FROM "odd ""q"" x" WHERE id <= 2;
            CREATE VIEW forever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
            """)
        XCTAssertEqual(try db.countRows(of: "odd \"q\" x"), 3)
        XCTAssertEqual(try db.countRows(of: "two", timeLimit: nil), 2)
        let started = Date()
        XCTAssertNil(try db.countRows(of: "forever", timeLimit: 100), "unknown past the limit, never a partial count")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        XCTAssertEqual(try db.countRows(of: "two"), 2, "the connection is usable after a stopped count")
    }

    func testFileFactsAreWhatSQLiteSays() throws {
        let connection = try Connection.inMemory()
        try connection.execute("PRAGMA page_size = 1024; CREATE TABLE t (a); INSERT INTO t VALUES (zeroblob(5000));")
        let db = try Database(connection: connection)
        let facts = try db.fileFacts()
        XCTAssertEqual(facts.pageSize, 1024)
        XCTAssertGreaterThanOrEqual(facts.pageCount, 6, "5,000 bytes take at least 5 overflow pages besides the schema")
        XCTAssertEqual(facts.bytes, facts.pageSize * facts.pageCount)
        XCTAssertEqual(facts.encoding, "UTF-8")
        let version = try Connection.inMemory().fetchAll("SELECT sqlite_version()").first?.first
        XCTAssertEqual(version, .text(facts.sqliteVersion))
        XCTAssertTrue(facts.sqliteVersion.hasPrefix("3."), facts.sqliteVersion)
    }
}
