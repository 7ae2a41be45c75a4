import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Suggested links in the schema map (issue 31, item 3): the first map looks for links in the
/// values in the background, lists those that touch its table under the tree (`?`), and `+` on
/// one adds it to the associations for the session: the tree, the Links pane and requests see it.
final class SchemaMapSuggestionsTests: XCTestCase, ChinookBrowsing {
    /// The history file with no declared foreign key: `visits.place_id → places.id` and
    /// `bookmarks.fk → places.id` are found only from the values.
    func historyApp(width: Int = 120, height: Int = 36) throws -> BrowserApp {
        try makeApp(database: try TestDatabase.make(try HistoryFixture.withoutReferences(HistoryFixture.sql)), width: width, height: height)
    }

    func testTheMapListsTheSuggestionsOfItsTableAndPlusAddsOne() throws {
        let app = try historyApp()
        try open(app, "bookmarks")
        XCTAssertFalse(app.state.linksPane.links.contains { $0.association.destination == "places" }, "fk is not named after places: no link yet")
        press(app, .character("m"))
        let map = try XCTUnwrap(app.state.schemaMap)
        XCTAssertEqual(map.table, "bookmarks")
        let suggested = map.suggestions.map { "\($0.origin).\($0.column) → \($0.destination).\($0.destinationColumn)" }
        XCTAssertTrue(suggested.contains("bookmarks.fk → places.id"), "\(suggested)")
        // fk holds 4 × 2 … 30 × 2: 27 distinct values, all ids of places (1…60).
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("? suggested bookmarks.fk → places.id: all 27 values found"), screen)
        XCTAssertTrue(screen.contains("+ adds a suggested link"), screen)
        // The cursor on that suggestion (under the tree), then +.
        let index = try XCTUnwrap(suggested.firstIndex(of: "bookmarks.fk → places.id"))
        press(app, .home)
        for _ in 0..<(map.lines.count + index) { press(app, .down) }
        XCTAssertEqual(app.state.schemaMap?.selectedSuggestion?.column, "fk")
        press(app, .character("+"))
        let accepted = try XCTUnwrap(app.state.schemaMap)
        XCTAssertFalse(accepted.suggestions.contains { $0.column == "fk" }, "the link is in the graph now: no longer suggested")
        XCTAssertTrue(
            accepted.lines.contains { $0.association?.kind == .belongsTo && $0.table == "places" }, "the tree shows the new belongsTo")
        XCTAssertTrue(
            app.state.message?.text.contains("bookmarks.fk → places.id for this session") ?? false, "\(String(describing: app.state.message))")
        // Back on the grid: the Links pane has it, and a request can include it.
        press(app, .escape)
        let link = try XCTUnwrap(app.state.linksPane.links.first { $0.association.kind == .belongsTo && $0.association.destination == "places" })
        XCTAssertEqual(link.association.columns.map(\.origin), ["fk"])
        press(app, .character(":"), .control("u"))
        type(app, "bookmarks.filter(id == 5).including(required: \(link.association.name))")
        press(app, .enter)
        XCTAssertNil(app.state.prompt, app.state.prompt?.error?.message ?? "")
        // Bookmark 5 points to place 10, whose url is https://example.com/10.
        XCTAssertTrue(
            app.state.rows?.rows.first?.contains(.text("https://example.com/10")) ?? false, "\(String(describing: app.state.rows?.rows.first))")
    }

    func testTheDestinationsMapListsItToo() throws {
        let app = try historyApp()
        try open(app, "places")
        press(app, .character("m"))
        let suggested = (app.state.schemaMap?.suggestions ?? []).map { "\($0.origin).\($0.column)" }
        XCTAssertTrue(suggested.contains("bookmarks.fk"), "\(suggested)")
        XCTAssertFalse(suggested.contains("visits.place_id"), "named after places, so inferred already: \(suggested)")
        XCTAssertFalse(suggested.contains("visits.session"), "values found nowhere are never suggested: \(suggested)")
        // annos.place_ref: 39 of its 40 values are ids of places.
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("? suggested annos.place_ref → places.id: 39 of 40 values found (not certain)"), screen)
    }

    func testTheSuggesterRunsInTheBackgroundOnce() throws {
        let app = try historyApp()
        try open(app, "bookmarks")
        app.handle(.character("m"))
        app.runForeground()
        XCTAssertEqual(app.state.suggestedLinks, .lookingForLinks)
        XCTAssertTrue(lines(app).joined(separator: "\n").contains("Looking for links in the values…"))
        // A key while it looks: handled at once (Esc closes the map); the search goes on.
        app.handle(.escape)
        XCTAssertNil(app.state.schemaMap)
        app.runAllDeferred()
        guard case .found = app.state.suggestedLinks else { return XCTFail("\(app.state.suggestedLinks)") }
        // Opened again: no second search, the suggestions listed at once.
        app.handle(.character("m"))
        app.runForeground()
        XCTAssertFalse(app.state.schemaMap?.suggestions.isEmpty ?? true, "listed from the first search at once")
    }

    func testPlusOnATreeLineSaysWhatItDoes() throws {
        let app = try historyApp()
        try open(app, "visits")
        press(app, .character("m"), .home, .character("+"))
        XCTAssertEqual(app.state.message?.text, "+ adds a suggested link: select one under the tree")
        XCTAssertNotNil(app.state.schemaMap, "the map stays open")
    }

    func testWithoutSuggestionsTheMapIsAsBefore() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Track")
        press(app, .character("m"))
        let map = try XCTUnwrap(app.state.schemaMap)
        XCTAssertEqual(map.suggestions, [])
        XCTAssertEqual(map.cursor.count, map.lines.count)
        let screen = lines(app)
        XCTAssertFalse(screen.joined().contains("? suggested"))
        XCTAssertTrue(screen.contains { $0.contains("Enter opens/centres  C cardinality") }, screen.joined(separator: "\n"))
        XCTAssertFalse(screen.joined().contains("+ adds"), screen.joined(separator: "\n"))
    }
}
