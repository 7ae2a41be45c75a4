import XCTest
import AssocCore
@testable import AssocTUI

final class ReducerTests: XCTestCase {
    let tables = [
        TableSummary(name: "artist", rowCount: 3),
        TableSummary(name: "album", rowCount: 500),
        TableSummary(name: "track", rowCount: 0),
    ]

    func loadedState() -> AppState {
        var state = AppState(title: "test.db", size: Size(width: 80, height: 24))
        XCTAssertEqual(Reducer.reduce(&state, .tablesLoaded(tables)), [.loadLinks(table: "artist")])
        _ = Reducer.reduce(&state, .linksLoaded(table: "artist", []))
        return state
    }

    func page(_ table: String, offset: Int, count: Int) -> RowsPage {
        RowsPage(
            columns: ["id", "name"],
            rows: (offset..<(offset + count)).map { [.integer(Int64($0 + 1)), .text("row \($0 + 1)")] },
            offset: offset,
            statement: ExecutedStatement(sql: "SELECT * FROM \"\(table)\" LIMIT ? OFFSET ?", arguments: [200, .integer(Int64(offset))]))
    }

    func testMovingInTablesAsksForTheLinksOfTheSelectedTable() {
        var state = loadedState()
        XCTAssertEqual(Reducer.reduce(&state, .action(.moveDown)), [.loadLinks(table: "album")])
        XCTAssertEqual(state.tablesCursor.index, 1)
        XCTAssertEqual(Reducer.reduce(&state, .action(.lastRow)), [.loadLinks(table: "track")])
        XCTAssertEqual(Reducer.reduce(&state, .action(.moveDown)), [])  // clamped: no change, no effect
        XCTAssertEqual(state.tablesCursor.index, 2)
    }

    func testOpenTablePushesTheViewAndLoadsIt() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.moveDown))
        let effects = Reducer.reduce(&state, .action(.open))
        XCTAssertEqual(effects, [.openView(BrowserView(table: "album"), limit: 200), .loadLinks(table: "album")])
        XCTAssertEqual(state.focus, .rows)
        XCTAssertEqual(state.stack.count, 1)
        XCTAssertEqual(state.rows?.view.table, "album")
        XCTAssertEqual(state.rows?.isLoading, true)

        XCTAssertEqual(Reducer.reduce(&state, .viewOpened(BrowserView(table: "album"), totalCount: 500, page: page("album", offset: 0, count: 200))), [])
        XCTAssertEqual(state.rows?.totalCount, 500)
        XCTAssertEqual(state.rows?.selectedRow, [.integer(1), .text("row 1")])
    }

    func testMovingPastTheLoadedWindowLoadsTheNextOne() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.moveDown))
        _ = Reducer.reduce(&state, .action(.open))
        _ = Reducer.reduce(&state, .viewOpened(BrowserView(table: "album"), totalCount: 500, page: page("album", offset: 0, count: 200)))
        // Rows pane at 80×24 is 17 lines: title + header + 15 rows.
        XCTAssertEqual(state.visibleLines(.rows), 15)
        XCTAssertEqual(Reducer.reduce(&state, .action(.pageDown)), [])
        XCTAssertEqual(state.rows?.cursor.index, 15)
        let effects = Reducer.reduce(&state, .action(.lastRow))
        XCTAssertEqual(state.rows?.cursor.index, 499)
        XCTAssertEqual(state.rows?.cursor.top, 485)
        // window of 200 starting a quarter window (50) before the first visible row.
        XCTAssertEqual(effects, [.loadPage(BrowserView(table: "album"), offset: 435, limit: 200)])
        _ = Reducer.reduce(&state, .pageLoaded(BrowserView(table: "album"), page("album", offset: 435, count: 65)))
        XCTAssertEqual(state.rows?.selectedRow, [.integer(500), .text("row 500")])
    }

    func testBackRestoresCursorsAndFocus() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.moveDown))  // album
        _ = Reducer.reduce(&state, .action(.open))
        _ = Reducer.reduce(&state, .viewOpened(BrowserView(table: "album"), totalCount: 500, page: page("album", offset: 0, count: 200)))
        for _ in 0..<7 { _ = Reducer.reduce(&state, .action(.moveDown)) }
        XCTAssertEqual(state.rows?.cursor.index, 7)

        // Open another table from the Tables pane, then come back.
        _ = Reducer.reduce(&state, .action(.previousPane))
        XCTAssertEqual(state.focus, .tables)
        _ = Reducer.reduce(&state, .action(.firstRow))
        _ = Reducer.reduce(&state, .action(.open))
        XCTAssertEqual(state.rows?.view.table, "artist")
        XCTAssertEqual(state.stack.count, 2)

        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertEqual(state.rows?.view.table, "album")
        XCTAssertEqual(state.rows?.cursor.index, 7)
        XCTAssertEqual(state.focus, .tables)
        XCTAssertEqual(state.tablesCursor.index, 0)
        XCTAssertEqual(state.stack.count, 1)

        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertNil(state.rows)
        XCTAssertEqual(state.tablesCursor.index, 1)  // album was selected when it was opened
        XCTAssertEqual(state.focus, .tables)

        // Nothing left: Esc never quits.
        XCTAssertEqual(Reducer.reduce(&state, .action(.back)), [])
        XCTAssertFalse(state.isFinished)
        XCTAssertEqual(state.message?.text, "Nothing to go back to (q quits)")
    }

    func testUnavailableActionsShowAMessage() {
        var state = loadedState()
        for action in Action.allCases where !Keymap.isAvailable(action) {
            XCTAssertEqual(Reducer.reduce(&state, .action(action)), [], "\(action)")
            XCTAssertTrue(state.message?.text.hasSuffix("not available yet") ?? false, "\(action)")
        }
        XCTAssertFalse(state.isFinished)
    }

    func testFollowingALinkSaysItIsComing() {
        var state = loadedState()
        let link = Association(name: "albums", kind: .hasMany, origin: "artist", destination: "album",
                               path: .direct([ColumnPair(origin: "id", destination: "artistId")]))
        _ = Reducer.reduce(&state, .linksLoaded(table: "artist", [link]))
        _ = Reducer.reduce(&state, .action(.nextPane))
        _ = Reducer.reduce(&state, .action(.nextPane))
        XCTAssertEqual(state.focus, .links)
        XCTAssertEqual(Reducer.reduce(&state, .action(.open)), [])
        XCTAssertEqual(state.message?.text, "Following links arrives with the request engine")
    }

    func testHelpOverlayOpensScrollsAndCloses() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .action(.help))
        XCTAssertEqual(state.overlay, .help(scroll: 0))
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.overlay, .help(scroll: 1))
        XCTAssertEqual(state.tablesCursor.index, 0)  // keys go to the overlay
        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertEqual(state.overlay, .none)
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
        XCTAssertEqual(Keymap.action(for: .escape), .back)
        XCTAssertEqual(Keymap.action(for: .function(1)), .help)
        XCTAssertEqual(Keymap.action(for: .control("d")), .halfPageDown)
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
