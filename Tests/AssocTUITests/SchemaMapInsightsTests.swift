import AssocCore
import XCTest

@testable import AssocTUI

/// The schema map's links open their insights: `C` the cardinality profile (Esc comes back to
/// the map, where it was), `O` a belongsTo link's orphans as a view.
final class SchemaMapInsightsTests: XCTestCase, ChinookBrowsing {
    /// The map around Album with the cursor on Album's own link named `name`.
    func mapOnLink(_ name: String) throws -> BrowserApp {
        let app = try makeApp(width: 160, height: 45)
        try open(app, "Album")
        press(app, .character("m"))
        let lines = try XCTUnwrap(app.state.schemaMap?.lines)
        let index = try XCTUnwrap(lines.firstIndex { $0.association?.name == name && $0.association?.origin == "Album" }, "\(lines.map(\.text))")
        press(app, .character("g"))
        for _ in 0..<index { press(app, .down) }
        XCTAssertEqual(app.state.schemaMap?.selectedLine?.association?.name, name)
        return app
    }

    func testCOpensTheProfileOfTheLinkAndEscComesBackToTheMap() throws {
        let app = try mapOnLink("tracks")
        let map = try XCTUnwrap(app.state.schemaMap)
        press(app, .character("C"))
        let view = try XCTUnwrap(app.state.cardinality)
        XCTAssertEqual(view.association.origin, "Album")
        XCTAssertEqual(view.association.name, "tracks")
        XCTAssertNotNil(view.profile, "counted in the background, shown when it came")
        XCTAssertTrue(lines(app).joined(separator: "\n").contains("Cardinality: Album.tracks → Track"))
        press(app, .escape)
        XCTAssertEqual(app.state.schemaMap, map, "back to the map, the cursor where it was")
        press(app, .escape)
        XCTAssertEqual(app.state.mode, .grid)
    }

    func testOOpensTheOrphansOfABelongsToLinkAndRefusesOtherLinks() throws {
        let app = try mapOnLink("artist")
        press(app, .character("O"))
        XCTAssertNil(app.state.schemaMap)
        XCTAssertEqual(app.state.rows?.view.title, "artist orphans")
        XCTAssertEqual(app.state.rows?.totalCount, 0, "the fixture's albums all have their artist")

        let other = try mapOnLink("tracks")
        press(other, .character("O"))
        XCTAssertNotNil(other.state.schemaMap, "still open")
        XCTAssertEqual(other.state.message?.text, "O shows the orphans of a belongsTo link: select one of the tree's → links")
        press(other, .character("g"), .character("C"))
        XCTAssertNotNil(other.state.schemaMap, "the root line has no link")
        XCTAssertEqual(other.state.message?.text, "C shows the cardinalities of a link: select one of the tree's links")
    }
}
