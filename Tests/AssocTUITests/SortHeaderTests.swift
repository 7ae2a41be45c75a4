import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// The sort in the header (issue 30, item 7): a sorted column's header ends with ▲ or ▼ (with
/// its rank when several columns sort the view), and the current column's header stands out,
/// rendered into the screen buffer at 80×24 and 160×45.
final class SortHeaderTests: XCTestCase, ChinookBrowsing {
    /// The header line of the grid and its row on screen.
    func header(_ app: BrowserApp) throws -> (text: String, y: Int) {
        let shown = lines(app)
        let y = try XCTUnwrap(shown.firstIndex { $0.contains("│TrackId") && $0.contains("Name") }, "\(shown)")
        return (shown[y], y)
    }

    func testSortedColumnsShowTheirDirectionAndRank() throws {
        for (width, height) in [(80, 24), (160, 45)] {
            let app = try makeApp(width: width, height: height)
            try open(app, "Track")
            XCTAssertFalse(try header(app).text.contains("▲"), "not sorted: no mark")
            press(app, .right, .character("s"))
            let ascending = try header(app).text
            XCTAssertTrue(ascending.contains("Name ▲"), ascending)
            press(app, .character("s"))
            let descending = try header(app).text
            XCTAssertTrue(descending.contains("Name ▼"), descending)
            press(app, .character(":"), .control("u"))
            type(app, "Track.order(Name, TrackId.desc)")
            press(app, .enter)
            let text = try header(app).text
            XCTAssertTrue(text.contains("Name ¹▲"), text)
            XCTAssertTrue(text.contains("TrackId ²▼"), text)
        }
    }

    /// Several sort keys (issue 44, item 2): `S` adds the current column as the next key, `s`
    /// cycles only its own column and keeps the others, the request line shows every key, the
    /// pages follow the whole order, and `u` undoes each step.
    func testSAddsASortKeyAndSCyclesOnlyItsColumn() throws {
        let app = try makeApp(width: 160, height: 45)
        try open(app, "Track")
        func orderText() -> String { (try? app.state.rows?.view.request.languageText()) ?? "" }
        func select(_ app: BrowserApp, _ header: String) throws {
            let index = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == header }, header)
            press(app, .character("0"))
            for _ in 0..<index { press(app, .right) }
        }
        try select(app, "GenreId")
        press(app, .character("s"))
        try select(app, "Composer")
        press(app, .character("S"))
        try select(app, "TrackId")
        press(app, .character("S"), .character("S"))
        XCTAssertTrue(orderText().contains(".order(GenreId, Composer, TrackId.desc)"), orderText())
        func marks() -> [String: String] {
            guard let rows = app.state.rows else { return [:] }
            return Dictionary(uniqueKeysWithValues: SortMarks.marks(of: rows).map { (rows.columns[$0.key].header, $0.value) })
        }
        XCTAssertEqual(marks(), ["GenreId": "¹▲", "Composer": "²▲", "TrackId": "³▼"])
        // The rows follow the three keys, as SQLite orders them.
        let expected = try TestDatabase.make(ChinookFixture.sql).connection
            .fetchAll("SELECT TrackId FROM Track ORDER BY GenreId, Composer, TrackId DESC").compactMap(\.first)
        XCTAssertEqual(app.state.rows?.rows.compactMap(\.first), expected)
        // s on the first key cycles it alone: descending, the others kept; again: off.
        try select(app, "GenreId")
        press(app, .character("s"))
        XCTAssertTrue(orderText().contains(".order(GenreId.desc, Composer, TrackId.desc)"), orderText())
        press(app, .character("s"))
        XCTAssertTrue(orderText().contains(".order(Composer, TrackId.desc)"), orderText())
        XCTAssertEqual(marks(), ["Composer": "¹▲", "TrackId": "²▼"])
        // u brings back each step.
        press(app, .character("u"))
        XCTAssertTrue(orderText().contains(".order(GenreId.desc, Composer, TrackId.desc)"), orderText())
        press(app, .character("u"))
        XCTAssertTrue(orderText().contains(".order(GenreId, Composer, TrackId.desc)"), orderText())
    }

    func testTheCurrentColumnIsMarkedInTheHeader() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Track")
        press(app, .right)
        let (text, y) = try header(app)
        let x = try XCTUnwrap(text.range(of: "Name").map { TextWidth.width(of: String(text[..<$0.lowerBound])) })
        let other = try XCTUnwrap(text.range(of: "TrackId").map { TextWidth.width(of: String(text[..<$0.lowerBound])) })
        var screen = ScreenRenderer.render(app.state)
        XCTAssertTrue(screen.cell(x: x, y: y).highlighted, "reverse video while the grid has the keys")
        XCTAssertFalse(screen.cell(x: other, y: y).highlighted, "another column's header is not")
        // The focus elsewhere: still marked, in the selection's role.
        press(app, .tab)
        XCTAssertNotEqual(app.state.focus, .rows)
        screen = ScreenRenderer.render(app.state)
        XCTAssertEqual(screen.cell(x: x, y: y).role, .selection)
        XCTAssertEqual(screen.cell(x: other, y: y).role, .header)
    }

    func testMarksFitNarrowAndWideHeaders() {
        for (header, mark, width) in [("Milliseconds", "▼2", 8), ("名前の列", "▲", 5), ("x", "▲12", 2), ("Name", "▲", 6), ("名前", "▼", 1)] {
            let text = SortMarks.header(header, mark: mark, width: width)
            XCTAssertEqual(TextWidth.width(of: text), width, "\(header) \(mark) in \(width): \(text)")
            if width > TextWidth.width(of: mark) + 1 { XCTAssertTrue(text.hasSuffix(" " + mark), text) }
        }
        XCTAssertEqual(SortMarks.header("Name", mark: "▲", width: 6), "Name ▲")
        XCTAssertEqual(SortMarks.header("Milliseconds", mark: "▼2", width: 8).count, 8)
    }
}
