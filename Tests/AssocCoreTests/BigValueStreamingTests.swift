import TestSupport
import XCTest

@testable import AssocCore

/// A big cell is written in pieces: `fetch` and the export hand the output buffer to `flush`
/// whenever it passes 64 KB, also inside one value, so a value is never held a second time as
/// escaped text or base64 (the bytes are still exactly `RowDocument.piece`'s).
final class BigValueStreamingTests: XCTestCase {
    /// About 1 MB of text with something to escape near every piece boundary (quotes, line breaks,
    /// NUL, C1, bidi controls, multi-byte scalars that straddle 64 KB), and a blob whose length is
    /// not a multiple of 3.
    private func makeDatabase() throws -> (Database, String, [UInt8]) {
        var text = ""
        let specials = ["\"", "\\", "\n", "\u{0}", "\u{85}", "\u{202E}", "é", "漢", "🇫🇷", ",", "\r\n", " "]
        var index = 0
        while text.utf8.count < 1_000_000 {
            text += String(repeating: "abcdefgh", count: 1021 + index % 7)
            text += specials[index % specials.count]
            index += 1
        }
        text = " " + text + " "
        let blob = (0..<1_000_001).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let db = try TestDatabase.make("CREATE TABLE cell(id INTEGER PRIMARY KEY, t TEXT, b BLOB);")
        try db.connection.execute("INSERT INTO cell VALUES (1, ?, ?), (2, 'small', X'00')", arguments: [.text(text), .blob(blob)])
        return (db, text, blob)
    }

    func testABigValueIsWrittenInPiecesWithTheBytesOfTheDocument() throws {
        let (db, _, _) = try makeDatabase()
        let requests = [
            Table("cell").order(Column("id")),
            Table("cell").select(Column("id"), Column("t")).order(Column("id")),
            Table("cell").select(Column("b")).order(Column("id"))
        ]
        for request in requests {
            let expectedRows = try db.fetchAll(request)
            // TSV, Markdown and SQL are written a whole row at a time (`RowDocument.piece`).
            for document in [RowDocument.json, .ndjson, .csv] {
                var writer = RowDocumentWriter(document: document)
                var written: [UInt8] = []
                var largest = 0
                var buffer: [UInt8] = []
                let cursor = try db.cursor(request)
                while let row = try cursor.nextStreamed() {
                    try writer.append(row, to: &buffer) { bytes in
                        largest = max(largest, bytes.count)
                        written += bytes
                        bytes.removeAll(keepingCapacity: true)
                    }
                    largest = max(largest, buffer.count)
                    written += buffer
                    buffer.removeAll(keepingCapacity: true)
                }
                writer.appendEnd(to: &buffer)
                written += buffer
                var expected = ""
                for (index, row) in expectedRows.enumerated() { expected += try document.piece(for: row, index: index) }
                expected += document.end(count: expectedRows.count)
                XCTAssertTrue(written == Array(expected.utf8), "\(document) \(request.table): the bytes differ from the document's")
                // The buffer went out as it filled: never much more than one 64 KB piece.
                XCTAssertLessThanOrEqual(largest, 3 * JSONBytes.chunk, "\(document): a buffer of \(largest) bytes")
            }
        }
    }

    func testBase64InPiecesIsTheBase64OfTheWhole() throws {
        for count in [0, 1, 2, 3, 4, 49_151, 49_152, 49_153, 200_000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var out: [UInt8] = []
            var written: [UInt8] = []
            try Base64.append(bytes, to: &out) { piece in
                written += piece
                piece.removeAll()
            }
            written += out
            XCTAssertEqual(String(decoding: written, as: UTF8.self), Base64.encode(bytes), "\(count) bytes")
        }
    }
}
