import TestSupport
import XCTest

@testable import AssocCore

/// `Connection.limitTemporaryFiles(toBytes:)`: a sort that spills past the bound stops with an
/// error that says so; within it, it runs; the bytes counted go back to zero as files close.
final class TemporaryFilesLimitTests: XCTestCase {
    override func tearDownWithError() throws {
        try Connection.limitTemporaryFiles(toBytes: 0)
    }

    func testASpillingSortIsBoundedAndTheCountReturnsToZero() throws {
        try Connection.limitTemporaryFiles(toBytes: 2 * 1_048_576)
        XCTAssertEqual(Connection.temporaryFilesLimit, 2 * 1_048_576)
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE t(v TEXT);
            WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 200000)
              INSERT INTO t SELECT printf('%060d', i * 7919 % 200000) FROM k;
            """)
        // 200,000 rows of 60 bytes, sorted: past SQLite's 2 MB cache, the sorter writes files.
        let sort = "SELECT v FROM t ORDER BY v || 'x' DESC"
        XCTAssertThrowsError(try connection.fetchAll(sort)) { error in
            XCTAssertTrue("\(error)".contains("SQLite needed more than 2 MB of temporary files"), "\(error)")
        }
        XCTAssertEqual(Connection.temporaryFilesInUse, 0, "the files of the failed statement are closed")
        try Connection.limitTemporaryFiles(toBytes: 64 * 1_048_576)
        let rows = try connection.fetchAll(sort)
        XCTAssertEqual(rows.count, 200_000)
        XCTAssertEqual(rows.first, [.text(String(repeating: "0", count: 54) + "199999")])
        XCTAssertEqual(Connection.temporaryFilesInUse, 0)
    }
}
