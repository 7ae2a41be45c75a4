import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// Nothing cut without a way to see it: long messages wrap and stay in the log (Ctrl-P), the left
/// column grows with its link names and `<`/`>` resize it.
final class ScreenDetailsTests: XCTestCase, ChinookBrowsing {
    func testALongMessageTakesTheLineAboveTheHintLine() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Track")
        // `+` on a to-many link: a message of 110 characters.
        let lines = try includeToMany(app)
        XCTAssertEqual(lines[22], "playlistTracks is to-many: Enter follows it, p prefetches it, a aggregates it")
        XCTAssertEqual(lines[23], "(only to-one links join as columns)")
    }

    func testALongMessageAt60x15() throws {
        let app = try makeApp(width: 60, height: 15)
        try open(app, "Track")
        let lines = try includeToMany(app)
        // Wrapped by hand at 60 columns, at word boundaries (as Python's textwrap does too).
        XCTAssertEqual(lines[13], "playlistTracks is to-many: Enter follows it, p prefetches")
        XCTAssertEqual(lines[14], "it, a aggregates it (only to-one links join as columns)")
        // Above them, the panes as they were. The left column would take 22 cells for
        // "⇉ playlistTracks 9999"; it gets 19, the Rows pane keeping its 40.
        XCTAssertEqual(lines[12], "→ mediaType belong…│LIMIT 200")
        XCTAssertEqual(app.state.layout.panes[.links]?.width, 19)
        XCTAssertEqual(app.state.layout.panes[.rows]?.width, 40)
    }

    /// Presses `+` on Track's first to-many link (from the Links pane) and returns the screen.
    private func includeToMany(_ app: BrowserApp) throws -> [String] {
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.isToMany && $0.isRootLink })
        press(app, .tab)
        for _ in 0..<index { press(app, .down) }
        press(app, .character("+"))
        return lines(app)
    }

    func testAMessageLongerThanTwoLinesEndsWithTheKeyThatShowsIt() {
        let text = String(repeating: "word ", count: 40) + "end"
        let lines = ChromeRenderer.messageLines(text, width: 50, room: 2)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0], String(repeating: "word ", count: 10).dropLast() + "")
        XCTAssertTrue(lines[1].hasSuffix("… (Ctrl-P)"), lines[1])
        XCTAssertLessThanOrEqual(TextWidth.width(of: lines[1]), 50)
        XCTAssertEqual(ChromeRenderer.messageLines("short", width: 50, room: 2), ["short"])
        // Control characters never reach the terminal, even in a message.
        XCTAssertFalse(ChromeRenderer.messageLines("a\u{1B}[31mred", width: 50, room: 2)[0].contains("\u{1B}"))
    }

    func testControlPListsTheMessagesNewestFirstInFull() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Track")
        _ = try includeToMany(app)
        press(app, .backTab, .character("s"))
        XCTAssertEqual(app.state.message?.text, "Sorted by TrackId ascending")
        press(app, .control("p"))
        XCTAssertEqual(app.state.mode, .messages(scroll: 0))
        let screen = lines(app)
        // The first message: Home in the Tables pane, already at its top (the open helper's key).
        XCTAssertEqual(
            Array(screen[1...5]),
            [
                "━ Messages ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 3 · newest first · Esc closes ━",
                " • Sorted by TrackId ascending",
                " • playlistTracks is to-many: Enter follows it, p prefetches it, a aggregates it",
                "   (only to-one links join as columns)",
                " • Already at the top of the Tables pane"
            ])
        press(app, .backspace)
        XCTAssertEqual(app.state.mode, .grid)
        XCTAssertEqual(app.state.rows?.view.table, "Track")
    }

    func testTheLeftColumnGrowsForLongLinkNamesAndResizesWithAngleBrackets() throws {
        // An employee's links: reportsTo, customers, employeesAsReportsTo (hasMany) and invoices (through
        // customers); nothing through the self-reference (docs/ASSOCIATION-NAMES.md).
        let app = try makeApp(database: try TestDatabase.make(JumpListTests.sql), width: 80, height: 24)
        try open(app, "Artist")
        XCTAssertEqual(app.state.layout.panes[.links]?.width, 20, "short names: a quarter of the screen")
        press(app, .backspace)
        try open(app, "Employee")
        let needed = app.state.linksPane.links.map(LeftColumnWidth.needed(by:)).max() ?? 0
        let width = try XCTUnwrap(app.state.layout.panes[.links]?.width)
        XCTAssertEqual(width, min(needed, 32), "as wide as the longest link needs, up to two fifths of 80")
        // `⇉ employeesAsReportsTo` and room for a five-digit count: 1 + 1 + 20 + 5 + 1.
        XCTAssertEqual(width, 28)
        let screen = lines(app).joined(separator: "\n")
        // Every link that fits in two fifths shows whole (a longer one would not: the status line
        // names the selected link in full, and `>` widens the column).
        for link in app.state.linksPane.links where LeftColumnWidth.needed(by: link) <= width {
            XCTAssertTrue(screen.contains(link.association.kind.symbol + " " + link.association.name), "\(link.association.name):\n\(screen)")
        }
        // `>` in the Links pane widens the column; `<` narrows it.
        press(app, .tab, .character(">"))
        XCTAssertEqual(app.state.layout.panes[.links]?.width, width + 4)
        XCTAssertEqual(app.state.message?.text, "Left column: \(width + 4) cells (< narrows, > widens)")
        for _ in 0..<20 { press(app, .character("<")) }
        XCTAssertEqual(app.state.layout.panes[.links]?.width, 12)
        XCTAssertEqual(app.state.message?.text, "The left column is as narrow as it gets at this width")
        for _ in 0..<20 { press(app, .character(">")) }
        XCTAssertEqual(app.state.layout.panes[.links]?.width, 39, "the Rows pane keeps 40 cells")
    }
}
