import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc fetch --sql` is bounded: SQLite's temporary files (`--temp-limit MB`,
/// `ASSOC_TEMP_LIMIT_MB`, by default half the free space) and the time (`--time-limit SECONDS`).
/// Past a bound: one line saying what to do, exit status 1.
final class FetchBoundsTests: XCTestCase {
    var directory: URL!
    var path: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        // 2,500 rows of 60 bytes: their cross join, sorted, is 6,250,000 rows (about 800 MB to sort).
        path = try makeDatabaseFile(
            "pairs.sqlite", in: directory,
            sql: """
                CREATE TABLE word(n INTEGER, w TEXT);
                WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 2500)
                  INSERT INTO word SELECT i, printf('%060d', i * 7919 % 2500) FROM k;
                """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    static let crossJoinSort = "SELECT a.w, b.w FROM word AS a, word AS b ORDER BY a.w || b.w DESC"

    func testASortPastTheTemporaryFilesBoundStopsWithWhatToDo() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.run(["fetch", path, "--sql", Self.crossJoinSort, "--format", "csv", "--temp-limit", "8"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "assoc: SQLite needed more than 8 MB of temporary files (to sort, group or hold intermediate rows): stopped; an index on the sorted or grouped columns, a filter or a LIMIT may avoid it\n"
        )
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        // The environment sets it too.
        let environment = try BinaryRunner.run(
            ["fetch", path, "--sql", Self.crossJoinSort, "--format", "csv"], environment: ["ASSOC_TEMP_LIMIT_MB": "4"])
        XCTAssertEqual(environment.status, 1)
        XCTAssertTrue(environment.stderr.contains("more than 4 MB of temporary files"), environment.stderr)
    }

    /// The same sort over fewer rows fits the bound: the rows come, sorted.
    func testASortWithinTheBoundRuns() throws {
        let sql = "SELECT a.w, b.w FROM word AS a, word AS b WHERE a.n <= 20 ORDER BY a.w || b.w DESC"
        let result = try BinaryRunner.run(["fetch", path, "--sql", sql, "--format", "csv", "--temp-limit", "64"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\r\n")
        XCTAssertEqual(lines.count, 1 + 20 * 2500)
        XCTAssertEqual(Array(lines.dropFirst()), lines.dropFirst().sorted(by: >))
    }

    func testTheTimeLimitStopsAnEndlessStatement() throws {
        let started = Date()
        let result = try BinaryRunner.run([
            "fetch", path, "--sql", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c", "--format",
            "ndjson", "--time-limit", "0.5"
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "assoc: stopped after 500 ms (the time allowed)\n")
        XCTAssertTrue(result.stdout.hasPrefix("{\"x\":1}\n"), "the rows read so far are written")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testBadBoundsAreRefused() throws {
        for (option, value, message) in [
            ("--time-limit", "-1", "--time-limit must be a number of seconds between 0 and 3600"),
            ("--temp-limit", "-5", "--temp-limit must be a number of megabytes between 0 (no bound) and 1048576")
        ] {
            let result = try BinaryRunner.run(["fetch", path, "--sql", "SELECT 1", option + "=" + value])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }
}
