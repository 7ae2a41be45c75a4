@testable import AssocTUI
import AssocCore
import XCTest

/// A 10 MB TEXT value is drawn at the cost of its first characters (it froze the browser for
/// seconds per frame before: the whole value was sanitized and measured on each redraw).
final class LongValueRenderTests: XCTestCase {
    static let big = String(repeating: "a", count: 10 * 1024 * 1024 - 1) + "Z"

    func testTruncateStopsAtTheWidth() {
        XCTAssertEqual(TextWidth.truncate(Self.big, toWidth: 5), "aaaa…")
        XCTAssertEqual(TextWidth.truncate("abcde", toWidth: 5), "abcde")
        XCTAssertEqual(TextWidth.truncate("abcdef", toWidth: 5), "abcd…")
        XCTAssertEqual(TextWidth.truncate("ab中", toWidth: 3), "ab…")  // the wide cluster would straddle
        XCTAssertEqual(TextWidth.truncate("ab中", toWidth: 4), "ab中")
    }

    func testCellKeepsTheFirstThousandCharacters() {
        let cell = ValueFormatter.cell(.text(Self.big))
        XCTAssertEqual(cell.text.count, 1_001)
        XCTAssertTrue(cell.text.hasSuffix("a…"))
        XCTAssertEqual(ValueFormatter.cell(.text("short\u{1B}")).text.count, "short".count + 1)  // sanitized, not cut
    }

    func testRecordViewShowsTheFirstTwentyThousandCharacters() {
        let pieces = RecordViewRenderer.pieces(.text(Self.big), width: 100)
        XCTAssertEqual(pieces.count, 201)  // 20,000 characters in lines of 100, then the note
        XCTAssertEqual(pieces.last?.text, "… \(10 * 1024 * 1024 - 20_000) more bytes")
    }
}
