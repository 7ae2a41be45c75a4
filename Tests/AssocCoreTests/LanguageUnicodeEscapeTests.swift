import TestSupport
import XCTest

@testable import AssocCore

/// `U&"…"` and `U&'…'` (SQL's Unicode escapes): how names and texts holding control or
/// invisible characters are printed, so that a printed request reads on a terminal and runs.
final class LanguageUnicodeEscapeTests: XCTestCase {
    func testEscapesAreRead() throws {
        let tree = try XCTUnwrap(LanguageTest.parse(#"U&"p\000Bv".filter(U&"k\+01F600" = U&'a\\b\0009''c')"#))
        XCTAssertEqual(tree.table, "p\u{0B}v")
        XCTAssertEqual(
            tree.methods, [.filter(.binary(.equal, .column("k\u{1F600}"), .text("a\\b\t'c")))])
        XCTAssertEqual(try XCTUnwrap(LanguageTest.parse(#"u&"plain""#)).table, "plain")
        // `U` alone is still a name.
        XCTAssertEqual(try XCTUnwrap(LanguageTest.parse("U.filter(U = 1)")).table, "U")
    }

    func testInvalidEscapesAreRefused() {
        for text in [#"U&"a\12""#, #"U&"a\zzzz""#, #"U&"a\+12""#, #"U&"a\D800""#, #"U&"a\".x"#] {
            let error = LanguageTest.error(text)
            XCTAssertTrue(error?.message.contains("invalid escape in a U& quoted name") ?? false, "\(text): \(String(describing: error))")
        }
    }

    /// Names and texts with every kind of hidden character print in the escaped form, with no
    /// hidden character left, and read back the same.
    func testHiddenCharactersPrintEscapedAndRoundTrip() {
        let hidden = [
            "\u{0}", "\u{0B}", "\u{02}", "\r", "\n", "\u{7F}", "\u{1F}", "\u{85}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{202E}",
            "\u{2028}", "\u{FE0F}", "\u{E0041}"
        ]
        for character in hidden {
            for name in ["a" + character + "b", character, "q\"" + character + "\\"] {
                let request = RequestSyntax(table: name, methods: [.filter(.binary(.equal, .column(name), .text(name)))])
                let printed = RequestPrinter.print(request)
                XCTAssertTrue(printed.hasPrefix("U&\""), printed)
                XCTAssertFalse(printed.unicodeScalars.contains { RequestPrinter.isHidden($0) }, printed.debugDescription)
                LanguageTest.assertRoundTrip(request)
            }
        }
        // Plain names and texts keep their plain form.
        XCTAssertEqual(RequestPrinter.print(RequestSyntax(table: "Order Details", methods: [])), #""Order Details""#)
        XCTAssertEqual(RequestPrinter.literal(.text("it's")), "'it''s'")
        XCTAssertEqual(RequestPrinter.literal(.text("é漢🧑🏽")), "'é漢🧑🏽'")
    }
}
