import XCTest

@testable import AssocCore

/// Issue 29 item 17: REAL values read as `sqlite3` shows them (15 significant digits) in CSV;
/// JSON and NDJSON keep the shortest form that reads back to the same double.
final class RealTextTests: XCTestCase {
    func testReadableFormIsSQLite3s() {
        XCTAssertEqual(RealText.readable(39.61999999999999), "39.62")
        XCTAssertEqual(RealText.readable(0.1 + 0.2), "0.3")
        XCTAssertEqual(RealText.readable(10), "10.0")
        XCTAssertEqual(RealText.readable(1e-5), "1.0e-05")
        XCTAssertEqual(RealText.readable(123_456_789_012_345_680), "1.23456789012346e+17")
        XCTAssertEqual(RealText.readable(.nan), "NaN")
    }

    func testCSVIsReadableAndJSONRoundTrips() throws {
        let row = Row(columnNames: ["total"], values: [.real(39.61999999999999)])
        for document in RowDocument.allCases {
            var writer = RowDocumentWriter(document: document)
            var bytes: [UInt8] = []
            try writer.append(row, to: &bytes)
            writer.appendEnd(to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            let piece = try document.piece(for: row, index: 0)
            switch document {
            case .csv:
                XCTAssertEqual(text, "total\r\n39.62\r\n")
                XCTAssertTrue(piece.contains("39.62\r\n"), piece)
            case .tsv: XCTAssertEqual(text, "total\n39.62\n")
            case .markdown: XCTAssertEqual(text, "| total |\n| --- |\n| 39.62 |\n")
            case .json, .ndjson, .sql:
                XCTAssertTrue(text.contains("39.61999999999999"), text)
            }
        }
    }
}
