import AssocCore
import XCTest

@testable import AssocTUI

/// `x`, `X`, `!`, `<`, `>`: columns a user manages, on the Chinook-like fixture. Hiding a root
/// column changes the request; the rest is presentation, undone with `u` like any change.
final class ColumnsTests: XCTestCase, ChinookBrowsing {
    func headers(_ app: BrowserApp) -> [String] { app.state.rows?.columns.map(\.header) ?? [] }

    func goToColumn(_ app: BrowserApp, _ header: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let index = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == header }, file: file, line: line)
        press(app, .character("0"))
        for _ in 0..<index { press(app, .right) }
    }

    func testHidingARootColumnChangesTheSelectionAndXPutsItBack() throws {
        let app = try makeApp()
        try open(app, "Album")
        XCTAssertEqual(headers(app), ["AlbumId", "Title", "ArtistId"])
        try goToColumn(app, "Title")
        press(app, .character("x"))
        XCTAssertEqual(headers(app), ["AlbumId", "ArtistId"])
        XCTAssertEqual(try app.state.rows?.view.request.languageText(), "Album.select(AlbumId, ArtistId)")
        XCTAssertEqual(app.state.rows?.statements.first?.sql, #"SELECT "AlbumId", "ArtistId" FROM "Album" ORDER BY "AlbumId" LIMIT 200"#)
        // The key stays: links are followed by it.
        press(app, .character("0"), .character("x"))
        XCTAssertEqual(headers(app), ["AlbumId", "ArtistId"])
        XCTAssertTrue(app.state.message?.text.contains("key") ?? false)
        // Following a link still works from the narrowed row.
        press(app, .tab, .home, .enter)
        XCTAssertEqual(try app.state.rows?.view.request.languageText(), "Album.filter(key: 1).request(for: artist)")
        press(app, .backspace)
        press(app, .character("X"))
        XCTAssertEqual(app.state.rows?.view.request, Table("Album").all)
        XCTAssertEqual(headers(app), ["AlbumId", "Title", "ArtistId"])
        // Undo walks back through X and x.
        press(app, .character("u"))
        XCTAssertEqual(headers(app), ["AlbumId", "ArtistId"])
        press(app, .character("u"))
        XCTAssertEqual(headers(app), ["AlbumId", "Title", "ArtistId"])
    }

    func testHidingAnIncludedColumnIsPresentationOnly() throws {
        let app = try makeApp()
        try open(app, "Track")
        press(app, .tab)
        let genre = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "genre" })
        press(app, .home)
        for _ in 0..<genre { press(app, .down) }
        press(app, .character("+"), .backTab)
        let statements = app.state.rows?.statements
        try goToColumn(app, "genre.GenreId")
        press(app, .character("x"))
        XCTAssertFalse(headers(app).contains("genre.GenreId"))
        XCTAssertTrue(headers(app).contains("genre.Name"))
        XCTAssertEqual(app.state.rows?.view.request, Table("Track").including(optional: Table("Track").genre))
        XCTAssertEqual(app.state.rows?.statements, statements, "no query")
        // The values follow their columns.
        let name = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "genre.Name" })
        XCTAssertEqual(app.state.rows?.rows.first?[name], "Rock")
        press(app, .character("u"))
        XCTAssertTrue(headers(app).contains("genre.GenreId"))
        press(app, .control("r"), .character("X"))
        XCTAssertTrue(headers(app).contains("genre.GenreId"))
    }

    func testTheKeyIsPinnedAndBangPinsAnotherColumn() throws {
        let app = try makeApp(width: 60, height: 20)
        try open(app, "Track")
        XCTAssertEqual(app.state.rows?.pinnedCount, 1)
        // Far right: the key still shows at the left, behind a heavy rule; ◀ says columns are cut.
        press(app, .character("$"))
        var header = lines(app).first { $0.contains("Rows: Track") } ?? ""
        XCTAssertTrue(header.contains("◀ col 8/8"), header)
        let grid = lines(app)[2]
        XCTAssertTrue(grid.contains("TrackId ┃ "), grid)
        XCTAssertTrue(grid.contains("UnitPrice"), grid)
        // Pin Name: it moves next to the key, the cursor stays on it.
        try goToColumn(app, "Name")
        press(app, .character("!"))
        XCTAssertEqual(Array(headers(app).prefix(2)), ["TrackId", "Name"])
        XCTAssertEqual(app.state.rows?.pinnedCount, 2)
        XCTAssertEqual(app.state.rows.map { $0.columns[$0.column.index].header }, "Name")
        press(app, .character("!"))
        XCTAssertEqual(app.state.rows?.pinnedCount, 1)
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.pinnedCount, 2)
        header = lines(app).first { $0.contains("Rows: Track") } ?? ""
        XCTAssertTrue(header.contains("col 2/8 ▶"), header)
    }

    func testNarrowAndWidenTheCurrentColumn() throws {
        let app = try makeApp()
        try open(app, "Album")
        try goToColumn(app, "Title")
        let before = GridGeometry.columnWidths(try XCTUnwrap(app.state.rows), visibleRows: 10)[1]
        press(app, .character(">"))
        XCTAssertEqual(GridGeometry.columnWidths(try XCTUnwrap(app.state.rows), visibleRows: 10)[1], before + GridGeometry.widthStep)
        press(app, .character("<"), .character("<"))
        XCTAssertEqual(GridGeometry.columnWidths(try XCTUnwrap(app.state.rows), visibleRows: 10)[1], before - GridGeometry.widthStep)
        XCTAssertTrue(app.state.message?.text.hasPrefix("Title: ") ?? false)
    }

    func testTheCurrentCellStandsOutOfItsRow() throws {
        let app = try makeApp()
        try open(app, "Album")
        press(app, .right)
        let screen = ScreenRenderer.render(app.state)
        let y = try XCTUnwrap(screen.textLines().firstIndex { $0.contains("For Those About To Rock") })
        let x = try XCTUnwrap(
            screen.textLines()[y].range(of: "For Those").map {
                screen.textLines()[y].distance(from: screen.textLines()[y].startIndex, to: $0.lowerBound)
            })
        XCTAssertEqual(screen.cell(x: x, y: y).role, .selection)
        XCTAssertFalse(screen.cell(x: x, y: y).highlighted)
        // The rest of the row is highlighted.
        XCTAssertTrue(screen.cell(x: x - 4, y: y).highlighted)
    }
}

/// The breadcrumb keeps the current view when it is too wide; the hint line names the link
/// `+` and `t` act on, and the Links pane's selected link in full.
final class ChromeTests: XCTestCase, ChinookBrowsing {
    func testTheBreadcrumbGivesWayOnTheLeft() throws {
        let app = try makeApp(width: 60, height: 15)
        try open(app, "Artist")
        press(app, .tab, .home)
        let albums = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "albums" })
        for _ in 0..<albums { press(app, .down) }
        press(app, .enter)  // AC/DC's albums
        press(app, .tab, .home)
        let tracks = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "tracks" })
        for _ in 0..<tracks { press(app, .down) }
        press(app, .enter)  // the first album's tracks
        press(app, .tab, .home)
        let genre = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "genre" })
        for _ in 0..<genre { press(app, .down) }
        press(app, .character("+"))
        let first = lines(app)[0]
        XCTAssertEqual(first, "chinook … › #1 For Those About To Rock… › tracks [+genre]")
        // Wide enough: the whole path.
        let wide = try makeApp(width: 160, height: 30)
        try open(wide, "Artist")
        XCTAssertEqual(lines(wide)[0], "chinook › Artist")
    }

    func testTheHintNamesTheSelectedLink() throws {
        let app = try makeApp(width: 160, height: 30)
        try open(app, "Track")
        press(app, .tab, .home)
        let genre = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "genre" })
        for _ in 0..<genre { press(app, .down) }
        var hint = lines(app).last ?? ""
        XCTAssertTrue(hint.hasPrefix("genre belongsTo Genre  "), hint)
        XCTAssertTrue(hint.contains("+ include genre"), hint)
        press(app, .character("+"))
        press(app, .character("x"))  // clears the message (no column from the Links pane)
        press(app, .down, .up)
        app.handle(.character("?"))
        press(app, .backspace)
        hint = lines(app).last ?? ""
        XCTAssertTrue(hint.contains("t join genre"), hint)
        XCTAssertFalse(hint.contains("include genre"), hint)
    }
}
