import AssocCore
import TestSupport
import XCTest

@testable import AssocInsights

@testable import AssocTUI

/// The Links pane's orphan marks (counted in the background), `O` (a link's orphans as a view)
/// and `C` (its cardinality profile; Enter opens a bucket's rows), without a terminal.
final class LinkInsightsTests: XCTestCase, ChinookBrowsing {
    private func orphanDatabase() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(OrphanFixture.sql)
        let schema = try SchemaIntrospector.read(connection)
        let graph = try AssociationGraph(schema: schema, declarations: try AssociationDeclaration.parse(OrphanFixture.associations))
        return Database(connection: connection, graph: graph)
    }

    /// Selects the link named `name` in the Links pane (focused).
    private func select(_ app: BrowserApp, link name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for _ in 0..<5 where app.state.focus != .links { press(app, .tab) }
        XCTAssertEqual(app.state.focus, .links, file: file, line: line)
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == name }, "no link \(name)", file: file, line: line)
        press(app, .home)
        for _ in 0..<index { press(app, .down) }
        XCTAssertEqual(app.state.selectedLink?.association.name, name, file: file, line: line)
    }

    func testTheLinksPaneMarksEachBelongsToWithItsOrphans() throws {
        let app = try makeApp(database: try orphanDatabase(), width: 120, height: 30)
        try open(app, "driver")
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("→ nationalityCountry ⚠ 3 orph…"), screen)
        XCTAssertTrue(screen.contains("→ team ⚠ 2 orphans belongsTo"), screen)
        XCTAssertTrue(screen.contains("→ mentor ⚠ 1 orphan belongsTo"), screen)
        XCTAssertEqual(app.state.orphans.marks.count, 3)
        // The to-many link has no mark.
        let results = try XCTUnwrap(lines(app).first { $0.contains("⇉ results") })
        XCTAssertFalse(results.contains("⚠"), results)
    }

    func testACountPastItsBudgetIsMarkedWithAQuestionMark() throws {
        let db = try orphanDatabase()
        let app = try makeApp(database: db, width: 120, height: 30)
        try open(app, "result")
        var state = app.state
        let race = try XCTUnwrap(db.graph.association(named: "race", from: "result"))
        var result = try db.countOrphans(of: race)
        result.count = nil
        // As if the count within the budget had not come yet (it came while opening the view).
        state.orphans.marks[OrphanMarks.key(of: race)] = nil
        XCTAssertEqual(Reducer.reduce(&state, .orphansCounted(result)), [.finishOrphanCount(race)], "counted to the end, in the background")
        let screen = ScreenRenderer.render(state).textLines().joined(separator: "\n")
        XCTAssertTrue(screen.contains("→ race ⚠ ? still counting"), screen)
        // Asked once per run: a new view of the same table asks for nothing more.
        XCTAssertTrue(Reducer.orphanCountsEffect(&state).isEmpty)
    }

    func testOOpensTheOrphansAsAViewListingExactlyThem() throws {
        let db = try orphanDatabase()
        let app = try makeApp(database: db, width: 120, height: 30)
        try open(app, "driver")
        try select(app, link: "nationalityCountry")
        press(app, .character("O"))
        let association = try XCTUnwrap(db.graph.association(named: "nationalityCountry", from: "driver"))
        XCTAssertEqual(app.state.rows?.view.request, OrphanCount.request(of: association))
        XCTAssertEqual(app.state.rows?.view.title, "nationalityCountry orphans")
        let ids = app.state.rows?.rows.map { $0.first }
        XCTAssertEqual(ids, [.integer(2), .integer(4), .integer(6)])
        let hand = try db.withConnection {
            try $0.fetchAll(
                "SELECT id FROM driver d WHERE nationalityCountryId IS NOT NULL AND NOT EXISTS (SELECT 1 FROM country c WHERE c.id = d.nationalityCountryId) ORDER BY id"
            )
        }.map(\.first)
        XCTAssertEqual(ids, hand)
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains(#""parent"."id" IS NULL"#), "the SQL pane shows the request's statement: " + screen)
        // Esc goes back to the drivers.
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view.request, Table("driver").all)
    }

    func testOOnALinkThatIsNoBelongsToSaysWhy() throws {
        let app = try makeApp(database: try orphanDatabase(), width: 120, height: 30)
        try open(app, "driver")
        try select(app, link: "results")
        var state = app.state
        XCTAssertEqual(Reducer.reduce(&state, .action(.orphans)), [])
        XCTAssertEqual(state.rows?.view.table, "driver")
        XCTAssertEqual(state.message?.text, "results is a hasMany link: only a belongsTo has orphans (C shows its cardinalities)")
    }

    func testCShowsTheBucketsAndEnterOpensTheRowsOfOne() throws {
        let app = try makeApp(width: 120, height: 30)
        try open(app, "Artist")
        try select(app, link: "albums")
        var state = app.state
        let albums = try XCTUnwrap(state.selectedLink?.association)
        XCTAssertEqual(Reducer.reduce(&state, .action(.cardinality)), [.loadCardinality(albums)])
        press(app, .character("C"))
        let profile = try XCTUnwrap(app.state.cardinality?.profile)
        // AC/DC and Accept have 2 albums each, Aerosmith none.
        XCTAssertEqual(profile.buckets.map(\.rows), [1, 0, 2, 0, 0, 0])
        XCTAssertEqual([profile.minimum, profile.median, profile.maximum], [0, 2, 2])
        let screen = lines(app)
        XCTAssertTrue(screen.contains { $0.contains("Cardinality: Artist.albums → Album") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("2–5      2 rows ██████████████████████████████") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("min 0 · median 2 · max 2 · 3 rows of Artist") }, screen.joined(separator: "\n"))
        press(app, .down, .down)
        press(app, .enter)
        XCTAssertNil(app.state.cardinality)
        XCTAssertEqual(try app.state.rows?.view.request.languageText(), "Artist.having(albums.count >= 2 AND albums.count <= 5)")
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(1), .integer(2)])
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
    }

    func testEscAndQCloseTheProfileAndAStaleProfileIsDropped() throws {
        let app = try makeApp(width: 120, height: 30)
        try open(app, "Artist")
        try select(app, link: "albums")
        var state = app.state
        let albums = try XCTUnwrap(state.selectedLink?.association)
        _ = Reducer.reduce(&state, .action(.cardinality))
        XCTAssertEqual(state.cardinality?.association, albums)
        XCTAssertTrue(ScreenRenderer.render(state).textLines().contains { $0.contains("(counting…)") })
        // A profile of another link changes nothing.
        let db = try ChinookFixture.database()
        let bio = try XCTUnwrap(db.graph.association(named: "artistBio", from: "Artist"))
        _ = Reducer.reduce(&state, .cardinalityLoaded(try db.cardinalityProfile(of: bio)))
        XCTAssertNil(state.cardinality?.profile)
        var closing = state
        _ = Reducer.reduce(&closing, .action(.back))
        XCTAssertNil(closing.cardinality)
        XCTAssertFalse(closing.isFinished)
        _ = Reducer.reduce(&state, .action(.quit))
        XCTAssertNil(state.cardinality)
        XCTAssertFalse(state.isFinished, "q closes the profile; it does not quit")
    }

    func testAHasOneProfileSaysWhetherItIsAtMostOne() throws {
        let app = try makeApp(width: 120, height: 30)
        try open(app, "Artist")
        try select(app, link: "artistBio")
        press(app, .character("C"))
        let screen = lines(app)
        XCTAssertTrue(screen.contains { $0.contains("at most one: yes") }, screen.joined(separator: "\n"))
    }
}
