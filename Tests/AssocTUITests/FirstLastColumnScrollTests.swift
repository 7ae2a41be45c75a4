import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// `0` and `$` move to the first and the last column and scroll the grid to show it (issue 44,
/// item 10: `0` left the grid scrolled).
final class FirstLastColumnScrollTests: XCTestCase, ChinookBrowsing {
    func testZeroAndDollarScrollTheGrid() throws {
        let columns = (1...30).map { "column_number_\($0)" }
        let db = try TestDatabase.make(
            "CREATE TABLE wide(" + columns.map { $0 + " TEXT" }.joined(separator: ", ") + "); INSERT INTO wide VALUES ("
                + columns.map { "'v_\($0)'" }.joined(separator: ", ") + ");")
        let app = try makeApp(database: db, width: 80, height: 20)
        try open(app, "wide")
        func header() -> String { lines(app).first { $0.contains("column_number_") } ?? "" }
        XCTAssertTrue(header().contains("column_number_1 "), header())
        press(app, .character("$"))
        XCTAssertTrue(header().contains("column_number_30"), header())
        XCTAssertFalse(header().contains("column_number_1 "), header())
        press(app, .character("0"))
        XCTAssertEqual(app.state.rows?.column.index, 0)
        XCTAssertTrue(header().contains("column_number_1 "), "0 scrolls back to the first column: \(header())")
        XCTAssertFalse(header().contains("column_number_30"), header())
        // Scrolled column by column, then `0`.
        for _ in 0..<25 { press(app, .right) }
        XCTAssertFalse(header().contains("column_number_1 "), header())
        press(app, .character("0"))
        XCTAssertTrue(header().contains("column_number_1 "), header())
        // After a find moved the cursor, and with the cursor on a later row.
        press(app, .down, .character("l"), .character("l"), .character("$"), .character("0"))
        XCTAssertTrue(header().contains("column_number_1 "), header())
    }
}
