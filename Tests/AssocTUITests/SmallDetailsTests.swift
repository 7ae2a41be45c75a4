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

    func testGAndGGMoveInTheHelp() throws {
        let app = try makeApp()
        press(app, .character("?"))
        press(app, .character("G"))
        guard case .help(let scroll, _) = app.state.mode else { return XCTFail("help closed") }
        XCTAssertEqual(scroll, HelpContent.lines.count - 1)
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
