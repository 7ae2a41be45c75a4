import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 30 items 6 and 8: key columns show their parent's label (`1 · AC/DC`), `L` toggles the
/// labels, `Y` copies the current row as TSV.
final class KeyLabelBrowserTests: XCTestCase, ChinookBrowsing {
    /// A parent whose labels are hostile (an escape sequence, a bidi override, wide characters,
    /// a long text) and a NULL key.
    static let sql = """
        CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album(id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Evil' || char(27) || '[31m' || char(8238) || 'x'), (3, '漢字漢字'), (4, NULL),
            (5, 'A very long name of an artist that goes on and on past any column');
        INSERT INTO album VALUES (1, 1, 'T1'), (2, 2, 'T2'), (3, 3, 'T	3'), (4, 4, 'T4'), (5, NULL, 'T5'), (6, 5, 'T6');
        """

    func lines(_ app: BrowserApp) -> [String] { ScreenRenderer.render(app.state).textLines() }

    func testKeyCellsShowTheirParentsLabelSanitizedAndCut() throws {
        for (width, height) in [(80, 24), (160, 45)] {
            let app = try makeApp(database: try TestDatabase.make(Self.sql), width: width, height: height)
            try open(app, "album")
            let shown = lines(app)
            let text = shown.joined(separator: "\n")
            XCTAssertTrue(text.contains("│ 1 · AC/DC"), text)
            XCTAssertTrue(text.contains("│ 3 · 漢字漢字"), text)
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 27 || $0.value == 0x202E }, text)
            XCTAssertTrue(text.contains("│ 2 · Evil"), text)
            // NULL label: the key alone; NULL key: the NULL sign.
            XCTAssertTrue(shown.contains { $0.contains("│ 4 ") && !$0.contains("4 ·") }, text)
            // A long label is cut to the column's width with "…".
            let long = try XCTUnwrap(shown.first { $0.contains("5 · A very long") }, text)
            XCTAssertTrue(long.contains("…"), long)
            // The column right of a wide label stays aligned: every row's separators line up.
            let header = try XCTUnwrap(shown.first { $0.contains("artistId") }, text)
            let wide = try XCTUnwrap(shown.first { $0.contains("漢字") }, text)
            func lastRule(_ line: String) -> Int { TextWidth.width(of: String(line[..<(line.lastIndex(of: "│") ?? line.endIndex)])) }
            XCTAssertEqual(lastRule(wide), lastRule(long), "\(wide)\n\(long)")
            XCTAssertEqual(lastRule(wide), lastRule(header), "\(wide)\n\(header)")
            // One statement reads the labels of the page, shown with the page's statements.
            let statements = try XCTUnwrap(app.state.rows?.statements.map(\.sql))
            XCTAssertEqual(statements.filter { $0.contains("FROM \"artist\" WHERE \"id\" IN (") }.count, 1, "\(statements)")
        }
    }

    /// A key whose parent row is missing says so in its cell, in the error style, and the
    /// statement that found it is with the page's.
    func testAKeyWithoutAParentRowSaysSo() throws {
        for (width, height) in [(80, 24), (160, 45)] {
            let database = try TestDatabase.make(Self.sql + "\nINSERT INTO album VALUES (7, 42, 'T7');")
            let app = try makeApp(database: database, width: width, height: height)
            try open(app, "album")
            let text = lines(app).joined(separator: "\n")
            XCTAssertTrue(text.contains("│ 42 · ⚠ no artist"), text)
            XCTAssertTrue(text.contains("│ 1 · AC/DC"), text)
            XCTAssertFalse(text.contains("1 · ⚠"), text)
            let rows = try XCTUnwrap(app.state.rows)
            let row = try XCTUnwrap((0..<rows.totalCount).first { rows.row(at: $0)?.first == .integer(7) })
            XCTAssertEqual(rows.label(at: row, column: 1), .noParent("artist"))
            XCTAssertEqual(LabeledCell.cell(.integer(42), label: .noParent("artist")).role, .error)
            XCTAssertTrue(rows.statements.contains { $0.sql.contains("NOT IN (SELECT \"id\" FROM \"artist\"") }, "\(rows.statements)")
        }
    }

    /// The record view (`v`) shows a key with its label as the grid does, and a missing parent;
    /// `L` there hides them in both.
    func testTheRecordViewShowsTheLabels() throws {
        let database = try TestDatabase.make(Self.sql + "\nINSERT INTO album VALUES (7, 42, 'T7');")
        let app = try makeApp(database: database, width: 80, height: 24)
        try open(app, "album")
        press(app, .character("v"))
        var text = lines(app).joined(separator: "\n")
        XCTAssertTrue(text.contains("artistId │ 1 · AC/DC"), text)
        press(app, .character("L"))  // in the record view too
        text = lines(app).joined(separator: "\n")
        XCTAssertTrue(text.contains("artistId │ 1\n"), text)
        XCTAssertFalse(text.contains("AC/DC"), text)
        XCTAssertEqual(app.state.mode, .record(scroll: 0))
        press(app, .escape)
        XCTAssertFalse(lines(app).joined().contains("AC/DC"), "hidden in the grid as well")
        press(app, .character("L"), .character("G"), .character("v"))
        text = lines(app).joined(separator: "\n")
        XCTAssertTrue(text.contains("artistId │ 42 · ⚠ no artist"), text)
        let line = RecordViewRenderer.lines(
            columns: ["artistId"], row: [.integer(42)], width: 30, labels: [.noParent("artist")])
        XCTAssertEqual(line.first?.last, StyledText("42 · ⚠ no artist", .error))
    }

    func testLHidesAndShowsTheLabels() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql), width: 80, height: 24)
        try open(app, "album")
        XCTAssertTrue(lines(app).joined().contains("1 · AC/DC"))
        press(app, .character("L"))
        XCTAssertFalse(lines(app).joined().contains("AC/DC"))
        XCTAssertFalse(app.state.showsLabels)
        // Pages read while hidden run no label statement (a sort reads the view again).
        press(app, .character("s"))
        XCTAssertNotEqual(app.state.rows?.view.request, Table("album").all)
        XCTAssertFalse(try XCTUnwrap(app.state.rows?.statements).contains { $0.sql.contains("FROM \"artist\"") })
        press(app, .character("L"))
        XCTAssertTrue(lines(app).joined().contains("1 · AC/DC"), lines(app).joined(separator: "\n"))
    }

    func testLabelsChangeNeitherTheRequestNorTheExport() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql), width: 80, height: 24)
        try open(app, "album")
        XCTAssertEqual(app.state.rows?.view.request, Table("album").all)
        XCTAssertEqual(app.state.rows?.row(at: 0)?[1], .integer(1))
    }

    func testYCopiesTheCurrentRowAsTSVWithAHeader() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql), width: 80, height: 24)
        let clipboard = SidePaneZoomCopyTests.RecordingClipboard()
        app.clipboard = clipboard
        try open(app, "album")
        press(app, .down, .down, .character("Y"), .down, .down, .character("Y"))
        XCTAssertEqual(clipboard.copied, ["id\tartistId\ttitle\n3\t3\tT\\t3\n", "id\tartistId\ttitle\n5\t\tT5\n"])
    }
}
