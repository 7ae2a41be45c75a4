import AssocCore
import XCTest

@testable import AssocTUI

/// `f`, `n`, `N` and `#` through the app, with the real data source on the Chinook-like fixture
/// (tracks 1…7; "Angus Young" composed tracks 1, 6 and 7).
final class FindBrowserTests: XCTestCase, ChinookBrowsing {
    func trackApp() throws -> BrowserApp {
        let app = try makeApp()
        try open(app, "Track")
        return app
    }

    /// Opens the prompt of `key`, types `text` and presses Enter.
    func submit(_ app: BrowserApp, _ key: Character, _ text: String) {
        press(app, .character(key))
        type(app, text)
        press(app, .enter)
    }

    func trackId(_ app: BrowserApp) -> DatabaseValue? {
        app.state.rows?.selectedRow?.first
    }

    func testFindThenNextAndPreviousMatches() throws {
        let app = try trackApp()
        press(app, .character("f"))
        XCTAssertEqual(app.state.prompt?.kind, .find)
        XCTAssertTrue(lines(app).contains { $0.hasPrefix("find: ") }, "\(lines(app))")
        type(app, "angus")
        press(app, .enter)
        // From track 1 (the cursor), the next row with "angus" in a text column: track 6.
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(trackId(app), 6)
        XCTAssertEqual(app.state.message?.text, #"Found: text "angus" in any text column"#)
        press(app, .character("n"))
        XCTAssertEqual(trackId(app), 7)
        press(app, .character("n"))
        XCTAssertEqual(trackId(app), 7, "no match after the last one: the cursor stays")
        XCTAssertEqual(app.state.message?.text, #"No match after row 7: text "angus" in any text column"#)
        press(app, .character("N"), .character("N"))
        XCTAssertEqual(trackId(app), 1)
        // A condition of the request language; the prompt holds the last find.
        press(app, .character("f"))
        XCTAssertEqual(app.state.prompt?.text, "angus")
        press(app, .control("u"))
        type(app, "Milliseconds < 240000")
        press(app, .enter)
        XCTAssertEqual(trackId(app), 3)
        XCTAssertEqual(app.state.message?.text, "Found: Milliseconds < 240000")
    }

    func testFindOnASortedViewFollowsItsOrder() throws {
        let app = try trackApp()
        // Sort by Name (the second column): Balls, Fast, For Those, Go Down, Let's, Put, Restless.
        press(app, .right, .character("s"))
        XCTAssertEqual(trackId(app), 2)
        submit(app, "f", "Composer IS NULL OR Composer LIKE 'F.%'")
        XCTAssertEqual(trackId(app), 3, "Fast As a Shark comes after Balls to the Wall")
        press(app, .character("n"))
        XCTAssertEqual(trackId(app), 4, "Restless and Wild, last in the order")
    }

    func testJumpToAKey() throws {
        let app = try trackApp()
        press(app, .character("#"))
        XCTAssertEqual(app.state.prompt?.kind, .jump)
        type(app, "5")
        press(app, .enter)
        XCTAssertEqual(trackId(app), 5)
        XCTAssertEqual(app.state.rows?.cursor.index, 4)
        submit(app, "#", "99")
        XCTAssertEqual(trackId(app), 5)
        XCTAssertEqual(app.state.message?.text, "No key at least 99 in this view")
    }

    func testNWithoutAFindSaysSoAndEscCancelsThePrompt() throws {
        let app = try trackApp()
        press(app, .character("n"))
        XCTAssertEqual(app.state.message?.text, "Nothing to find again: f finds a row first")
        press(app, .character("f"))
        type(app, "x")
        press(app, .escape)
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(app.state.message?.text, "Find cancelled")
        XCTAssertNil(app.state.rows?.findText)
    }
}
