import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// True for scalars that must never reach a terminal cell.
func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
        || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        || v == 0x200E || v == 0x200F || v == 0x061C || v == 0x2028 || v == 0x2029
}

func assertNoForbiddenScalar(_ buffer: ScreenBuffer, file: StaticString = #filePath, line: UInt = #line) {
    for y in 0..<buffer.height {
        for x in 0..<buffer.width {
            for scalar in buffer.cell(x: x, y: y).grapheme.unicodeScalars where isForbidden(scalar) {
                XCTFail("cell (\(x), \(y)) holds U+\(String(scalar.value, radix: 16))", file: file, line: line)
            }
        }
    }
}

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
        // A combining mark with no base gets a dotted circle; lone format characters are dropped.
        XCTAssertEqual(Sanitizer.sanitize("\u{301}x"), "◌\u{301}x")
        XCTAssertEqual(Sanitizer.sanitize("a\u{200B}b\u{FEFF}c\u{2060}"), "abc")
    }

    func testNothingForbiddenReachesTheScreenBuffer() {
        let hostile = [
            "\u{1B}[31mred\u{1B}[0m", "\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}]0;title\u{1B}\\",
            "a\u{202E}evil\u{202C}", "\u{2067}iso\u{2069}", "nul\u{0}here", "csi\u{9B}2J", "del\u{7F}",
            "line\nbreak\r\n", "\u{2028}\u{2029}", "\u{301}\u{200B}\u{200E}"
        ]
        var buffer = ScreenBuffer(width: 40, height: hostile.count)
        for (y, text) in hostile.enumerated() {
            buffer.put(text, at: Point(x: 0, y: y))
        }
        assertNoForbiddenScalar(buffer)
        XCTAssertEqual(buffer.textLines()[0], "␛[31mred␛[0m")
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

    func testValuesFormatting() {
        XCTAssertEqual(ValueFormatter.cell(.null), StyledText("∅", .null))
        XCTAssertEqual(ValueFormatter.cell(.text("NULL")), StyledText("NULL", .normal))
        XCTAssertEqual(ValueFormatter.cell(.integer(-42)), StyledText("-42", .number))
        XCTAssertEqual(ValueFormatter.cell(.real(0.1)).text, "0.1")
        XCTAssertEqual(ValueFormatter.cell(.real(10)).text, "10.0")
        XCTAssertEqual(ValueFormatter.cell(.real(0.30000000000000004)).text, "0.3")  // as sqlite3 shows it
        XCTAssertEqual(ValueFormatter.cell(.real(.nan)).text, "NaN")
        XCTAssertEqual(ValueFormatter.cell(.real(-.infinity)).text, "-Inf")
        XCTAssertEqual(ValueFormatter.cell(.blob([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])).text, "<blob 6 B: 89504E47…>")
        XCTAssertEqual(ValueFormatter.cell(.blob([0xAB])).text, "<blob 1 B: AB>")
        XCTAssertEqual(ValueFormatter.cell(.blob([])).text, "<blob 0 B>")
    }
}
