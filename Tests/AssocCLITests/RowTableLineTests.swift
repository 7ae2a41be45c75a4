import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocCLI

/// The table's byte lines are the lines `RowTableRenderer.format` writes, for random rows and
/// widths, once each column was widened to hold its cell.
final class RowTableLineTests: XCTestCase {
    private static let texts = [
        "", "plain", "a longer piece of text than most columns", "trail  ", " lead", "\u{1B}[31mred",
        "漢字の列", "é", "x\u{301}y", "tab\there", "🇫🇷", "\u{202E}rtl", "NULL", "∅", " ∅", "'∅'"
    ]

    func testByteLinesAreTheFormattedLines() {
        var rng = SeededRandom(seed: randomSeed())
        for _ in 0..<2000 {
            func value() -> DatabaseValue {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: return .null
                case 1: return .integer([0, 7, -1, 12345, Int64.max, Int64.min, -42].randomElement(using: &rng) ?? 0)
                case 2: return .real([0.5, -0.0, 1e300, .infinity, .nan, 0.1 + 0.2].randomElement(using: &rng) ?? 0)
                case 3, 4: return .text(Self.texts.randomElement(using: &rng) ?? "")
                default: return .blob([1, 2, 3])
                }
            }
            let names = ["a", "b", "c"].prefix(Int.random(in: 0...3, using: &rng)).map { $0 }
            let scopes = Bool.random(using: &rng) ? [("author", Row(columnNames: ["x"], values: [value()]))] : []
            let prefetched =
                Bool.random(using: &rng)
                ? [("books", Array(repeating: Row(columnNames: [], values: []), count: Int.random(in: 0...12, using: &rng)))] : []
            let row = Row(columnNames: names, values: names.map { _ in value() }, scopes: scopes, prefetched: prefetched)
            let cells = RowTableRenderer.cells(of: row)
            let widths = (0..<max(0, cells.count + Int.random(in: -1...1, using: &rng))).map { _ in Int.random(in: 0...12, using: &rng) }
            var bytes: [UInt8] = []
            var widened = widths
            RowTableRenderer.appendLine(of: row, widths: &widened, to: &bytes)
            // Each column grew to hold its cell, up to the maximum, and never shrank.
            let expected = widths.enumerated().map { index, width in
                index < cells.count ? min(RowTableRenderer.maximumColumnWidth, max(width, TextWidth.width(of: cells[index].text))) : width
            }
            XCTAssertEqual(widened, expected, "\(row) \(widths)")
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), RowTableRenderer.format(cells, widths: widened) + "\n", "\(row) \(widths)")
        }
    }
}
