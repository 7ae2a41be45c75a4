import TestSupport
import XCTest

@testable import AssocCore

/// The byte writer of `assoc fetch` and the export writes what `RowDocument.piece` writes, for
/// random rows of every shape and value (controls, C1, bidi, quotes, commas, blobs, reals).
final class RowDocumentWriterTests: XCTestCase {
    private static let texts = [
        "", "plain", "a,b", "say \"hi\"", "line\nbreak", "crlf\r\nend", " lead", "trail ", "tab\there",
        "\u{1B}[31mred", "\u{7F}", "\u{85}c1", "\u{202E}rtl", "\u{2067}iso", "\u{200F}", "\u{061C}", "é", "🇫🇷 flag",
        "x\u{301}", "\\back", "\u{0}nul", "\u{FFFD}", "漢字"
    ]

    private func value(_ rng: inout SeededRandom) -> DatabaseValue {
        switch rng.below(6) {
        case 0: return .null
        case 1: return .integer(rng.pick([0, 7, -1, 10, 123_456_789, Int64.max, Int64.min, -42]) ?? 0)
        case 2: return .real(rng.pick([0.5, -0.0, 1e300, 3.0, .infinity, -.infinity, .nan, 0.1 + 0.2]) ?? 0)
        case 3, 4: return .text(rng.pick(Self.texts) ?? "")
        default: return .blob((0..<rng.below(5)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        }
    }

    private func row(_ rng: inout SeededRandom, depth: Int, names: [String]) -> Row {
        var row = Row(columnNames: names, values: names.map { _ in value(&rng) })
        guard depth < 2 else { return row }
        if rng.chance(40) { row.scopes.append(("author\(rng.below(1 << 30))", self.row(&rng, depth: depth + 1, names: ["id", "name"]))) }
        if rng.chance(20) { row.scopes.append(("through\(rng.below(1 << 30))", self.row(&rng, depth: depth + 1, names: []))) }
        if rng.chance(20) { row.scopes.append(("cover\(rng.below(1 << 30))", Row(columnNames: ["id"], values: [.null]))) }
        if rng.chance(40) {
            row.prefetched.append(
                ("books\(rng.below(1 << 30))", (0..<rng.below(3)).map { _ in self.row(&rng, depth: depth + 1, names: ["id", "title"]) }))
        }
        return row
    }

    func testBytesAreThePiecesOfTheDocument() throws {
        let seed = randomSeed()
        var rng = SeededRandom(seed: seed)
        for round in 0..<300 {
            let names = ["id", "name", "value", "data"].prefix(rng.below(5)).map { $0 }
            let rows = (0..<rng.below(4)).map { _ in row(&rng, depth: 0, names: names) }
            for document in RowDocument.allCases {
                var writer = RowDocumentWriter(document: document)
                var bytes: [UInt8] = []
                var text = ""
                for (index, row) in rows.enumerated() {
                    try writer.append(row, to: &bytes)
                    text += try document.piece(for: row, index: index)
                }
                writer.appendEnd(to: &bytes)
                text += document.end(count: rows.count)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), text, "seed \(seed) round \(round) \(document)")
            }
        }
    }

    func testCollidingNamesAreRefusedAsRowJSONRefusesThem() {
        let row = Row(columnNames: ["id", "id"], values: [.integer(1), .integer(2)])
        for document in [RowDocument.json, .ndjson] {
            var writer = RowDocumentWriter(document: document)
            var bytes: [UInt8] = []
            XCTAssertThrowsError(try writer.append(row, to: &bytes)) { error in
                XCTAssertEqual(error as? AssocError, .keyCollision("id", isAssociation: false))
            }
        }
        var keyed = Row(columnNames: ["author"], values: [.integer(1)])
        keyed.scopes = [("author", Row(columnNames: ["id"], values: [.integer(1)]))]
        var writer = RowDocumentWriter(document: .ndjson)
        var bytes: [UInt8] = []
        XCTAssertThrowsError(try writer.append(keyed, to: &bytes))
    }

    /// Streamed rows (`nextStreamed`, lists read from their cursors while written, flushed
    /// mid-row) give the bytes of the whole rows, for every chunking and document.
    func testStreamedRowsAreWrittenAsWholeRows() throws {
        let db = try VendorFixture.database()
        let vendor = Table("vendor")
        let item = Table("item")
        let requests = [
            VendorFixture.vendorsWithItemsAndParts,
            vendor.including(all: vendor.association("items").order(Column("id").desc)).filter(Column("id") > 2),
            item.including(required: item.association("vendor").including(all: vendor.association("items").select(Column("name")))),
            item.including(all: item.association("parts").select(Column("label")).order(Column("label"))).order(Column("id"))
        ]
        for request in requests {
            let rows = try db.fetchAll(request)
            for document in RowDocument.allCases {
                var expected = ""
                for (index, row) in rows.enumerated() { expected += try document.piece(for: row, index: index) }
                expected += document.end(count: rows.count)
                for chunking in [CursorChunking(), CursorChunking(maximumParents: 2, rowBudget: 1), CursorChunking(rowBudget: 3)] {
                    let cursor = try db.cursor(request, chunking: chunking)
                    var writer = RowDocumentWriter(document: document)
                    var bytes: [UInt8] = []
                    var flushed: [UInt8] = []
                    while let row = try cursor.nextStreamed() {
                        try writer.append(row, to: &bytes) {
                            flushed += $0
                            $0.removeAll()
                        }
                    }
                    writer.appendEnd(to: &bytes)
                    XCTAssertEqual(String(decoding: flushed + bytes, as: UTF8.self), expected, "\(document) \(chunking) \(request)")
                }
            }
        }
    }
}
