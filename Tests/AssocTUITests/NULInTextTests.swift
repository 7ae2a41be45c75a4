import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// A TEXT holding NUL (`north` NUL `south`) is read whole: SQLite's `substr` of a text stops at a
/// NUL, so the page reads bytes. The grid and the record view show the NUL as ␀ and the text
/// after it; `y` and `Y` copy the whole value.
final class NULInTextTests: XCTestCase, ChinookBrowsing {
    static let sql = """
        CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
        INSERT INTO place VALUES (1, CAST(X'6E6F72746800736F757468' AS TEXT), 'x');
        INSERT INTO place VALUES (2, CAST(X'00' || hex(zeroblob(3)) AS TEXT), 'y');
        """

    func testTheValueIsReadShownAndCopiedWhole() throws {
        let db = try TestDatabase.make(Self.sql)
        let app = try makeApp(database: db, width: 80, height: 24)
        let clipboard = SidePaneZoomCopyTests.RecordingClipboard()
        app.clipboard = clipboard
        try open(app, "place")
        XCTAssertEqual(app.state.rows?.selectedRow?[1], .text("north\u{0}south"))
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("north␀south"), screen)
        press(app, .right, .character("y"), .character("Y"))
        XCTAssertEqual(clipboard.copied.first, "north\u{0}south")
        XCTAssertTrue(clipboard.copied.last?.contains("north\u{0}south") ?? false, clipboard.copied.debugDescription)
        press(app, .enter)
        let record = lines(app).joined(separator: "\n")
        XCTAssertTrue(record.contains("north␀south"), record)
    }

    /// A long text with a NUL early is cut at the preview's length, not at the NUL.
    func testALongTextWithANULIsCutAtThePreviewLength() throws {
        let db = try TestDatabase.make(
            "CREATE TABLE t (v TEXT); INSERT INTO t VALUES (CAST(X'6100' AS TEXT) || printf('%.*c', 300, 'é'));")
        let rows = try db.fetchAll(Table("t").all, previewingCellsUpTo: 100)
        XCTAssertEqual(rows.first?.values, [.text("a\u{0}" + String(repeating: "é", count: 98))])
        XCTAssertEqual(rows.first?.cutLength(at: 0), 0)
        let whole = try db.fetchAll(Table("t").all, previewingCellsUpTo: 1000)
        XCTAssertEqual(whole.first?.values, [.text("a\u{0}" + String(repeating: "é", count: 300))])
        XCTAssertNil(whole.first?.cutLength(at: 0))
    }
}
