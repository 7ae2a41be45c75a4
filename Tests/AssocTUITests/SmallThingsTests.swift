import XCTest

@testable import AssocTUI

/// Issue 29 item 16: hints made of the open table's names, no include keys on the start screen,
/// and `u` saying what it undid.
final class SmallThingsTests: XCTestCase, ChinookBrowsing {
    func testFilterHintUsesTheOpenTablesNames() throws {
        let app = try makeApp(width: 140, height: 30)
        try open(app, "Album")
        press(app, .character("/"))
        let hint = try XCTUnwrap(lines(app).last)
        XCTAssertTrue(hint.contains("ArtistId > 10"), hint)
        XCTAssertTrue(hint.contains("Title LIKE 'A%'"), hint)
        XCTAssertTrue(hint.contains("tracks.count >= 2"), hint)
        XCTAssertFalse(hint.contains("year"), hint)
        XCTAssertFalse(hint.contains("books"), hint)
    }

    func testTheStartScreenHasNoIncludeHints() throws {
        let app = try makeApp(width: 140, height: 30)
        let hint = try XCTUnwrap(lines(app).last)
        XCTAssertTrue(hint.contains("q quit"), hint)
        XCTAssertFalse(hint.contains("+ include"), hint)
        XCTAssertFalse(hint.contains("t join"), hint)
    }

    func testUndoSaysWhatItUndid() throws {
        let app = try makeApp()
        try open(app, "Album")
        _ = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "artist" })
        for _ in 0..<5 where app.state.focus != .links { press(app, .tab) }
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "artist" })
        press(app, .home)
        for _ in 0..<index { press(app, .down) }
        press(app, .character("+"))
        press(app, .character("u"))
        XCTAssertEqual(app.state.message?.text, "Undone: Included artist")
        press(app, .control("r"))
        XCTAssertEqual(app.state.message?.text, "Redone: Included artist")
    }
}

/// Issue 29 item 16: a table opened from the Tables pane starts a new breadcrumb trail; Esc
/// still goes back to where the user was.
final class NewTrailTests: XCTestCase, ChinookBrowsing {
    func testOpeningFromTablesStartsANewTrail() throws {
        let app = try makeApp(width: 140, height: 30)
        try open(app, "Album")
        try follow(app, "tracks")
        XCTAssertTrue(lines(app)[0].contains("› Album"), lines(app)[0])
        for _ in 0..<5 where app.state.focus != .tables { press(app, .tab) }
        try open(app, "Genre")
        XCTAssertEqual(lines(app)[0], "chinook › Genre")
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view.table, "Track")
        XCTAssertTrue(lines(app)[0].contains("› Album"), lines(app)[0])
    }
}

/// The message of `u` keeps a condition's own parentheses and drops a change's note.
final class UndoMessageNoteTests: XCTestCase {
    func testNotesGoConditionsStay() {
        XCTAssertEqual(ViewHistory.Step.withoutNote("Included artist (optional: LEFT JOIN)"), "Included artist")
        XCTAssertEqual(ViewHistory.Step.withoutNote("Filter: GenreId = 1 (3 rows)"), "Filter: GenreId = 1")
        XCTAssertEqual(ViewHistory.Step.withoutNote("Filter: GenreId IN (1, 2)"), "Filter: GenreId IN (1, 2)")
        XCTAssertEqual(ViewHistory.Step.withoutNote("Filters: a > 1 AND (b = 2 OR c = 3)"), "Filters: a > 1 AND (b = 2 OR c = 3)")
        XCTAssertEqual(ViewHistory.Step.withoutNote("Filter: x = (rowCount > 2)"), "Filter: x = (rowCount > 2)")
        XCTAssertEqual(ViewHistory.Step.withoutNote("Hid Name (X shows the hidden columns, u undoes)"), "Hid Name")
    }
}
