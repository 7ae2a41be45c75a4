import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// The focused pane shows by its heavy rule (not only by colour), the child pane takes the focus
/// and scrolls, and a key that changes nothing says why.
final class FocusAndSilentKeysTests: XCTestCase, ChinookBrowsing {
    /// The title lines of the screen: those holding a pane's name after a rule character.
    func titles(_ app: BrowserApp) -> [String] {
        lines(app).flatMap { line in
            line.split(separator: "│").map(String.init).filter { $0.hasPrefix("─ ") || $0.hasPrefix("━ ") }
        }
    }

    func testTheFocusedPaneHasAHeavyRuleAt80x24() throws {
        let app = try makeApp(width: 80, height: 24)
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["━ Tables ", "─ Rows ──", "─ Links: ", "─ [SQL] S"])
        try open(app, "Track")
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["─ Tables ", "━ Rows: T", "─ Links: ", "─ [SQL] S"])
        press(app, .tab)
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["─ Tables ", "─ Rows: T", "━ Links: ", "─ [SQL] S"])
        press(app, .tab)
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["─ Tables ", "─ Rows: T", "─ Links: ", "━ [SQL] S"])
        // The whole rule is heavy, up to the pane's right edge.
        let sqlTitle = try XCTUnwrap(titles(app).last)
        XCTAssertFalse(sqlTitle.contains("─"), sqlTitle)
    }

    func testTheFocusedPaneHasAHeavyRuleAt60x15() throws {
        let app = try makeApp(width: 60, height: 15)
        try open(app, "Track")
        // 60×15: a body of 13 lines, room for all four panes.
        let screen = lines(app)
        XCTAssertEqual(screen.count, 15)
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["─ Tables ", "━ Rows: T", "─ Links: ", "─ [SQL] S"])
        XCTAssertTrue(screen[1].hasPrefix("─ Tables ─"), screen[1])
        XCTAssertTrue(screen[1].contains("│━ Rows: Track ━"), screen[1])
        XCTAssertTrue(screen[1].hasSuffix("━"), screen[1])
        press(app, .tab)
        XCTAssertEqual(titles(app).map { String($0.prefix(9)) }, ["─ Tables ", "─ Rows: T", "━ Links: ", "─ [SQL] S"])
    }

    /// Artist 1 has twelve albums: more than the child pane shows at 80×24.
    func twelveAlbums() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER REFERENCES Artist(ArtistId));
            INSERT INTO Artist VALUES (1, 'Prolific'), (2, 'Rare');
            WITH RECURSIVE i(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM i WHERE x < 12)
            INSERT INTO Album SELECT x, 'Album ' || x, 1 FROM i;
            INSERT INTO Album VALUES (13, 'Only one', 2);
            """)
    }

    func testTheChildPaneTakesTheFocusScrollsAndFollowsItsLink() throws {
        let app = try makeApp(database: try twelveAlbums(), width: 80, height: 24)
        try open(app, "Artist")
        press(app, .tab, .character("p"), .backTab)
        XCTAssertEqual(app.state.focus, .rows)
        XCTAssertFalse(app.state.child.isFocused, "Shift-Tab from Links: the grid")
        press(app, .tab)
        XCTAssertTrue(app.state.child.isFocused)
        XCTAssertEqual(app.state.focus, .rows)
        var child = try XCTUnwrap(titles(app).first { $0.contains("albums of #1 Prolific") })
        XCTAssertTrue(child.hasPrefix("━ albums of #1 Prolific"), child)
        XCTAssertTrue(child.hasSuffix("1/12 records ━"), child)
        XCTAssertTrue(try XCTUnwrap(titles(app).first { $0.contains("Rows: Artist") }).hasPrefix("─"), "the grid is not focused")
        // j moves in the child pane, which scrolls to keep its cursor visible; the grid stays on row 1.
        for _ in 0..<9 { press(app, .character("j")) }
        XCTAssertEqual(app.state.child.cursor.index, 9)
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        child = try XCTUnwrap(titles(app).first { $0.contains("albums of #1 Prolific") })
        XCTAssertTrue(child.hasSuffix("10/12 records ━"), child)
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Album 10"), screen)
        XCTAssertFalse(screen.contains("Album 1 "), "scrolled past the first album:\n\(screen)")
        press(app, .character("G"))
        XCTAssertEqual(app.state.child.cursor.index, 11)
        press(app, .character("j"))
        XCTAssertEqual(app.state.message?.text, "Already at the end of the prefetched records")
        // Enter follows the child pane's link from the selected row.
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.title, "albums")
        XCTAssertEqual(app.state.rows?.totalCount, 12)
        press(app, .backspace)
        // Back on the grid; Tab: the child pane, Tab again: Links; Shift-Tab from the child pane: the grid.
        XCTAssertFalse(app.state.child.isFocused)
        press(app, .tab)
        XCTAssertTrue(app.state.child.isFocused)
        press(app, .tab)
        XCTAssertEqual(app.state.focus, .links)
        press(app, .backTab, .tab, .backTab)
        XCTAssertEqual(app.state.focus, .rows)
        XCTAssertFalse(app.state.child.isFocused)
    }

    func testAKeyThatChangesNothingSaysWhy() throws {
        let app = try makeApp(width: 100, height: 30)
        try open(app, "Genre")
        // The side pane (SQL tab): everything shows, G has nothing to scroll; Enter has nothing to open.
        press(app, .tab, .tab, .character("G"))
        XCTAssertEqual(app.state.focus, .side)
        XCTAssertEqual(app.state.message?.text, "The side pane shows all of it: nothing to scroll")
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "Nothing to open in the side pane: Tab to Rows or Links")
        press(app, .character("0"))
        XCTAssertEqual(app.state.message?.text, "The SQL wraps to the pane's width: nothing to scroll sideways")
        press(app, .tab, .character("0"))
        XCTAssertEqual(app.state.focus, .tables)
        XCTAssertEqual(app.state.message?.text, "← → move between columns in the Rows pane (Tab goes there)")
        press(app, .tab)
        // The grid at its edges.
        press(app, .character("k"))
        XCTAssertEqual(app.state.focus, .rows)
        XCTAssertEqual(app.state.message?.text, "Already at the top of the Rows pane")
        press(app, .character("$"), .character("l"))
        XCTAssertEqual(app.state.message?.text, "Already at the last column")
        // The help: G then G again.
        press(app, .character("?"), .character("G"), .character("G"))
        XCTAssertEqual(app.state.message?.text, "Already at the end of the help")
        press(app, .backspace)
        // Ctrl-P twice: the log opens, then closes; a key with nothing to do in it says so.
        press(app, .control("p"), .character("s"))
        XCTAssertEqual(app.state.message?.text, "s (sort by the column: asc, desc, off (other sort keys kept)): nothing to do in the messages")
    }
}
