import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// The browser reads long cells cut in SQL (`ReadLimits.cellPreview`): its pages hold
/// no more of a value than the record view shows, a cut blob keeps its real size, and `y` on a
/// cut cell says so rather than copying a part.
final class BigCellBrowserTests: XCTestCase, ChinookBrowsing {
    private static let longText = String(repeating: "0123456789", count: 3_000)  // 30,000 characters
    private static let blobSize = 100_000

    private func makeDatabase() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE cell(id INTEGER PRIMARY KEY, t TEXT, b BLOB);
            INSERT INTO cell VALUES (1, '\(Self.longText)', zeroblob(\(Self.blobSize))), (2, 'short', X'0102');
            """)
    }

    func testAPageHoldsAPreviewOfALongValueAndItsSize() throws {
        let source = RequestDataSource(database: try makeDatabase())
        let page = try source.page(of: RequestView(table: "cell"), offset: 0, limit: 10, totalCount: nil)
        let limit = ReadLimits.cellPreview
        XCTAssertEqual(page.rows[0][1], .text(String(Self.longText.prefix(limit))))
        XCTAssertEqual(page.rows[0][2], .blob([UInt8](repeating: 0, count: limit)))
        XCTAssertEqual(page.cutLengths[0], [1: 0, 2: Self.blobSize])
        XCTAssertEqual(page.rows[1], [2, "short", .blob([1, 2])])
        XCTAssertEqual(page.cutLengths[1], [:])
        XCTAssertEqual(page.statements.first?.sql, "SELECT * FROM \"cell\" ORDER BY \"id\" LIMIT 10", "the SQL pane shows the request's SQL")
    }

    /// A view that selects columns by name (`select(id, t, b)`, sorted by `t`) reads them cut too,
    /// and still pages in the order of the whole values.
    func testSelectedColumnsArePreviewsToo() throws {
        let source = RequestDataSource(database: try makeDatabase())
        let table = Table("cell")
        let view = RequestView(request: table.select(Column("id"), Column("t"), Column("b")).order(Column("t").desc))
        let page = try source.page(of: view, offset: 0, limit: 10, totalCount: nil)
        let limit = ReadLimits.cellPreview
        XCTAssertEqual(page.rows.map { $0.first }, [2, 1], "ordered by the whole t, descending")
        XCTAssertEqual(page.rows[1][1], .text(String(Self.longText.prefix(limit))))
        XCTAssertEqual(page.rows[1][2], .blob([UInt8](repeating: 0, count: limit)))
        XCTAssertEqual(page.cutLengths[1], [1: 0, 2: Self.blobSize])
        XCTAssertEqual(page.columns.map(\.header), ["id", "t", "b"])
    }

    func testTheGridRecordViewAndCopySayACellIsCut() throws {
        let app = try makeApp(database: try makeDatabase(), width: 100, height: 30)
        let clipboard = SidePaneZoomCopyTests.RecordingClipboard()
        app.clipboard = clipboard
        try open(app, "cell")
        XCTAssertTrue(lines(app).contains { $0.contains("<blob \(Self.blobSize) B: 0000") }, lines(app).joined(separator: "\n"))
        press(app, .right, .character("y"))
        XCTAssertEqual(clipboard.copied, [])
        XCTAssertEqual(
            app.state.message?.text,
            "Not copied: the cell holds more than 20,000 characters and the browser reads the first 20,000 only: export the row (e) or use assoc fetch"
        )
        press(app, .right, .character("y"))
        XCTAssertEqual(
            app.state.message?.text,
            "Not copied: the cell holds 100,000 bytes and the browser reads the first 20,000 only: export the row (e) or use assoc fetch")
        // A whole cell is copied as before.
        press(app, .down, .character("y"))
        XCTAssertEqual(clipboard.copied.count, 1)
        let record = RecordViewRenderer.lines(
            columns: ["t", "b"], row: [.text("abc"), .blob([0, 0])], width: 60, cutLengths: [0, Self.blobSize])
        let text = record.map { $0.map(\.text).joined() }
        XCTAssertTrue(text.contains { $0.contains("cut: the browser reads the first 3 characters") }, text.joined(separator: "\n"))
        XCTAssertTrue(text.contains { $0.contains("blob, 100000 B") }, text.joined(separator: "\n"))
    }
}
