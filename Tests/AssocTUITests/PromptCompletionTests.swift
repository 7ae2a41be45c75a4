import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// `Tab` in the prompts completes the name at the cursor (AssocCore's `RequestCompletion`), lists
/// the candidates on the line above the prompt, cycles them; any other key accepts. A long
/// request wraps on several lines while edited.
final class PromptCompletionTests: XCTestCase, ChinookBrowsing {
    func requestLine(_ app: BrowserApp, _ text: String) {
        press(app, .character(":"), .control("u"))
        type(app, text)
    }

    func testTabCompletesTheCommonPrefixThenCycles() throws {
        let app = try makeApp(width: 80, height: 24)
        requestLine(app, "Art")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Artist")
        XCTAssertEqual(app.state.prompt?.completion?.candidates, ["Artist", "ArtistBio"])
        XCTAssertNil(app.state.prompt?.completion?.selected)
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Artist")
        XCTAssertEqual(app.state.prompt?.completion?.selected, 0)
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Artist", "past the last, the first again")
        press(app, .backTab)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio", "Shift-Tab goes backwards")
        XCTAssertEqual(app.state.prompt?.cursorIndex, 9)
        XCTAssertEqual(app.state.focus, .tables, "Tab in a prompt does not switch panes")
    }

    func testAnyOtherKeyAcceptsAndTypesOn() throws {
        let app = try makeApp(width: 80, height: 24)
        requestLine(app, "Art")
        press(app, .tab, .tab, .tab)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio")
        press(app, .character("."))
        XCTAssertNil(app.state.prompt?.completion)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio.")
        // A new Tab completes afresh: the methods.
        type(app, "fil")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio.filter(")
        XCTAssertEqual(app.state.prompt?.completion?.candidates, ["filter(", "filter(key: "])
        press(app, .backspace)
        XCTAssertNil(app.state.prompt?.completion)
        XCTAssertEqual(app.state.prompt?.text, "ArtistBio.filter")
    }

    func testOneCandidateIsInsertedWithNothingListed() throws {
        let app = try makeApp(width: 80, height: 24)
        requestLine(app, "Track.including(req")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Track.including(required: ")
        XCTAssertNil(app.state.prompt?.completion)
        type(app, "alb")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Track.including(required: album")
        type(app, ").filter(Mil")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Track.including(required: album).filter(Milliseconds")
        type(app, " > 300000)")
        press(app, .enter)
        XCTAssertNil(app.state.prompt, app.state.prompt?.error?.message ?? "")
    }

    func testNoCandidateSaysSoAndTheNextKeyClearsIt() throws {
        let app = try makeApp(width: 80, height: 24)
        requestLine(app, "Artist.filter(Name ")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Artist.filter(Name ")
        XCTAssertEqual(app.state.prompt?.completion?.candidates, [])
        XCTAssertEqual(lines(app)[21], "Tab: no completion here")
        press(app, .character("="))
        XCTAssertNil(app.state.prompt?.completion)
        XCTAssertNotEqual(lines(app)[21], "Tab: no completion here")
    }

    func testTheFilterAndFindPromptsCompleteColumnsOfTheView() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Track")
        press(app, .character("/"))
        type(app, "Mil")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Milliseconds")
        press(app, .escape)
        // Included scopes qualify columns as the grid names them.
        requestLine(app, "Track.including(required: album)")
        press(app, .enter)
        press(app, .character("/"))
        type(app, "album.Ti")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "album.Title")
        press(app, .escape)
        press(app, .character("f"))
        XCTAssertEqual(app.state.prompt?.kind, .find)
        type(app, "Comp")
        press(app, .tab)
        XCTAssertEqual(app.state.prompt?.text, "Composer")
    }

    // MARK: Screen

    func testTheCandidatesAreListedAboveThePrompt() throws {
        let app = try makeApp(width: 80, height: 24)
        requestLine(app, "Track.filter(")
        press(app, .tab)
        var screen = lines(app)
        XCTAssertEqual(screen[22], ": Track.filter(")
        XCTAssertTrue(screen[21].hasPrefix("10 completions: TrackId  Name  AlbumId  MediaTypeId  GenreId  Composer"), screen[21])
        XCTAssertTrue(screen[21].hasSuffix("…"), "truncated to the width: \(screen[21])")
        XCTAssertLessThanOrEqual(screen[21].count, 80)
        // Cycled to a candidate past the width: the list starts later so it shows, highlighted.
        for _ in 0..<10 { press(app, .tab) }
        screen = lines(app)
        let selected = try XCTUnwrap(app.state.prompt?.completion?.selected)
        let name = try XCTUnwrap(app.state.prompt?.completion?.candidates[selected])
        XCTAssertTrue(screen[22].hasSuffix(name), screen[22])
        let buffer = ScreenRenderer.render(app.state)
        let x = try XCTUnwrap(screen[21].range(of: name).map { screen[21].distance(from: screen[21].startIndex, to: $0.lowerBound) })
        XCTAssertTrue(buffer.cell(x: x, y: 21).highlighted, screen[21])
        XCTAssertTrue(screen[21].contains("… "), screen[21])
    }

    func testACandidateWithControlCharactersIsDrawnSanitized() throws {
        let db = try TestDatabase.make("CREATE TABLE \"bad\u{1B}[31mname\" (id INTEGER PRIMARY KEY); CREATE TABLE badge (id INTEGER PRIMARY KEY);")
        let app = try makeApp(database: db, width: 80, height: 24)
        requestLine(app, "bad")
        press(app, .tab)
        let screen = lines(app)
        // The candidate is what Tab inserts: the name escaped as the request language reads it.
        XCTAssertTrue(screen[21].contains(#"U&"bad\001B[31mname""#), screen[21])
        XCTAssertFalse(screen.joined().contains("\u{1B}"))
    }

    func testARequestOf300CharactersWrapsAt80Columns() throws {
        let app = try makeApp(width: 80, height: 24)
        var text = "Track.filter(" + Array(repeating: "Milliseconds > 1", count: 13).joined(separator: " AND ") + ")"
        text += String(repeating: " ", count: 300 - text.count)
        XCTAssertEqual(text.count, 300)
        requestLine(app, text)
        var screen = lines(app)
        // ": " and 300 characters and the cursor's cell: 303 cells, on 4 lines above the hint line.
        XCTAssertTrue(screen[19].hasPrefix(": Track.filter(Milliseconds"), screen[19])
        let shown = (19...22).map { y in ScreenRenderer.render(app.state).textLines(trimmingTrailingSpaces: false)[y] }.joined()
        XCTAssertEqual(String(shown.dropFirst(2).prefix(300)), text, "the whole request, in order")
        XCTAssertTrue(ScreenRenderer.render(app.state).cell(x: 62, y: 22).highlighted, "the cursor after the last character")
        // The cursor moves over the rows: Home, then 100 right: character 100 is at row 1, x 22.
        press(app, .home)
        for _ in 0..<100 { press(app, .right) }
        let buffer = ScreenRenderer.render(app.state)
        XCTAssertTrue(buffer.cell(x: 22, y: 20).highlighted)
        XCTAssertEqual(buffer.cell(x: 22, y: 20).grapheme, String(Array(text)[100]))
        XCTAssertFalse(buffer.cell(x: 62, y: 22).highlighted)
        screen = lines(app)
        XCTAssertEqual(screen[23].hasPrefix("request:"), true, screen[23])
    }

    func testAWideCharacterThatDoesNotFitStartsTheNextRow() {
        var prompt = PromptState(kind: .request, text: "Artist.filter(Name = '" + String(repeating: "漢", count: 40) + "')")
        prompt.moveCursor(to: 0)
        let wrap = PromptWrap(prompt, prefixWidth: 2, width: 80, maximumRows: 10)
        // 2 + 22 cells, then 28 wide characters fill the row to 80; the 29th starts row 1.
        XCTAssertEqual(wrap.place(of: 22 + 27)?.row, 0)
        XCTAssertEqual(wrap.place(of: 22 + 28)?.row, 1)
        XCTAssertEqual(wrap.place(of: 22 + 28)?.x, 0)
        XCTAssertEqual(wrap.rowCount, 2)
    }
}
