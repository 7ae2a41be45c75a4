import XCTest
import AssocCore
@testable import AssocTUI

/// Queries off the drawing thread: spinner, cancel (Esc, Ctrl-C), failures that keep the previous
/// view, and "data changed" from `PRAGMA data_version`.
final class QueryLifecycleTests: XCTestCase {
    let tables = [TableSummary(name: "Artist", rowCount: 3), TableSummary(name: "Album", rowCount: 4)]

    func loadedState() -> AppState {
        var state = AppState(title: "t.db", size: Size(width: 80, height: 24))
        _ = Reducer.reduce(&state, .tablesLoaded(tables, associations: [:]))
        return state
    }

    func page(_ count: Int) -> RowsPage {
        RowsPage(columns: ["id", "name"], rows: (0..<count).map { [.integer(Int64($0 + 1)), .text("name \($0 + 1)")] },
                 offset: 0, keyColumns: ["id"], statements: [])
    }

    func testSpinnerStartsTurnsAndStops() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .queryStarted(QueryActivity(label: "Opening Album")))
        XCTAssertEqual(state.activity?.frame, 0)
        _ = Reducer.reduce(&state, .queryTick)
        _ = Reducer.reduce(&state, .queryTick)
        XCTAssertEqual(state.activity?.frame, 2)
        XCTAssertEqual(state.activity?.text, "⠹ Opening Album… (Esc cancels)")
        let last = ScreenRenderer.render(state).textLines().last ?? ""
        XCTAssertTrue(last.hasPrefix("⠹ Opening Album… (Esc cancels)"), last)
        _ = Reducer.reduce(&state, .queryFinished)
        XCTAssertNil(state.activity)
    }

    func testCancelledOpenKeepsThePreviousScreen() {
        var state = loadedState()
        let before = state
        let effects = Reducer.reduce(&state, .action(.open))
        guard case .openView(let view, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(state.rows?.view, view)
        _ = Reducer.reduce(&state, .queryStarted(QueryActivity(label: "Opening Artist")))
        _ = Reducer.reduce(&state, .queryCancelled(effects[0]))
        XCTAssertNil(state.rows)
        XCTAssertEqual(state.stack, [])
        XCTAssertEqual(state.focus, before.focus)
        XCTAssertNil(state.activity)
        XCTAssertEqual(state.message?.text, "Query cancelled: Opening Artist (previous view kept)")
        XCTAssertEqual(state.message?.isError, false)
    }

    func testFailedOpenFromAViewRestoresThatView() {
        var state = loadedState()
        let first = Reducer.reduce(&state, .action(.open))
        guard case .openView(let artist, let limit)? = first.first else { return XCTFail("\(first)") }
        _ = Reducer.reduce(&state, .viewOpened(artist, page: page(3), limit: limit))
        XCTAssertNil(state.restorePoint)
        _ = Reducer.reduce(&state, .action(.moveDown))
        let shown = state.rows
        // R re-runs the same view: a new openView replaces the rows; it fails.
        let rerun = Reducer.reduce(&state, .action(.rerun))
        guard let open = rerun.first(where: { if case .openView = $0 { return true } else { return false } }) else {
            return XCTFail("\(rerun)")
        }
        XCTAssertEqual(state.rows?.rows, [])
        _ = Reducer.reduce(&state, .queryFailed(open, "database is locked"))
        XCTAssertEqual(state.rows, shown)
        XCTAssertEqual(state.rows?.cursor.index, 1)
        XCTAssertEqual(state.message, StatusMessage(text: "database is locked", isError: true))
    }

    func testCancelledPageLoadAndCountLeaveTheViewUsable() {
        var state = loadedState()
        let first = Reducer.reduce(&state, .action(.open))
        guard case .openView(let view, let limit)? = first.first else { return XCTFail("\(first)") }
        _ = Reducer.reduce(&state, .viewOpened(view, page: page(3), limit: limit))
        state.rows?.isLoading = true
        state.rows?.pendingLast = true
        _ = Reducer.reduce(&state, .queryCancelled(.loadPage(view, offset: 200, limit: 200, totalCount: nil)))
        XCTAssertEqual(state.rows?.isLoading, false)
        XCTAssertEqual(state.rows?.pendingLast, false)
        XCTAssertEqual(state.rows?.rows.count, 3)
        XCTAssertEqual(state.message?.text, "Query cancelled: Loading rows of Artist")
        _ = Reducer.reduce(&state, .queryCancelled(.countTable("Album")))
        XCTAssertEqual(state.tables[1].countFailed, true)
    }

    func testCtrlCWhileAQueryRunsDoesNotQuitButQuitsOtherwise() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .queryStarted(QueryActivity(label: "x")))
        XCTAssertEqual(Reducer.reduce(&state, .action(.cancel)), [])
        XCTAssertFalse(state.isFinished)
        _ = Reducer.reduce(&state, .queryFinished)
        XCTAssertEqual(Reducer.reduce(&state, .action(.cancel)), [.quit])
        XCTAssertTrue(state.isFinished)
    }

    func testDataChangedStaysUntilRefresh() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .dataChanged)
        XCTAssertEqual(state.message?.text, "Data changed — R to refresh")
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.message?.text, "Data changed — R to refresh")
        _ = Reducer.reduce(&state, .action(.rerun))
        XCTAssertFalse(state.dataChanged)
        XCTAssertNil(state.message)
    }

    // MARK: - The loop with a query that blocks until interrupted

    /// A data source whose `page` blocks until `interrupt()` (like a long SQLite statement).
    final class BlockingSource: BrowserDataSource {
        let released = DispatchSemaphore(value: 0)
        var interrupts = 0
        var version = 1
        func tables() throws -> [TableSummary] { [TableSummary(name: "slow", rowCount: 1)] }
        func associations() -> [String: [Association]] { [:] }
        func countRows(ofTable table: String) throws -> Int { 1 }
        func page(of view: BrowserView, offset: Int, limit: Int, totalCount: Int?) throws -> RowsPage {
            released.wait()
            throw DatabaseError(code: 9, message: "interrupted")
        }
        func count(of view: BrowserView) throws -> RowCount { throw DatabaseError(code: 1, message: "no") }
        func linkCounts(of view: BrowserView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int] { [:] }
        func interrupt() {
            interrupts += 1
            released.signal()
        }
        func dataVersion() -> Int? { version }
    }

    func testEscInterruptsARunningQueryAndTheScreenStaysOnTheTables() {
        for cancelKey in [KeyEvent.escape, .control("c")] {
            let source = BlockingSource()
            let terminal = FakeTerminal(width: 80, height: 24, keys: [.enter, cancelKey])
            terminal.settlesBeforeEachKey = false
            let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
            app.run()
            XCTAssertGreaterThanOrEqual(source.interrupts, 1)
            XCTAssertNil(app.state.rows)
            XCTAssertFalse(app.state.isFinished, "\(cancelKey) cancels, it does not quit")
            XCTAssertEqual(app.state.message?.text, "Query cancelled: Opening slow (previous view kept)")
            let last = terminal.screen?.textLines().last ?? ""
            XCTAssertTrue(last.hasPrefix("Query cancelled: Opening slow"), last)
            XCTAssertTrue(terminal.drawn.contains { ($0.textLines().last ?? "").contains("Opening slow… (Esc cancels)") })
        }
    }

    func testDataVersionChangeIsReportedBetweenKeys() {
        let source = BlockingSource()
        let terminal = FakeTerminal(width: 80, height: 24)
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
        app.checkDataVersion()
        XCTAssertNil(app.state.message)
        source.version = 2
        app.checkDataVersion()
        XCTAssertEqual(app.state.message?.text, "Data changed — R to refresh")
    }
}
