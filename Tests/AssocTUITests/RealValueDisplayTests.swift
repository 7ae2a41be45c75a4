import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 29 item 17: REAL values in the grid, the record view and frequency values show at most
/// 15 significant digits, as `sqlite3` does.
final class RealValueDisplayTests: XCTestCase, ChinookBrowsing {
    func testGridRecordAndFrequenciesShow39_62() throws {
        let app = try makeApp(
            database: try TestDatabase.make(
                """
                CREATE TABLE total (id INTEGER PRIMARY KEY, amount REAL);
                INSERT INTO total VALUES (1, 39.61999999999999), (2, 0.1 + 0.2);
                """))
        try open(app, "total")
        let grid = lines(app).joined(separator: "\n")
        XCTAssertTrue(grid.contains("39.62"), grid)
        XCTAssertTrue(grid.contains(" 0.3"), grid)
        XCTAssertFalse(grid.contains("39.6199"), grid)
        press(app, .character("v"))
        let record = lines(app).joined(separator: "\n")
        XCTAssertTrue(record.contains("39.62"), record)
        XCTAssertFalse(record.contains("39.6199"), record)
        press(app, .escape, .right, .character("F"))
        let frequencies = lines(app).joined(separator: "\n")
        XCTAssertTrue(frequencies.contains("39.62"), frequencies)
        XCTAssertFalse(frequencies.contains("39.6199"), frequencies)
    }
}
