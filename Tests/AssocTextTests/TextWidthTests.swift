import XCTest

@testable import AssocText

final class TextWidthTests: XCTestCase {
    func testASCIIIsOneCellPerCharacter() {
        XCTAssertEqual(TextWidth.width(of: "hello"), 5)
        XCTAssertEqual(TextWidth.width(of: ""), 0)
    }

    func testCJKHangulKanaAndFullwidthAreTwoCells() {
        XCTAssertEqual(TextWidth.width(of: "漢字"), 4)
        XCTAssertEqual(TextWidth.width(of: "한국어"), 6)
        XCTAssertEqual(TextWidth.width(of: "カタカナ"), 8)
        XCTAssertEqual(TextWidth.width(of: "ＡＢ"), 4)
        XCTAssertEqual(TextWidth.width(of: "a漢b"), 4)
    }

    func testEmojiZWJSequencesAndFlagsAreTwoCells() {
        XCTAssertEqual(TextWidth.width(of: "😀"), 2)
        // family: man ZWJ woman ZWJ girl: one cluster, two cells
        XCTAssertEqual(TextWidth.width(of: "👨\u{200D}👩\u{200D}👧"), 2)
        XCTAssertEqual(TextWidth.width(of: "🇫🇷"), 2)
        XCTAssertEqual(TextWidth.width(of: "🇫🇷🇯🇵"), 4)
        XCTAssertEqual(TextWidth.width(of: "👍🏽"), 2)  // skin tone modifier
        XCTAssertEqual(TextWidth.width(of: "☺\u{FE0F}"), 2)  // text default + VS16
        XCTAssertEqual(TextWidth.width(of: "☺"), 1)
    }

    func testCombiningMarksAddNothing() {
        XCTAssertEqual(TextWidth.width(of: "e\u{301}"), 1)
        XCTAssertEqual(TextWidth.width(of: "Ame\u{301}lie\u{308}"), 6)
        XCTAssertEqual(TextWidth.width(of: Character("\u{301}")), 0)
        XCTAssertEqual(TextWidth.width(of: Character("\u{200B}")), 0)
        // Hangul written as conjoining jamo: one syllable, two cells.
        XCTAssertEqual(TextWidth.width(of: "\u{1100}\u{1161}\u{11A8}"), 2)
    }

    func testTruncatingStartKeepsTheEndAndNeverExceedsWidth() {
        XCTAssertEqual(TextWidth.truncatingStart("hello world", toWidth: 5), "…orld")
        XCTAssertEqual(TextWidth.truncatingStart("hello", toWidth: 5), "hello")
        XCTAssertEqual(TextWidth.truncatingStart("漢字漢字", toWidth: 5), "…漢字")
        XCTAssertEqual(TextWidth.truncatingStart("漢字漢字", toWidth: 4), "…字")  // …漢字 would take 5
        XCTAssertEqual(TextWidth.truncatingStart("abc", toWidth: 0), "")
    }

    func testTruncateAddsEllipsisAndNeverExceedsWidth() {
        XCTAssertEqual(TextWidth.truncate("hello world", toWidth: 5), "hell…")
        XCTAssertEqual(TextWidth.truncate("hello", toWidth: 5), "hello")
        XCTAssertEqual(TextWidth.truncate("hello", toWidth: 1), "…")
        XCTAssertEqual(TextWidth.truncate("hello", toWidth: 0), "")
        XCTAssertEqual(TextWidth.truncate("hello", toWidth: -3), "")
        // 漢字漢 is 6 cells; in 4 cells: one 漢 (2) + … (1) = 3, the second would straddle.
        XCTAssertEqual(TextWidth.truncate("漢字漢", toWidth: 4), "漢…")
        XCTAssertEqual(TextWidth.truncate("漢字漢", toWidth: 5), "漢字…")
        // Clusters are never split: the accent stays with its e.
        XCTAssertEqual(TextWidth.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2), "e\u{301}…")
        XCTAssertEqual(TextWidth.truncate("👨\u{200D}👩\u{200D}👧xyz", toWidth: 3), "👨\u{200D}👩\u{200D}👧…")
    }

    func testPadAlignsInExactWidth() {
        XCTAssertEqual(TextWidth.pad("ab", toWidth: 5), "ab   ")
        XCTAssertEqual(TextWidth.pad("ab", toWidth: 5, alignment: .right), "   ab")
        XCTAssertEqual(TextWidth.pad("ab", toWidth: 5, alignment: .center), " ab  ")
        XCTAssertEqual(TextWidth.pad("漢", toWidth: 3, alignment: .right), " 漢")
        XCTAssertEqual(TextWidth.pad("abcdef", toWidth: 4), "abc…")
        XCTAssertEqual(TextWidth.width(of: TextWidth.pad("漢字漢", toWidth: 4)), 4)
    }
}
