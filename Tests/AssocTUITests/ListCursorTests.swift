import XCTest

@testable import AssocTUI

final class ListCursorTests: XCTestCase {
    func testEmptyListStaysAtZero() {
        let cursor = ListCursor(count: 0)
        XCTAssertFalse(cursor.hasSelection)
        XCTAssertEqual(cursor.moved(by: 1).index, 0)
        XCTAssertEqual(cursor.moved(by: -1).index, 0)
        XCTAssertEqual(cursor.moved(to: 99).index, 0)
        XCTAssertEqual(cursor.scrolledToShowSelection(visible: 5).top, 0)
        XCTAssertEqual(ListCursor(count: -3, index: 7, top: 4), ListCursor(count: 0))
    }

    func testMovesClampAtBothEnds() {
        let cursor = ListCursor(count: 5)
        XCTAssertEqual(cursor.moved(by: 3).index, 3)
        XCTAssertEqual(cursor.moved(by: 30).index, 4)
        XCTAssertEqual(cursor.moved(by: -30).index, 0)
        XCTAssertEqual(cursor.moved(by: Int.max).index, 4)
        XCTAssertEqual(cursor.moved(to: 4).moved(by: Int.min).index, 0)
        XCTAssertEqual(cursor.moved(to: -2).index, 0)
    }

    func testResizeKeepsIndexValid() {
        let cursor = ListCursor(count: 10, index: 8, top: 6)
        let shrunk = cursor.resized(to: 3)
        XCTAssertEqual(shrunk.index, 2)
        XCTAssertEqual(shrunk.top, 2)
        XCTAssertEqual(cursor.resized(to: 0).index, 0)
        XCTAssertEqual(cursor.resized(to: 20).index, 8)
    }

    func testScrollFollowsSelection() {
        var cursor = ListCursor(count: 100)
        cursor = cursor.moved(to: 12).scrolledToShowSelection(visible: 10)
        XCTAssertEqual(cursor.top, 3)  // rows 3…12 visible
        cursor = cursor.moved(to: 5).scrolledToShowSelection(visible: 10)
        XCTAssertEqual(cursor.top, 3)  // still visible: no scroll
        cursor = cursor.moved(to: 1).scrolledToShowSelection(visible: 10)
        XCTAssertEqual(cursor.top, 1)
        cursor = cursor.moved(to: 99).scrolledToShowSelection(visible: 10)
        XCTAssertEqual(cursor.top, 90)
        XCTAssertEqual(cursor.scrolledToShowSelection(visible: 0).top, 99)
    }
}
