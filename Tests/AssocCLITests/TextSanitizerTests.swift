import XCTest

@testable import AssocCLI

/// Names printed by the commands: what a terminal would not show, or would show alike, is
/// written as an escape; emoji sequences stay whole.
final class TextSanitizerTests: XCTestCase {
    func testInvisibleCharactersInNamesAreEscaped() {
        XCTAssertEqual(TextSanitizer.oneLine("parcels\u{2060}"), "parcels\\u{2060}")
        XCTAssertEqual(TextSanitizer.oneLine("a\u{200B}b\u{FEFF}c\u{AD}d"), "a\\u{200B}b\\u{FEFF}c\\u{AD}d")
        XCTAssertEqual(TextSanitizer.oneLine("x\u{200D}y"), "x\\u{200D}y")
        XCTAssertEqual(TextSanitizer.oneLine("tab\u{202E}le\r\n"), "tab\\u{202E}le\\r\\n")
        XCTAssertEqual(TextSanitizer.oneLine("plain name"), "plain name")
        XCTAssertEqual(TextSanitizer.oneLine("🧑🏽\u{200D}🚒 crew"), "🧑🏽\u{200D}🚒 crew")
        for pair in [("parcels", "parcels\u{2060}"), ("ab", "a\u{200C}b"), ("k", "\u{FEFF}k"), ("id", "i\u{FE0F}d")] {
            XCTAssertNotEqual(TextSanitizer.oneLine(pair.0), TextSanitizer.oneLine(pair.1), pair.1.debugDescription)
            XCTAssertNotEqual(TextSanitizer.quoted(pair.0), TextSanitizer.quoted(pair.1), pair.1.debugDescription)
        }
    }
}
