import AssocCore
import AssocText
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

/// What the browser draws holds no unsafe scalar; values read as their cells.
final class ScreenSanitizingTests: XCTestCase {
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
