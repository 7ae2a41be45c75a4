import TestSupport
import XCTest

@testable import AssocText

final class SanitizerTests: XCTestCase {
    func testControlCharactersBecomeVisiblePictures() {
        XCTAssertEqual(Sanitizer.sanitize("a\nb"), "a↵b")
        XCTAssertEqual(Sanitizer.sanitize("a\r\nb"), "a␍↵b")
        XCTAssertEqual(Sanitizer.sanitize("a\tb"), "a⇥b")
        XCTAssertEqual(Sanitizer.sanitize("\u{0}"), "␀")
        XCTAssertEqual(Sanitizer.sanitize("\u{7}"), "␇")
        XCTAssertEqual(Sanitizer.sanitize("\u{1F}"), "␟")
        XCTAssertEqual(Sanitizer.sanitize("\u{7F}"), "␡")
        XCTAssertEqual(Sanitizer.sanitize("x\u{9B}31m"), "x�31m")
        XCTAssertEqual(Sanitizer.sanitize("\u{85}"), "�")
    }

    func testEscapeSequencesAreDefused() {
        XCTAssertEqual(Sanitizer.sanitize("\u{1B}[31mred"), "␛[31mred")
        XCTAssertEqual(Sanitizer.sanitize("\u{1B}]52;c;aGk=\u{07}"), "␛]52;c;aGk=␇")
    }

    func testBidiControlsBecomeOneCellPlaceholder() {
        XCTAssertEqual(Sanitizer.sanitize("a\u{202E}cba\u{202C}"), "a⇄cba⇄")
        XCTAssertEqual(Sanitizer.sanitize("\u{2066}x\u{2069}\u{200E}\u{200F}\u{061C}"), "⇄x⇄⇄⇄⇄")
        XCTAssertEqual(TextWidth.width(of: "⇄"), 1)
    }

    func testReplacementCharacterAndClustersAreKept() {
        XCTAssertEqual(Sanitizer.sanitize("a\u{FFFD}b"), "a\u{FFFD}b")
        XCTAssertEqual(Sanitizer.sanitize("e\u{301}漢👨\u{200D}👩\u{200D}👧"), "e\u{301}漢👨\u{200D}👩\u{200D}👧")
    }

    func testLoneZeroWidthCharacters() {
        // A combining mark with no base gets a dotted circle; invisible characters a code.
        XCTAssertEqual(Sanitizer.sanitize("\u{301}x"), "◌\u{301}x")
        XCTAssertEqual(Sanitizer.sanitize("a\u{200B}b\u{FEFF}c\u{2060}"), "a‹U+200B›b‹U+FEFF›c‹U+2060›")
    }

    /// Names that differ only by an invisible character never read alike; emoji sequences joined
    /// by ZWJ, flags of tags and emoji variation selectors are kept whole.
    func testTextsDifferingByAnInvisibleCharacterReadDifferently() {
        let invisible = [
            "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{2061}", "\u{34F}", "\u{FE0F}", "\u{E0041}", "\u{180E}",
            "\u{3164}"
        ]
        for base in ["parcels", "pa", "漢字", "é"] {
            for character in invisible {
                for variant in [base + character, character + base, String(base.prefix(1)) + character + String(base.dropFirst())] {
                    XCTAssertNotEqual(Sanitizer.sanitize(variant), Sanitizer.sanitize(base), variant.debugDescription)
                    XCTAssert(Sanitizer.sanitize(variant).contains("‹U+"), variant.debugDescription)
                }
            }
        }
        for emoji in [
            "🏴\u{200D}☠\u{FE0F}", "🧑🏽\u{200D}🚒", "🐻\u{200D}❄\u{FE0F}", "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "1\u{FE0F}\u{20E3}"
        ] {
            XCTAssertEqual(Sanitizer.sanitize(emoji), emoji, emoji.debugDescription)
            XCTAssertEqual(Sanitizer.sanitize("a" + emoji + "b"), "a" + emoji + "b", emoji.debugDescription)
        }
        // A ZWJ that joins no second picture is invisible.
        XCTAssertEqual(Sanitizer.sanitize("🐻\u{200D}"), "🐻‹U+200D›")
        XCTAssertEqual(Sanitizer.sanitize("a\u{200D}b"), "a‹U+200D›b")
    }

    /// Random mixes of plain text (ASCII, box drawing, CJK, emoji, accents) with controls, bidi
    /// marks and zero-width scalars: whichever path sanitizes a string, no unsafe scalar comes
    /// out, no cluster takes zero cells, and plain text comes out unchanged.
    func testRandomMixesAreSafeAndPlainTextIsKept() {
        let plain: [Unicode.Scalar] = ["a", "Z", " ", "~", "é", "─", "│", "→", "中", "文", "😀", "ß", "€", "\u{A0}"]
        let special: [Unicode.Scalar] = [
            "\u{1B}", "\u{7}", "\u{9B}", "\u{7F}", "\u{202E}", "\u{2066}", "\u{200E}",
            "\u{301}", "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{2028}", "\n", "\u{1160}"
        ]
        var generator = SeededRandom(seed: randomSeed())
        for round in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let pool = round % 2 == 0 || Bool.random(using: &generator) ? plain : special
                scalars.append(pool[Int.random(in: 0..<pool.count, using: &generator)])
            }
            let text = String(scalars)
            let shown = Sanitizer.sanitize(text)
            XCTAssertFalse(shown.unicodeScalars.contains { Sanitizer.isUnsafe($0) }, "\(text.debugDescription) → \(shown.debugDescription)")
            for character in shown {
                XCTAssertGreaterThan(TextWidth.width(of: character), 0, "\(text.debugDescription) → \(shown.debugDescription)")
            }
            if text.unicodeScalars.allSatisfy({ plain.contains($0) }) { XCTAssertEqual(shown, text) }
        }
    }

}
