import AssocCore
import XCTest

@testable import AssocTUI

/// Details a daily user notices (issue 20, item 5), through the app over the fixture.
final class SmallDetailsTests: XCTestCase, ChinookBrowsing {
    func testEnterOnANullForeignKeySaysSo() throws {
        let app = try makeApp()
        try open(app, "Track")
        // Track 4 has no genre: its GenreId (the fifth column) is NULL.
        press(app, .down, .down, .down)
        for _ in 0..<4 { press(app, .right) }
        XCTAssertEqual(app.state.rows?.columns[app.state.rows?.column.index ?? 0], "GenreId")
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "No genre: GenreId is NULL")
        XCTAssertEqual(app.state.rows?.view.table, "Track", "no empty view opened")
        // A non-NULL key still follows.
        press(app, .up)
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "Genre")
    }

    func testDoubleQuotedTextInAFilterSuggestsSingleQuotes() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .character("/"))
        type(app, #"Name = "AC/DC""#)
        press(app, .enter)
        let message = try XCTUnwrap(app.state.prompt?.error?.message)
        XCTAssertTrue(message.hasSuffix("; text goes in single quotes: 'AC/DC'"), message)
        // Without double quotes in the text, no such hint.
        press(app, .control("u"))
        type(app, "Nmae = 'x'")
        press(app, .enter)
        XCTAssertFalse(app.state.prompt?.error?.message.contains("single quotes") ?? true)
    }

    func testTheStatusLineShowsEveryActiveFilter() throws {
        let app = try makeApp()
        try open(app, "Track")
        press(app, .character("/"))
        type(app, "Milliseconds > 200000")
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "Filter: Milliseconds > 200000")
        press(app, .character("/"))
        type(app, "GenreId = 1")
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "Filters: Milliseconds > 200000 AND GenreId = 1")
    }

    /// `G` shows the help's last lines with the screen full, PgDn never scrolls past them, `g`
    /// the first lines (at 80×24, `G` used to leave 1 of 21 lines filled).
    func testGAndGGMoveInTheHelpWithTheScreenFull() throws {
        let app = try makeApp(width: 80, height: 24)
        press(app, .character("?"))
        press(app, .character("G"))
        guard case .help(let scroll, _) = app.state.mode else { return XCTFail("help closed") }
        let screen = lines(app)
        func text(_ index: Int) -> String {
            String(HelpContent.lines[index].map(\.text).joined().trimmingCharacters(in: .whitespaces).prefix(30))
        }
        let bottom = try XCTUnwrap(screen.lastIndex { $0.contains(text(HelpContent.lines.count - 1)) }, screen.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(bottom, screen.count - 2, "the last help line at the bottom: " + screen.joined(separator: "\n"))
        let title = try XCTUnwrap(screen.firstIndex { $0.contains("Help: keys by group") })
        let filled = screen[(title + 1)...bottom].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        XCTAssertEqual(bottom - title, HelpContent.lines.count - scroll, "every line from the scroll to the last is shown")
        XCTAssertGreaterThanOrEqual(filled, 16, "the screen is full: " + screen.joined(separator: "\n"))
        for _ in 0..<5 { press(app, .pageDown) }
        XCTAssertEqual(app.state.mode, .help(scroll: scroll, over: nil), "PgDn stops at the last screenful")
        press(app, .pageUp)
        guard case .help(let up, _) = app.state.mode else { return XCTFail("help closed") }
        XCTAssertEqual(scroll - up, bottom - title - 1, "PgUp moves a screen less one line")
        press(app, .character("g"))
        XCTAssertEqual(app.state.mode, .help(scroll: 0, over: nil))
    }

    func testTheRequestLineSaysNothingAboutPaging() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .character(":"))
        press(app, .control("u"))
        type(app, "Album.filter(ArtistId = 1)")
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "Request applied")
        XCTAssertEqual(app.state.rows?.reading?.description.hasPrefix("keyset paging"), true, app.state.rows?.reading?.description ?? "")
    }
}
