import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// The escapes written through a pointer (`EscapedBytes`) give what the rules say, on random
/// texts of quotes, backslashes, controls, C1 and bidi controls, accents and emoji, short and
/// long (past a 64 KB piece, so that a scalar straddles two pieces).
final class EscapingSpeedPathTests: XCTestCase {
    static let pieces: [String] = [
        "a", "Z", " ", "\"", "\\", "'", "|", ",", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}",
        "é", "漢", "🧑🏽‍🚒", "\u{202E}", "\u{2066}", "\u{200E}", "\u{061C}", "\u{2028}"
    ]

    func randomTexts() -> [String] {
        var generator = SeededRandom(seed: randomSeed())
        var texts = Self.pieces
        for round in 0..<300 {
            let length = round % 50 == 0 ? 40_000 : Int.random(in: 0...40, using: &generator)
            texts.append((0..<length).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)] }.joined())
        }
        return texts
    }

    func testJSONStringsReadBackAndHideNoControl() throws {
        for text in randomTexts() {
            var out: [UInt8] = []
            try JSONBytes.appendString(text, to: &out, flush: { _ in })
            let decoded = try JSONSerialization.jsonObject(with: Data(out), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text)
            let written = String(decoding: out, as: UTF8.self)
            XCTAssertFalse(
                written.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                        || (0x2066...0x2069).contains($0.value) || [0x200E, 0x200F, 0x061C].contains($0.value)
                }, text.debugDescription)
        }
    }

    func testTSVMarkdownSQLAndCSVEscapesFollowTheirRules() throws {
        for text in randomTexts() {
            var tsv: [UInt8] = []
            var markdown: [UInt8] = []
            var sql: [UInt8] = []
            var csv: [UInt8] = []
            var copy = text
            copy.withUTF8 { bytes in
                TextBytes.appendTSV(bytes, to: &tsv)
                TextBytes.appendMarkdown(bytes, to: &markdown)
                TextBytes.appendDoublingApostrophes(bytes, to: &sql)
            }
            try CSVBytes.appendField(text, to: &csv, flush: { _ in })
            // The rules, byte by byte (a Swift `replacing` sees "\r\n" as one character).
            var expectedTSV: [UInt8] = []
            var expectedMarkdown: [UInt8] = []
            var afterCR = false
            for byte in text.utf8 {
                switch byte {
                case 0x5C: expectedTSV += [0x5C, 0x5C]
                case 0x09: expectedTSV += Array("\\t".utf8)
                case 0x0A: expectedTSV += Array("\\n".utf8)
                case 0x0D: expectedTSV += Array("\\r".utf8)
                default: expectedTSV.append(byte)
                }
                switch byte {
                case 0x5C, UInt8(ascii: "|"): expectedMarkdown += [0x5C, byte]
                case 0x0A where afterCR: break
                case 0x0A, 0x0D: expectedMarkdown += Array("<br>".utf8)
                default: expectedMarkdown.append(byte)
                }
                afterCR = byte == 0x0D
            }
            XCTAssertEqual(tsv, expectedTSV)
            XCTAssertEqual(markdown, expectedMarkdown)
            XCTAssertEqual(String(decoding: sql, as: UTF8.self), text.replacing("'", with: "''"))
            let needsQuotes =
                text.hasPrefix(" ") || text.hasSuffix(" ") || text.contains(where: { ",\"\n\r".contains($0) })
                || text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
            let expectedCSV = needsQuotes ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
            XCTAssertEqual(String(decoding: csv, as: UTF8.self), expectedCSV)
        }
    }
}
