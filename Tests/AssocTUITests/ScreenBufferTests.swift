import XCTest

@testable import AssocTUI

final class ScreenBufferTests: XCTestCase {
    func testPutClipsAtMaxWidthAndEdge() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        XCTAssertEqual(buffer.put("abcdef", at: Point(x: 0, y: 0), maxWidth: 3), 3)
        XCTAssertEqual(buffer.put("abcdef", at: Point(x: 7, y: 1)), 3)
        XCTAssertEqual(buffer.textLines(), ["abc", "       abc"])
        XCTAssertEqual(buffer.put("out", at: Point(x: 0, y: 5)), 0)
        XCTAssertEqual(buffer.put("neg", at: Point(x: -1, y: 0)), 3)
        XCTAssertEqual(buffer.textLines()[0], "egc")
    }

    func testWideCharactersTakeTwoCellsAndNeverStraddleTheEdge() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        XCTAssertEqual(buffer.put("漢字漢", at: Point(x: 0, y: 0)), 4)
        XCTAssertTrue(buffer.cell(x: 1, y: 0).isContinuation)
        XCTAssertEqual(buffer.cell(x: 2, y: 0).grapheme, "字")
        XCTAssertEqual(buffer.textLines(), ["漢字"])
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("漢字", at: Point(x: 0, y: 0))
        buffer.put("x", at: Point(x: 1, y: 0))  // right half of 漢
        buffer.put("y", at: Point(x: 2, y: 0))  // left half of 字
        XCTAssertEqual(buffer.textLines(), [" xy"])
        XCTAssertFalse(buffer.cells.contains { $0.isContinuation })
    }

    func testRolesAreKeptPerCell() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.put([StyledText("ab"), StyledText("∅", .null), StyledText("NULL")], at: Point(x: 0, y: 0))
        XCTAssertEqual(buffer.roleLine(0), "..n.....")
    }
}
