import XCTest

@testable import AssocTUI

/// Issue 29 item 15: the record view shows its own keys, and a key it ignores says which work.
final class RecordViewHintsTests: XCTestCase, ChinookBrowsing {
    func testTheRecordViewShowsItsOwnKeys() throws {
        let app = try makeApp(width: 100, height: 30)
        try open(app, "Track")
        press(app, .character("v"))
        let hintLine = try XCTUnwrap(lines(app).last)
        XCTAssertTrue(hintLine.contains("← → previous / next record"), hintLine)
        XCTAssertTrue(hintLine.contains("Esc close"), hintLine)
        XCTAssertFalse(hintLine.contains("+ include"), hintLine)
        press(app, .character("n"))
        let message = try XCTUnwrap(app.state.message?.text)
        XCTAssertTrue(message.contains("does nothing in the record view"), message)
        XCTAssertTrue(message.contains("← → previous / next record"), message)
        press(app, .right)
        XCTAssertEqual(app.state.rows?.cursor.index, 1)
    }
}
