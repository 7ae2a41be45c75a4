import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 29 item 11: `u` after a filter or a sort puts the cursor back where it was.
final class UndoCursorTests: XCTestCase, ChinookBrowsing {
    private func makeLongApp() throws -> BrowserApp {
        let database = try TestDatabase.make(
            """
            CREATE TABLE n (id INTEGER PRIMARY KEY, v INTEGER);
            WITH RECURSIVE i(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM i WHERE x < 3503) INSERT INTO n SELECT x, x % 7 FROM i;
            """)
        let app = try makeApp(database: database, width: 80, height: 24)
        try open(app, "n")
        press(app, .pageDown, .pageDown, .character("j"), .character("j"), .character("j"))
        return app
    }

    func testUndoAfterAFilterRestoresTheCursor() throws {
        let app = try makeLongApp()
        let before = try XCTUnwrap(app.state.rows?.cursor.index)
        XCTAssertGreaterThan(before, 20)
        let row = app.state.rows?.selectedRow
        press(app, .character("/"))
        type(app, "v > 3")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.cursor.index, before)
        XCTAssertEqual(app.state.rows?.selectedRow, row)
        XCTAssertTrue(lines(app).contains { $0.contains("\(before + 1)/3503") }, lines(app).joined(separator: "\n"))
    }

    func testUndoAfterASortRestoresTheCursorAndRedoTheSortedOne() throws {
        let app = try makeLongApp()
        let before = try XCTUnwrap(app.state.rows?.cursor.index)
        let row = app.state.rows?.selectedRow
        press(app, .right, .character("s"))
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        press(app, .down, .down)
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.cursor.index, before)
        XCTAssertEqual(app.state.rows?.selectedRow, row)
        press(app, .control("r"))
        XCTAssertEqual(app.state.rows?.cursor.index, 2)
    }
}
