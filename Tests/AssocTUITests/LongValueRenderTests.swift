import AssocCore
import AssocText
import XCTest

@testable import AssocTUI

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

/// One cluster can hold millions of scalars ('e' and 15 million combining marks, 3 million
/// joiners): cells, the record view and every message look at a bounded number of scalars, keep
/// at most 16 marks a cluster, and end what they cut with "…".
final class HugeClusterRenderTests: XCTestCase {
    func testCellsOfHugeClustersAreCutAndMarked() {
        let marks = "e" + String(repeating: "\u{301}", count: 15_000_000)
        let cell = ValueFormatter.cell(.text(marks))
        XCTAssertEqual(cell.text, "e" + String(repeating: "\u{301}", count: 16) + "…")
        XCTAssertEqual(TextWidth.width(of: cell.text), 2)

        let joiners = "\u{1F44D}" + String(repeating: "\u{200D}", count: 3_000_000)
        let joined = ValueFormatter.cell(.text(joiners))
        XCTAssertTrue(joined.text.hasSuffix("…"), joined.text)
        // Joiners that join no second picture are shown as codes: at most 16 of them.
        XCTAssertTrue(joined.text.hasPrefix("\u{1F44D}‹U+200D›‹U+200D›"), joined.text)
        XCTAssertLessThanOrEqual(joined.text.unicodeScalars.count, 1 + 16 * "‹U+200D›".unicodeScalars.count + 1)

        // Many short clusters: cut after the cell's budget of scalars.
        let accents = String(repeating: "e\u{301}", count: 1_000_000)
        let cut = ValueFormatter.cell(.text(accents))
        XCTAssertEqual(cut.text.unicodeScalars.count, ValueFormatter.cellTextCharacters + 1)
        XCTAssertTrue(cut.text.hasSuffix("…"))
        // Text with a few marks a cluster is untouched.
        XCTAssertEqual(ValueFormatter.cell(.text("Zoë ñ e\u{301}\u{302}")).text, "Zoë ñ e\u{301}\u{302}")
    }

    func testTheRecordViewOfAHugeClusterIsBounded() {
        let marks = "e" + String(repeating: "\u{301}", count: 15_000_000)
        let pieces = RecordViewRenderer.pieces(.text(marks), width: 40)
        XCTAssertLessThanOrEqual(pieces.count, 3)
        XCTAssertTrue(pieces.contains { $0.text.contains("more bytes") }, "\(pieces.map(\.text))")
    }

    func testMessagesAndNamesAreBoundedToo() {
        let name = "t" + String(repeating: "\u{301}", count: 1_000_000)
        XCTAssertEqual(Sanitizer.sanitize(name), "t" + String(repeating: "\u{301}", count: 16) + "…")
        let long = String(repeating: "é", count: 100_000)
        XCTAssertEqual(Sanitizer.sanitize(long).unicodeScalars.count, Sanitizer.maximumScalars + 1)
    }
}
