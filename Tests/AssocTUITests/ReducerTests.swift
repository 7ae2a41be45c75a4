import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// The state machine alone: events in, state and effects out. Associations come from the real
/// graph of the Chinook-like fixture; rows are written by hand.
final class ReducerTests: XCTestCase {
    var graph = AssociationGraph(schema: Schema(tables: []))

    override func setUpWithError() throws {
        graph = try ChinookFixture.database().graph
    }

    let tables = [
        TableSummary(name: "Artist"), TableSummary(name: "Album"), TableSummary(name: "Track", rowCount: 7)
    ]

    func loadedState(width: Int = 80, height: Int = 24) -> AppState {
        var state = AppState(title: "test.db", size: Size(width: width, height: height))
        let effects = Reducer.reduce(&state, .tablesLoaded(tables, graph: graph))
        XCTAssertEqual(effects, [.countTable("Artist"), .countTable("Album")])
        return state
    }

    func page(columns: [GridColumn] = ["id", "name"], offset: Int, count: Int, keyColumns: [String] = ["id"]) -> RowsPage {
        RowsPage(
            columns: columns,
            rows: (offset..<(offset + count)).map { [.integer(Int64($0 + 1)), .text("row \($0 + 1)")] },
            first: .first(offset), keyColumns: keyColumns,
            statements: [GeneratedStatement(sql: "SELECT …", arguments: [])])
    }

    /// Opens `table` from the Tables pane (cursor moved to `index`) and loads `rows` rows.
    func open(_ state: inout AppState, index: Int, rows: RowsPage, limit: Int = 200) {
        _ = Reducer.reduce(&state, .action(.firstRow))
        for _ in 0..<index { _ = Reducer.reduce(&state, .action(.moveDown)) }
        let effects = Reducer.reduce(&state, .action(.open))
        guard case .openView(let view, let asked)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(asked, limit)
        _ = Reducer.reduce(&state, .viewOpened(view, page: rows, limit: limit))
    }

    func testTableCountsArriveLater() {
        var state = loadedState()
        XCTAssertNil(state.tablesPane.tables[0].rowCount)
        _ = Reducer.reduce(&state, .tableCounted("Artist", 275))
        _ = Reducer.reduce(&state, .tableCounted("Album", nil))
        XCTAssertEqual(state.tablesPane.tables[0].rowCount, 275)
        XCTAssertTrue(state.tablesPane.tables[1].countFailed)
        let lines = ScreenRenderer.render(state).textLines()
        XCTAssertTrue(lines[2].hasPrefix("Artist           275│"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("Album              ?│"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("Track              7│"), lines[4])
    }

    func testShortFirstPageIsCountedBigOneIsCountedLater() {
        var state = loadedState()
        open(&state, index: 0, rows: page(offset: 0, count: 3))
        XCTAssertEqual(state.rows?.isCounted, true)
        XCTAssertEqual(state.rows?.totalCount, 3)

        var big = loadedState()
        _ = Reducer.reduce(&big, .action(.open))
        let view = RequestView(table: "Artist")
        let effects = Reducer.reduce(&big, .viewOpened(view, page: page(offset: 0, count: 200), limit: 200))
        XCTAssertTrue(effects.contains(.countView(view)))
        XCTAssertEqual(big.rows?.isCounted, false)
        XCTAssertTrue(ScreenRenderer.render(big).textLines()[1].contains("1/200+…"))
        // G before the count: waits, then jumps to the last row and loads the end backwards.
        XCTAssertEqual(Reducer.reduce(&big, .action(.lastRow)), [])
        XCTAssertEqual(big.message?.text, "Counting rows…")
        let count = RowCount(count: 10_000_000, statement: GeneratedStatement(sql: "SELECT COUNT(*) …", arguments: []))
        let after = Reducer.reduce(&big, .viewCounted(view, count))
        XCTAssertEqual(big.rows?.cursor.index, 9_999_999)
        XCTAssertEqual(
            after.filter { if case .loadPage = $0 { return true } else { return false } },
            [.loadPage(view, at: .first(9_999_985 - 50), limit: 200, totalCount: 10_000_000)])
        XCTAssertNil(big.message)
    }

    func testGOnAKeyedViewShowsTheLastRowsBeforeTheCountAndSettlesWhenCounted() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.open))
        let view = RequestView(table: "Artist")
        var first = page(offset: 0, count: 200)
        first.reading = .keysetForTests
        _ = Reducer.reduce(&state, .viewOpened(view, page: first, limit: 200))
        XCTAssertEqual(state.visibleLines(.rows), 15)
        // G at once: the end is read backwards on the key, no waiting for the count.
        let effects = Reducer.reduce(&state, .action(.lastRow))
        // The window: 15 lines on screen, 50 rows above them, counted back from the last row.
        XCTAssertEqual(effects, [.loadPage(view, at: .last(back: 64), limit: 200, totalCount: nil)])
        XCTAssertNil(state.message)
        XCTAssertEqual(state.rows?.cursorPosition, .last(back: 0))
        XCTAssertEqual(
            PagePlan.make(at: .last(back: 64), limit: 200, total: nil, anchors: PageAnchors(), hasKey: true),
            .backward(before: nil, count: 65, limit: 200))
        // The last 65 rows of a 10,000,000-row view arrive at provisional positions.
        var last = page(offset: 9_999_935, count: 65)
        last.first = .last(back: 64)
        last.reading = .keysetForTests
        _ = Reducer.reduce(&state, .pageLoaded(view, last))
        var lines = ScreenRenderer.render(state).textLines()
        XCTAssertTrue(lines[1].contains("last/…"), lines[1])
        XCTAssertTrue(lines.contains { $0.contains("row 10000000") })
        _ = Reducer.reduce(&state, .action(.moveUp))
        XCTAssertTrue(ScreenRenderer.render(state).textLines()[1].contains("last−1/…"))
        // The count arrives: positions become real, the same rows stay on screen, no reload.
        let count = RowCount(count: 10_000_000, statement: GeneratedStatement(sql: "SELECT COUNT(*) …", arguments: []))
        let settled = Reducer.reduce(&state, .viewCounted(view, count))
        XCTAssertFalse(settled.contains { if case .loadPage = $0 { return true } else { return false } }, "\(settled)")
        XCTAssertEqual(state.rows?.cursor.index, 9_999_998)
        XCTAssertEqual(state.rows?.pageOffset, 9_999_935)
        XCTAssertEqual(state.rows?.endIsProvisional, false)
        XCTAssertEqual(state.rows?.selectedRow?.last, "row 9999999")
        lines = ScreenRenderer.render(state).textLines()
        XCTAssertTrue(lines[1].contains("9999999/10000000"), lines[1])
    }

    func testMovingPastTheLoadedWindowLoadsTheNextOne() {
        var state = loadedState()
        open(&state, index: 1, rows: page(offset: 0, count: 200))
        _ = Reducer.reduce(
            &state, .viewCounted(RequestView(table: "Album"), RowCount(count: 500, statement: GeneratedStatement(sql: "", arguments: []))))
        XCTAssertEqual(state.visibleLines(.rows), 15)
        XCTAssertEqual(
            Reducer.reduce(&state, .action(.pageDown)).filter {
                $0
                    != .countLinks(
                        LinkCounts(view: RequestView(table: "Album"), rowIndex: 15, counts: [:]),
                        links: ["tracks", "genres", "mediaTypes", "playlistTracks"], columns: ["id", "name"], values: [16, "row 16"])
            }, [])
        XCTAssertEqual(state.rows?.cursor.index, 15)
        let effects = Reducer.reduce(&state, .action(.lastRow))
        XCTAssertEqual(state.rows?.cursor.index, 499)
        XCTAssertEqual(effects.first, .loadPage(RequestView(table: "Album"), at: .first(435), limit: 200, totalCount: 500))
    }

    func testFollowEveryKindAndBack() throws {
        var state = loadedState()
        open(
            &state, index: 0,
            rows: RowsPage(
                columns: ["ArtistId", "Name"], rows: [[1, "AC/DC"], [2, "Accept"]], first: 0,
                keyColumns: ["ArtistId"], statements: []))
        // Links of Artist: hasOne artistBio, hasMany albums, hasManyThrough tracks.
        let kinds = state.linksPane.links.map { "\($0.association.kind) \($0.association.name)" }
        XCTAssertEqual(kinds, ["hasOne artistBio", "hasMany albums", "hasManyThrough tracks"])
        // The to-many counts are asked for the selected row only.
        _ = Reducer.reduce(&state, .action(.nextPane))
        XCTAssertEqual(state.focus, .links)

        for (index, expected) in [(0, "ArtistBio"), (1, "Album"), (2, "Track")] {
            var copy = state
            _ = Reducer.reduce(&copy, .action(.firstRow))
            for _ in 0..<index { _ = Reducer.reduce(&copy, .action(.moveDown)) }
            let effects = Reducer.reduce(&copy, .action(.open))
            guard case .openView(let view, _)? = effects.first else { return XCTFail("\(effects)") }
            XCTAssertEqual(view.table, expected)
            XCTAssertEqual(view.request.origin?.base, Table("Artist").filter(key: 1))
            XCTAssertEqual(view.rowLabel, "#1 AC/DC")
            XCTAssertEqual(copy.focus, .rows)
            XCTAssertEqual(copy.stack.count, 2)
        }

        // Follow albums, then from a track: belongsTo album and hasOneThrough artist.
        _ = Reducer.reduce(&state, .action(.moveDown))
        guard case .openView(let albums, _)? = Reducer.reduce(&state, .action(.open)).first else { return XCTFail() }
        XCTAssertEqual(albums.title, "albums")
        _ = Reducer.reduce(
            &state,
            .viewOpened(
                albums,
                page: RowsPage(
                    columns: ["AlbumId", "Title", "ArtistId"], rows: [[1, "For Those About To Rock We Salute You", 1], [4, "Let There Be Rock", 1]],
                    first: 0, keyColumns: ["AlbumId"], statements: []), limit: 200))
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.rows?.cursor.index, 1)
        let breadcrumb = ScreenRenderer.render(state).textLines()[0]
        XCTAssertEqual(breadcrumb, "test.db › Artist › #1 AC/DC › albums")

        let trackLinks = LinkEntry.entries(table: "Track", request: nil, graph: graph).map(\.association)
        let byKind = Dictionary(grouping: trackLinks, by: { $0.kind })
        XCTAssertEqual(byKind[.belongsTo]?.map(\.name), ["album", "genre", "mediaType"])
        XCTAssertEqual(byKind[.hasOneThrough]?.map(\.name), ["artist"])

        // Back: the Artist view with its cursor, focus on Links where we left.
        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertEqual(state.rows?.view.table, "Artist")
        XCTAssertEqual(state.focus, .links)
        XCTAssertEqual(state.linksPane.cursor.index, 1)
        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertNil(state.rows)
        XCTAssertEqual(state.focus, .tables)
        XCTAssertEqual(Reducer.reduce(&state, .action(.back)), [])
        XCTAssertEqual(state.message?.text, "Nothing to go back to (q quits)")
    }

    func testEnterOnAForeignKeyCellFollowsIt() {
        var state = loadedState()
        open(
            &state, index: 1,
            rows: RowsPage(
                columns: ["AlbumId", "Title", "ArtistId"], rows: [[4, "Let There Be Rock", 1]],
                first: 0, keyColumns: ["AlbumId"], statements: []))
        _ = Reducer.reduce(&state, .action(.lastColumn))
        guard case .openView(let view, _)? = Reducer.reduce(&state, .action(.open)).first else { return XCTFail() }
        XCTAssertEqual(view.table, "Artist")
        XCTAssertEqual(view.title, "artist")
        XCTAssertEqual(view.rowLabel, "#4 Let There Be Rock")
        XCTAssertEqual(try view.request.languageText(), "Album.filter(key: 4).request(for: artist)")
    }

    func tracksState() -> AppState {
        var state = loadedState()
        open(
            &state, index: 2,
            rows: RowsPage(
                columns: ["TrackId", "Name"], rows: [[1, "A"], [6, "B"], [7, "C"]], first: 0,
                keyColumns: ["TrackId"], statements: []))
        _ = Reducer.reduce(&state, .action(.nextPane))
        return state
    }

    func select(_ state: inout AppState, _ path: [String]) {
        guard let index = state.linksPane.links.firstIndex(where: { $0.namePath == path }) else { return XCTFail("no link \(path)") }
        _ = Reducer.reduce(&state, .action(.firstRow))
        for _ in 0..<index { _ = Reducer.reduce(&state, .action(.moveDown)) }
    }

    func testIncludeToggleChainAndRemove() {
        var state = tracksState()
        select(&state, ["genre"])
        var effects = Reducer.reduce(&state, .action(.include))
        guard case .openView(let withGenre, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(withGenre.request, Table("Track").including(optional: Table("Track").genre))
        XCTAssertEqual(state.message?.text, "Included genre (optional: LEFT JOIN)")
        XCTAssertEqual(state.selectedLink?.inclusion, .optional)
        XCTAssertEqual(state.stack.count, 1)  // same place in the breadcrumb

        // Toggle: required, then optional again.
        effects = Reducer.reduce(&state, .action(.toggleRequired))
        guard case .openView(let required, _)? = effects.first else { return XCTFail() }
        XCTAssertEqual(required.request, Table("Track").including(required: Table("Track").genre))
        XCTAssertEqual(state.selectedLink?.inclusion, .required)
        _ = Reducer.reduce(&state, .viewCounted(required, RowCount(count: 2, statement: GeneratedStatement(sql: "SELECT COUNT(*) …", arguments: []))))
        XCTAssertEqual(state.rows?.totalCount, 2)
        XCTAssertTrue(ScreenRenderer.render(state).textLines()[0].hasSuffix("Track [+genre!]"))
        _ = Reducer.reduce(&state, .action(.toggleRequired))
        XCTAssertEqual(state.rows?.view.request, Table("Track").including(optional: Table("Track").genre))

        // Chain: album, then the album's artist (via album).
        select(&state, ["album"])
        _ = Reducer.reduce(&state, .action(.include))
        XCTAssertTrue(state.linksPane.links.contains { $0.parentNames == ["album"] && $0.parentJoinPath == [1] && $0.association.name == "artist" })
        select(&state, ["album", "artist"])
        _ = Reducer.reduce(&state, .action(.include))
        XCTAssertEqual(
            try state.rows?.view.request.languageText(),
            "Track.including(optional: genre).including(optional: album.including(optional: artist))")

        // `+` on a to-many link, and again on an included one, say why not.
        select(&state, ["playlistTracks"])
        XCTAssertEqual(Reducer.reduce(&state, .action(.include)), [])
        XCTAssertTrue(state.message?.text.contains("to-many") ?? false)
        select(&state, ["genre"])
        XCTAssertEqual(Reducer.reduce(&state, .action(.include)), [])

        // Remove one by one.
        select(&state, ["album", "artist"])
        _ = Reducer.reduce(&state, .action(.removeInclude))
        XCTAssertEqual(try state.rows?.view.request.languageText(), "Track.including(optional: genre).including(optional: album)")
        select(&state, ["album"])
        _ = Reducer.reduce(&state, .action(.removeInclude))
        select(&state, ["genre"])
        _ = Reducer.reduce(&state, .action(.removeInclude))
        XCTAssertEqual(state.rows?.view.request, Table("Track").all)
        XCTAssertFalse(state.linksPane.links.contains { !$0.isRootLink })
    }

    func testResizeRelaysOutAtOnce() {
        var state = tracksState()
        for (width, height) in [(200, 60), (80, 24), (40, 10), (200, 60)] {
            _ = Reducer.reduce(&state, .resized(Size(width: width, height: height)))
            let lines = ScreenRenderer.render(state).textLines()
            XCTAssertEqual(lines.count, height)
            XCTAssertTrue(lines.allSatisfy { TextWidth.width(of: $0) <= width })
            XCTAssertEqual(lines.last.map { TextWidth.width(of: $0) > 0 }, true)
        }
        XCTAssertEqual(state.layout.panes[.rows]?.width, 159)
        XCTAssertEqual(state.visibleLines(.rows), 58 - 10 - 2)
    }

    func testEveryActionHasABindingAndAHelpLine() {
        for action in Action.allCases {
            let binding = Keymap.binding(for: action)
            XCTAssertNotNil(binding, "\(action)")
            XCTAssertFalse(binding?.keys.isEmpty ?? true, "\(action)")
            XCTAssertTrue(HelpContent.lines.contains { $0.map(\.text).joined().contains(binding?.help ?? "?") }, "\(action)")
        }
    }

    func testHelpOverlayOpensScrollsAndCloses() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.help))
        XCTAssertEqual(state.mode, .help(scroll: 0, over: nil))
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.mode, .help(scroll: 1, over: nil))
        XCTAssertEqual(state.tablesPane.cursor.index, 0)
        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertEqual(state.mode, .grid)
    }

    func testQuitAndErrors() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .failed("no such table: x"))
        XCTAssertEqual(state.message, StatusMessage(text: "no such table: x", isError: true))
        XCTAssertEqual(Reducer.reduce(&state, .action(.quit)), [.quit])
        XCTAssertTrue(state.isFinished)
    }

    func testEveryKeymapKeyMapsToOneAction() {
        XCTAssertEqual(Keymap.action(for: .character("q")), .quit)
        XCTAssertEqual(Keymap.action(for: .escape), .close)
        XCTAssertEqual(Keymap.action(for: .backspace), .back)
        XCTAssertEqual(Keymap.action(for: .character("+")), .include)
        XCTAssertEqual(Keymap.action(for: .character("t")), .toggleRequired)
        XCTAssertNil(Keymap.action(for: .character("Z")))
        for action in Action.allCases {
            XCTAssertEqual(Keymap.bindings.filter { $0.action == action }.count, 1, "\(action)")
        }
        var seen = Set<KeyEvent>()
        for binding in Keymap.bindings {
            for key in binding.keys { XCTAssertTrue(seen.insert(key).inserted, "\(key) bound twice") }
        }
    }
}
