import AssocCore
import Foundation
import TestSupport
import XCTest

/// A view SQLite cannot describe cheaply (doubling CTEs: describing it would take gigabytes)
/// costs the other commands nothing much: its description stops at 16 MB of SQLite's memory,
/// and the view is listed with the reason.
final class ExplodingViewTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `levels` CTEs, each the union of two copies of the one before.
    static func doublingView(levels: Int) -> String {
        let ctes = ["d0(v) AS (SELECT 2)"] + (1...levels).map { "d\($0)(v) AS (SELECT v FROM d\($0 - 1) UNION ALL SELECT v + 1 FROM d\($0 - 1))" }
        return "CREATE VIEW swell AS WITH " + ctes.joined(separator: ", ") + " SELECT v FROM d\(levels);"
    }

    func testOtherTablesAreFetchedAndTheViewIsListedWithTheReason() throws {
        let path = try makeDatabaseFile(
            "swell.sqlite", in: directory,
            sql: "CREATE TABLE city(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO city VALUES (7, 'Lyon');" + Self.doublingView(levels: 21))
        let fetched = try BinaryRunner.run(["fetch", path, "city", "--format", "ndjson"])
        XCTAssertEqual(fetched.status, 0, fetched.stderr)
        XCTAssertEqual(fetched.stdout, "{\"id\":7,\"name\":\"Lyon\"}\n")
        let schema = try BinaryRunner.run(["schema", path])
        XCTAssertEqual(schema.status, 0, schema.stderr)
        XCTAssertTrue(
            schema.stdout.contains("view \"swell\": cannot read its columns: needed more than 16 MB of memory: stopped"), schema.stdout)
    }
}
