import AssocCore
import XCTest

@testable import AssocTUI

/// `u` and Ctrl-R walk the view's changes back and forth, per breadcrumb level; Esc after a typed
/// request goes back to the view it replaced; ↑/↓ in a prompt walk what was typed in it.
final class UndoTests: XCTestCase, ChinookBrowsing {
    func testUndoAndRedoWalkTheChanges() throws {
        let app = try makeApp()
        try open(app, "Track")
        let plain = try XCTUnwrap(app.state.rows?.view)
        press(app, .right, .character("s"))  // sort by Name
        let sorted = try XCTUnwrap(app.state.rows?.view)
        XCTAssertEqual(try sorted.request.languageText(), "Track.order(Name)")
        press(app, .character("/"))
        type(app, "GenreId = 1")
        press(app, .enter)
        let filtered = try XCTUnwrap(app.state.rows?.view)
        XCTAssertEqual(try filtered.request.languageText(), "Track.filter(GenreId = 1).order(Name)")

        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view, sorted)
        XCTAssertTrue(app.state.message?.text.hasPrefix("Undone") ?? false, "\(String(describing: app.state.message))")
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view, plain)
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [1, 2, 3, 4, 5, 6, 7], "the rows of the plain view again")
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view, plain)
        XCTAssertEqual(app.state.message?.text, "Nothing to undo in this view (Backspace goes back a level)")

        press(app, .control("r"))
        XCTAssertEqual(app.state.rows?.view, sorted)
        press(app, .control("r"))
        XCTAssertEqual(app.state.rows?.view, filtered)
        press(app, .control("r"))
        XCTAssertEqual(app.state.message?.text, "Nothing to redo")
        // A new change after an undo drops what could be redone.
        press(app, .character("u"), .character("s"))
        press(app, .control("r"))
        XCTAssertEqual(app.state.message?.text, "Nothing to redo")
    }

    func testEachLevelKeepsItsOwnHistory() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .right, .character("s"))
        let sortedArtists = try XCTUnwrap(app.state.rows?.view)
        // Follow the Links pane's first link (AC/DC's bio), where nothing has changed yet, then back.
        press(app, .tab, .home, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "ArtistBio")
        press(app, .character("u"))
        XCTAssertEqual(app.state.message?.text, "Nothing to undo in this view (Backspace goes back a level)")
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view, sortedArtists)
        // Leaving a level is undoable: u opens ArtistBio again, above Artist in the breadcrumb.
        XCTAssertEqual(app.state.message?.text, "Back from artistBio (u opens it again)")
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view.table, "ArtistBio")
        XCTAssertEqual(app.state.stack.last?.rows?.view, sortedArtists)
        // Back again, u now reaches Artist's own changes: the sort.
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view, sortedArtists)
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view.request, Table("Artist").all)
    }

    /// One Esc too many leaves a view: u brings it back, its sort, cursor and column as they were.
    func testUBringsBackTheViewEscLeft() throws {
        let app = try makeApp()
        try open(app, "Artist")
        try follow(app, "albums")
        press(app, .right, .character("s"))  // sorted by the second column: a change of this level
        press(app, .down)
        let left = try XCTUnwrap(app.state.rows)
        XCTAssertGreaterThan(left.cursor.index, 0)
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
        press(app, .character("u"))
        let back = try XCTUnwrap(app.state.rows)
        XCTAssertEqual(back.view, left.view)
        XCTAssertEqual(back.cursor.index, left.cursor.index)
        XCTAssertEqual(back.column.index, left.column.index)
        XCTAssertEqual(app.state.message?.text, "Undone: back to \(ViewSummary.text(of: left.view))")
        // Its own history came back too: u undoes the sort.
        XCTAssertNotNil(app.state.rows?.view.request.relation.ordering)
        press(app, .character("u"))
        XCTAssertNil(app.state.rows?.view.request.relation.ordering)
    }

    func testEscAfterATypedRequestGoesBackToTheViewItReplaced() throws {
        let app = try makeApp()
        try open(app, "Artist")
        let artists = try XCTUnwrap(app.state.rows?.view)
        let depth = app.state.stack.count
        press(app, .character(":"), .control("u"))
        type(app, "Album.filter(ArtistId = 1)")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "Album")
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view, artists)
        XCTAssertEqual(app.state.stack.count, depth, "the same level")
    }

    func testPromptHistoryWalksWhatWasTyped() throws {
        let app = try makeApp()
        try open(app, "Track")
        for text in ["GenreId = 1", "Milliseconds > 300000"] {
            press(app, .character("/"))
            type(app, text)
            press(app, .enter)
        }
        press(app, .character("/"))
        press(app, .up)
        XCTAssertEqual(app.state.prompt?.text, "Milliseconds > 300000")
        press(app, .up)
        XCTAssertEqual(app.state.prompt?.text, "GenreId = 1")
        press(app, .up)
        XCTAssertEqual(app.state.prompt?.text, "GenreId = 1", "the oldest stays")
        press(app, .down)
        XCTAssertEqual(app.state.prompt?.text, "Milliseconds > 300000")
        press(app, .down)
        XCTAssertEqual(app.state.prompt?.text, "")
        // Each prompt has its own history.
        press(app, .escape, .character("f"))
        press(app, .up)
        XCTAssertEqual(app.state.prompt?.text, "")
    }
}
