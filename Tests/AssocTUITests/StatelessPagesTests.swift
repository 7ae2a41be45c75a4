import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Row positions as an enum, and a data source that keeps no paging state: a view's anchors live
/// in the browser's state and travel with each page asked for.
final class StatelessPagesTests: XCTestCase {
    // MARK: RowPosition

    func testPositionsMoveWithinTheirOriginAndBecomeIndicesOnceLocatedOrCounted() {
        XCTAssertEqual(RowPosition.found(0).advanced(by: -3), .found(-3))
        XCTAssertEqual(RowPosition.last(back: 0).advanced(by: -1), .last(back: 1))
        XCTAssertEqual(RowPosition.found(0).located(foundAt: 4_000), .first(4_000))
        XCTAssertEqual(RowPosition.found(-3).located(foundAt: 4_000), .first(3_997))
        XCTAssertEqual(RowPosition.found(12).located(foundAt: 0), .first(12))
        // Locating the found row moves nothing else; counting moves only the end's positions.
        XCTAssertEqual(RowPosition.first(7).located(foundAt: 4_000), .first(7))
        XCTAssertEqual(RowPosition.last(back: 2).located(foundAt: 4_000), .last(back: 2))
        XCTAssertEqual(RowPosition.last(back: 0).settled(count: 3_503), .first(3_502))
        XCTAssertEqual(RowPosition.last(back: 3_502).settled(count: 3_503), .first(0))
        XCTAssertEqual(RowPosition.found(5).settled(count: 3_503), .found(5))
        XCTAssertEqual(RowPosition.first(9).settled(count: 3_503), .first(9))
        XCTAssertNil(RowPosition.last(back: 1).index)
        XCTAssertEqual(RowPosition.first(1).index, 1)
    }

    func testTheCursorsLineMapsPositionsAndKeepsRoomAboveAnOriginNotCounted() {
        XCTAssertEqual(RowLine.fromFirst.index(of: .first(12)), 12)
        XCTAssertNil(RowLine.fromFirst.index(of: .found(0)), "another origin: not on this line")
        let end = RowLine(origin: .last)
        XCTAssertEqual(end.index(of: .last(back: 0)), RowLine.room)
        XCTAssertEqual(end.position(at: RowLine.room - 5), .last(back: 5))
        // Scrolled up near index 0, the line moves down by the room: the same rows, the same
        // positions, room above again.
        var rows = RowsState(view: RequestView(table: "Artist"))
        rows.enterRelativeFrame(at: [900], visible: 10)
        XCTAssertEqual(rows.cursorPosition, .found(0))
        rows.cursor = rows.cursor.moved(to: 3).scrolledToShowSelection(visible: 10)
        let before = (position: rows.cursorPosition, top: rows.line.position(at: rows.cursor.top))
        XCTAssertEqual(before.position, .found(3 - RowLine.room))
        rows.keepRoomAbove()
        XCTAssertEqual(rows.cursorPosition, before.position)
        XCTAssertEqual(rows.line.position(at: rows.cursor.top), before.top)
        XCTAssertGreaterThanOrEqual(rows.cursor.top, RowLine.room / 2)
        // A position the line has no room for yet (a find far above) gets it.
        rows.keepRoomAbove(.found(-3 * RowLine.room))
        XCTAssertGreaterThanOrEqual(rows.line.index(of: .found(-3 * RowLine.room)) ?? -1, RowLine.room / 2)
        XCTAssertEqual(rows.cursorPosition, before.position)
    }

    func testAViewsAnchorsSettleWithItsFrameAndItsEnd() {
        var anchors = PageAnchors(indices: [3: [3]])
        anchors.startFoundFrame(at: [900])
        anchors.merge([.found(-2): [898], .found(1): [901]], near: .found(-2))
        // A new frame forgets the positions from the earlier found row, not the indices.
        var again = anchors
        again.startFoundFrame(at: [50])
        XCTAssertEqual(again.positions, [3: [3], .found(0): [50]])
        // The found row is at 1: the row two before it would be at -1 (it is not a row) and goes.
        anchors.settleFoundFrame(foundAt: 1)
        XCTAssertNil(anchors.frame)
        XCTAssertEqual(anchors.positions, [3: [3], 1: [900], 2: [901]])
        // `G` before the count: the last rows at positions from the end, indices once counted.
        var end = PageAnchors(indices: [0: [1]])
        end.merge([.last(back: 0): [7], .last(back: 1): [6]], near: .last(back: 1))
        end.settleEnd(count: 7)
        XCTAssertEqual(end.positions, [0: [1], 6: [7], 5: [6]])
    }

    // MARK: How a page was read, typed

    func testThePagingNoteIsWordedFromTheTypedReading() throws {
        let view = PageReading(method: .offset(reason: .viewWithoutKey))
        XCTAssertEqual(view.description, "OFFSET paging: a view has no key")
        XCTAssertFalse(view.readsEndByKey)
        var keyset = PageReading.keysetForTests
        XCTAssertTrue(keyset.readsEndByKey)
        keyset.hasOwnLimit = true
        XCTAssertFalse(keyset.readsEndByKey, "a request's own limit: its end is not the table's")
        keyset.fallback = .lastRowsOfOwnLimit
        XCTAssertEqual(keyset.description, "OFFSET paging: the last rows of the request's limit, counted from its first row")
        keyset.fallback = .noNearbyKey
        XCTAssertEqual(keyset.description, "OFFSET paging: no nearby key")
        // A real view: the method AssocCore chose, worded as before.
        let source = RequestDataSource(database: try ChinookFixture.database())
        let page = try source.page(of: RequestView(table: "Artist"), at: 0, limit: 1, totalCount: nil, anchors: PageAnchors())
        XCTAssertEqual(page.reading?.method.isKeyset, true)
        XCTAssertEqual(page.paging, "keyset paging on ArtistId")
    }

    // MARK: The statements that ran

    func testAPageKeepsTheStatementsThatRanBesideThePlannedOnes() throws {
        let source = RequestDataSource(database: try ChinookFixture.database())
        let view = try source.view(parsing: "Artist.including(all: albums)", from: nil)
        let first = try source.page(of: view, at: 0, limit: 2, totalCount: nil, anchors: PageAnchors())
        let page = try source.page(of: view, at: 2, limit: 2, totalCount: nil, anchors: PageAnchors(positions: first.anchors))
        // As planned: readable, the keyset's arguments real.
        XCTAssertEqual(page.statements.first?.sql.contains("substr"), false, "\(page.statements)")
        XCTAssertEqual(page.statements.first?.arguments, [2])
        // As they ran: the main statement with the same arguments, values cut in SQL, and the
        // prefetch with the key of the page's artist (the fixture has three) bound.
        XCTAssertEqual(page.ranStatements.count, page.statements.count, "\(page.ranStatements)")
        XCTAssertEqual(page.ranStatements.first?.sql.contains("substr"), true, "\(page.ranStatements)")
        XCTAssertEqual(page.ranStatements.first?.arguments.suffix(1), [2])
        XCTAssertEqual(page.ranStatements.last?.arguments, [3], "\(page.ranStatements)")
        // The pane shows them as planned and says so after the paging note; y copies what it shows.
        var state = AppState(title: "test.db", size: Size(width: 100, height: 30))
        state.rows = RowsState(view: view)
        _ = Reducer.reduce(&state, .viewOpened(view, page: page, limit: 2))
        let text = SQLPaneText.lines(for: state, width: 100).map { $0.map(\.text).joined() }
        let note = try XCTUnwrap(text.firstIndex { $0.hasPrefix("-- keyset paging") }, "\(text)")
        XCTAssertEqual(text[(note + 1)...].first, "-- shown uncut: values ran cut to 20000 characters", "\(text)")
        XCTAssertFalse(text.joined().contains("substr"), "\(text)")
        XCTAssertEqual(SQLPaneText.plainText(for: state)?.contains("substr"), false)
        // `r` in the SQL pane: the statements exactly as they ran, arguments and all; again: as planned.
        state.side.isShown = true
        state.focus = .side
        _ = Reducer.reduce(&state, .key(.character("r"), terminalSize: Size(width: 100, height: 30)))
        XCTAssertTrue(state.side.sqlAsRan)
        let ran = SQLPaneText.lines(for: state, width: 100).map { $0.map(\.text).joined() }
        XCTAssertEqual(ran.first, "-- as they ran for the page on screen, values cut in SQL:", "\(ran)")
        XCTAssertTrue(ran.joined().contains("substr"), "\(ran)")
        XCTAssertTrue(ran.contains("-- arguments: 3"), "\(ran)")
        XCTAssertFalse(ran.contains { $0.hasPrefix("-- shown uncut") }, "\(ran)")
        XCTAssertEqual(SQLPaneText.plainText(for: state)?.contains("substr"), true)
        _ = Reducer.reduce(&state, .key(.character("r"), terminalSize: Size(width: 100, height: 30)))
        XCTAssertFalse(state.side.sqlAsRan)
        XCTAssertEqual(SQLPaneText.lines(for: state, width: 100).map { $0.map(\.text).joined() }, text)
    }

    // MARK: A data source with no state

    func testTheSourceReadsFromTheAnchorsPassedInAndRemembersNone() throws {
        let source = RequestDataSource(database: try ChinookFixture.database())
        let artists = RequestView(table: "Artist")
        let first = try source.page(of: artists, at: 0, limit: 2, totalCount: nil, anchors: PageAnchors())
        XCTAssertEqual(first.anchors, [0: [1], 1: [2]])
        // Asked again without anchors, the source does not remember the first page's: it reads
        // from the start.
        let fresh = try source.page(of: artists, at: 2, limit: 2, totalCount: nil, anchors: PageAnchors())
        XCTAssertEqual(fresh.statements.map(\.sql), [#"SELECT * FROM "Artist" ORDER BY "ArtistId" LIMIT 2 OFFSET 2"#])
        // With the state's anchors, after the last key seen.
        let next = try source.page(
            of: artists, at: 2, limit: 2, totalCount: nil, anchors: PageAnchors(positions: first.anchors))
        XCTAssertEqual(next.statements.map(\.sql), [#"SELECT * FROM "Artist" WHERE "ArtistId" > ? ORDER BY "ArtistId" LIMIT 2"#])
        XCTAssertEqual(next.statements.map(\.arguments), [[2]])
        XCTAssertEqual(next.rows, fresh.rows)
        // Another view of the same table, with its own (empty) anchors, sees none of the first's.
        let byName = RequestView(request: Table("Artist").order(Column("Name").desc))
        let other = try source.page(of: byName, at: 2, limit: 1, totalCount: nil, anchors: PageAnchors())
        XCTAssertTrue(other.statements.allSatisfy { !$0.sql.contains("WHERE") }, "\(other.statements)")
        // A find answers from the cursor's values passed in, and says what to keep there.
        let found = try source.find("Aero", in: artists, after: 0, at: first.anchors[0], backward: false)
        XCTAssertEqual(found.position, 2)
        XCTAssertEqual(found.values, [3])
        XCTAssertThrowsError(try source.find("Aero", in: artists, after: 0, at: nil, backward: false))
    }

    func testEachViewsAnchorsLiveInItsStateAndTravelWithItsPages() {
        let artists = RequestView(table: "Artist")
        let byName = RequestView(request: Table("Artist").order(Column("Name")))
        var state = AppState(title: "test.db", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: artists)
        state.focus = .rows
        var first = RowsPage(columns: ["id"], rows: [[1], [2]], first: 0, reading: .keysetForTests, statements: [])
        first.anchors = [0: [1], 1: [2]]
        _ = Reducer.reduce(&state, .viewOpened(artists, page: first, limit: 2))
        XCTAssertEqual(state.rows?.anchors.positions, [0: [1], 1: [2]])
        // A page asked for carries the view's anchors.
        state.rows?.cursor = ListCursor(count: 1_000, index: 500, top: 495)
        state.rows?.totalCount = 1_000
        let effects = Reducer.ensureRowsLoaded(&state)
        guard case .loadPage(artists, _, _, _, let sent)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(sent.positions, [0: [1], 1: [2]])
        // Another view: its own anchors, empty; a late page of the first view changes nothing.
        let saved = state.rows
        state.rows = RowsState(view: byName)
        var late = RowsPage(columns: ["id"], rows: [[3]], first: 2, reading: .keysetForTests, statements: [])
        late.anchors = [2: [3]]
        _ = Reducer.reduce(&state, .pageLoaded(artists, late))
        XCTAssertEqual(state.rows?.anchors, PageAnchors())
        // Back to the first view: its anchors are where it left them.
        state.rows = saved
        state.rows?.isLoading = true
        _ = Reducer.reduce(&state, .pageLoaded(artists, late))
        XCTAssertEqual(state.rows?.anchors.positions, [0: [1], 1: [2], 2: [3]])
    }

    func testUndoBackToAViewKeepsItsAnchorsNearTheCursor() {
        let artists = RequestView(table: "Artist")
        var rows = RowsState(view: artists)
        rows.cursor = ListCursor(count: 100_000, index: 50_000, top: 49_990)
        rows.totalCount = 100_000
        rows.anchors = PageAnchors(indices: [10: [11], 49_999: [50_000], 50_100: [50_101]])
        let step = ViewHistory.Step(rows)
        XCTAssertEqual(step.anchors.positions, [49_999: [50_000], 50_100: [50_101]], "those near the cursor only")
        // Undo reopens the view there: the window around the cursor is read from them.
        var state = AppState(title: "test.db", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: RequestView(request: Table("Artist").order(Column("Name"))))
        state.focus = .rows
        state.history.undo = [step]
        _ = Reducer.reduce(&state, .action(.undo))
        XCTAssertEqual(state.rows?.view, artists)
        XCTAssertEqual(state.rows?.anchors, step.anchors)
    }
}
