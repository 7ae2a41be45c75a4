import AssocCore
import XCTest

@testable import AssocTUI

/// Queries off the drawing thread: spinner, cancel (Esc, Ctrl-C), failures that keep the previous
/// view, and "data changed" from `PRAGMA data_version`.
final class QueryLifecycleTests: XCTestCase {
    let tables = [TableSummary(name: "Artist", rowCount: 3), TableSummary(name: "Album", rowCount: 4)]

    func loadedState() -> AppState {
        var state = AppState(title: "t.db", size: Size(width: 80, height: 24))
        _ = Reducer.reduce(&state, .tablesLoaded(tables, graph: AssociationGraph(schema: Schema(tables: []))))
        return state
    }

    /// Opens the first table (Artist) with `count` rows loaded: its view, or nil after failing the test.
    func openFirstTable(_ state: inout AppState, rows count: Int = 3, file: StaticString = #filePath, line: UInt = #line) -> RequestView? {
        let effects = Reducer.reduce(&state, .action(.open))
        guard case .openView(let view, let limit)? = effects.first else {
            XCTFail("\(effects)", file: file, line: line)
            return nil
        }
        _ = Reducer.reduce(&state, .viewOpened(view, page: page(count), limit: limit))
        return view
    }

    func page(_ count: Int) -> RowsPage {
        RowsPage(
            columns: ["id", "name"], rows: (0..<count).map { [.integer(Int64($0 + 1)), .text("name \($0 + 1)")] },
            first: 0, keyColumns: ["id"], statements: [])
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

    func testTheSpinnerSaysWhenAnotherProcessHoldsTheLock() {
        var state = loadedState()
        _ = Reducer.reduce(&state, .queryStarted(QueryActivity(label: "Loading rows of item")))
        _ = Reducer.reduce(&state, .queryWaitingForLock(true))
        XCTAssertEqual(state.activity?.text, "⠋ Loading rows of item… waiting: the database is locked by another process (Esc cancels)")
        _ = Reducer.reduce(&state, .queryWaitingForLock(false))
        XCTAssertEqual(state.activity?.text, "⠋ Loading rows of item… (Esc cancels)")
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

    /// A typed request (`:`) whose first page is cancelled (an endless `WITH RECURSIVE` in a
    /// snippet) puts back the view it replaced, with its undo history, and says it was cancelled.
    func testCancelledTypedRequestKeepsThePreviousView() {
        var state = loadedState()
        guard openFirstTable(&state) != nil else { return }
        _ = Reducer.reduce(&state, .action(.moveDown))
        let shown = state.rows
        let history = state.history
        let endless = "(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c) > 0"
        let typed = RequestView(request: Table("Album").filter(sql: endless))
        var prompt = PromptState(kind: .request, text: "Album.filter(sql: '…')")
        prompt.isChecking = true
        state.prompt = prompt
        let effects = Reducer.reduce(&state, .viewChecked(typed))
        guard let open = effects.first(where: { if case .openView = $0 { return true } else { return false } }) else {
            return XCTFail("\(effects)")
        }
        XCTAssertEqual(state.rows?.view, typed)
        _ = Reducer.reduce(&state, .queryStarted(QueryActivity(label: "Opening Album")))
        _ = Reducer.reduce(&state, .queryCancelled(open))
        XCTAssertEqual(state.rows, shown)
        XCTAssertEqual(state.history, history)
        XCTAssertNil(state.restorePoint)
        XCTAssertEqual(state.message?.text.hasPrefix("Query cancelled: "), true, state.message?.text ?? "")
        XCTAssertEqual(state.message?.text.hasSuffix("(previous view kept)"), true, state.message?.text ?? "")
        // A filter typed with `/` is kept the same way.
        let filtered = RequestView(request: Table("Artist").filter(sql: endless))
        state.prompt = PromptState(kind: .filter, text: "x")
        state.prompt?.isChecking = true
        let filterEffects = Reducer.reduce(&state, .viewChecked(filtered))
        guard let openFiltered = filterEffects.first(where: { if case .openView = $0 { return true } else { return false } }) else {
            return XCTFail("\(filterEffects)")
        }
        _ = Reducer.reduce(&state, .queryCancelled(openFiltered))
        XCTAssertEqual(state.rows, shown)
    }

    func testFailedOpenFromAViewRestoresThatView() {
        var state = loadedState()
        guard let artist = openFirstTable(&state) else { return }
        XCTAssertNil(state.restorePoint)
        _ = Reducer.reduce(&state, .action(.moveDown))
        let shown = state.rows
        // R reads the schema again (unchanged), then re-runs the same view: a new openView
        // replaces the rows; it fails.
        XCTAssertEqual(Reducer.reduce(&state, .action(.rerun)), [.refresh(artist)])
        let refreshed = SourceRefresh(tables: tables, graph: AssociationGraph(schema: Schema(tables: [])))
        let rerun = Reducer.reduce(&state, .refreshed(refreshed, view: artist))
        guard let open = rerun.first(where: { if case .openView = $0 { return true } else { return false } }) else {
            return XCTFail("\(rerun)")
        }
        XCTAssertEqual(state.rows?.rows, [])
        _ = Reducer.reduce(&state, .queryFailed(open, "database is locked"))
        XCTAssertEqual(state.rows, shown)
        XCTAssertEqual(state.rows?.cursor.index, 1)
        XCTAssertEqual(state.message, StatusMessage(text: "database is locked", isError: true))
    }

    /// A filter (or typed request) that passed the check but fails in SQLite keeps the view the
    /// user saw: docs/BROWSER.md's "an error keeps the view".
    func testAFilterWhoseQueryFailsKeepsThePreviousView() {
        var state = loadedState()
        guard let artist = openFirstTable(&state) else { return }
        _ = Reducer.reduce(&state, .action(.moveDown))
        let shown = state.rows
        var prompt = PromptState(kind: .filter, text: "name = 'x'")
        prompt.isChecking = true
        state.prompt = prompt
        var filtered = artist
        filtered.request = filtered.request.filter(Column("name") == "x")
        let effects = Reducer.reduce(&state, .viewChecked(filtered))
        guard let open = effects.first(where: { if case .openView = $0 { return true } else { return false } }) else {
            return XCTFail("\(effects)")
        }
        XCTAssertEqual(state.rows?.view, filtered)
        _ = Reducer.reduce(&state, .queryFailed(open, "misuse of aggregate: COUNT()"))
        XCTAssertEqual(state.rows, shown)
        XCTAssertEqual(state.rows?.cursor.index, 1)
        XCTAssertEqual(state.message, StatusMessage(text: "misuse of aggregate: COUNT()", isError: true))
        // The view that never opened left no step to undo.
        XCTAssertTrue(state.history.undo.isEmpty)
    }

    func testCancelledPageLoadAndCountLeaveTheViewUsable() {
        var state = loadedState()
        guard let view = openFirstTable(&state) else { return }
        state.rows?.isLoading = true
        state.rows?.count = .counting(goesLast: true)
        _ = Reducer.reduce(&state, .queryCancelled(.loadPage(view, at: .first(200), limit: 200, totalCount: nil)))
        XCTAssertEqual(state.rows?.isLoading, false)
        XCTAssertEqual(state.rows?.pendingLast, false)
        XCTAssertEqual(state.rows?.rows.count, 3)
        XCTAssertEqual(state.message?.text, "Query cancelled: Loading rows of Artist")
        _ = Reducer.reduce(&state, .queryCancelled(.countTable("Album")))
        XCTAssertEqual(state.tablesPane.tables[1].countFailed, true)
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
        func countRows(ofTable table: String) throws -> Int { 1 }
        func page(of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors) throws -> RowsPage {
            released.wait()
            throw DatabaseError(code: 9, message: "interrupted")
        }
        func count(of view: RequestView) throws -> RowCount { throw DatabaseError(code: 1, message: "no") }
        func linkCounts(of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int] { [:] }
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
            app.pollInterval = 0  // the spinner at once, before the cancel key is read
            app.run()
            XCTAssertGreaterThanOrEqual(source.interrupts, 1)
            XCTAssertNil(app.state.rows)
            XCTAssertFalse(app.state.isFinished, "\(cancelKey) cancels, it does not quit")
            XCTAssertEqual(app.state.message?.text, "Query cancelled: Opening slow (previous view kept)")
            let last = terminal.screen?.textLines().last ?? ""
            XCTAssertTrue(last.hasPrefix("Query cancelled: Opening slow"), last)
            XCTAssertTrue(terminal.recentFrames.contains { ($0.textLines().last ?? "").contains("Opening slow… (Esc cancels)") })
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

    // MARK: - Keys during a background count

    /// Pages at once (200 of 1,000 keyed rows); counts slowly: until interrupted, or 300 ms.
    final class SlowCountSource: BrowserDataSource {
        let interrupted = DispatchSemaphore(value: 0)
        var interrupts = 0
        var pages: [(position: RowPosition, totalCount: Int?)] = []
        func tables() throws -> [TableSummary] { [TableSummary(name: "big", rowCount: nil)] }
        func countRows(ofTable table: String) throws -> Int { 1000 }
        func page(of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors) throws -> RowsPage {
            pages.append((position, totalCount))
            let real = position.settled(count: 1000).offset
            let rows = (real..<min(1000, real + limit)).map { [DatabaseValue.integer(Int64($0 + 1))] }
            return RowsPage(columns: ["id"], rows: rows, first: position, keyColumns: ["id"], reading: .keysetForTests, statements: [])
        }
        func count(of view: RequestView) throws -> RowCount {
            // Like SQLite, which clears its interrupt flag when a statement starts on an idle
            // connection: interrupts that landed after the previous count ended are forgotten
            // (the loop interrupts again and again until it sees the worker done).
            while interrupted.wait(timeout: .now()) == .success {}
            if interrupted.wait(timeout: .now() + .milliseconds(300)) == .success {
                throw DatabaseError(code: 9, message: "interrupted")
            }
            return RowCount(count: 1000, statement: GeneratedStatement(sql: "SELECT COUNT(*) …", arguments: []))
        }
        func linkCounts(of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int] { [:] }
        func interrupt() {
            interrupts += 1
            interrupted.signal()
        }
        func dataVersion() -> Int? { 1 }
    }

    /// Opens `big` (first page loaded, its count queued) with no key pending.
    func openedBig(_ source: SlowCountSource) -> (BrowserApp, FakeTerminal) {
        let terminal = FakeTerminal(width: 80, height: 24)
        terminal.settlesBeforeEachKey = false
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
        app.start()
        app.handle(.enter)
        app.runForeground()
        XCTAssertEqual(app.state.rows?.rows.count, 200)
        XCTAssertEqual(app.deferred.first, .countView(RequestView(table: "big")))
        return (app, terminal)
    }

    func testKeysOverLoadedRowsAreHandledWhileTheCountGoesOn() {
        let source = SlowCountSource()
        let (app, terminal) = openedBig(source)
        terminal.pendingKeys = [.down, .down, .down]
        app.runDeferred()  // the count: 300 ms, keys read meanwhile
        XCTAssertEqual(source.interrupts, 0, "moving over loaded rows needs no query: the count is not interrupted")
        XCTAssertEqual(app.state.rows?.cursor.index, 3)
        XCTAssertEqual(app.state.rows?.isCounted, true)
        XCTAssertEqual(app.state.rows?.totalCount, 1000)
        XCTAssertTrue(terminal.recentFrames.contains { ($0.textLines()[1]).contains("4/200+…") }, "each key is drawn before the count ends")
    }

    func testAKeyNeedingAQueryInterruptsTheCountWhichIsQueuedAgain() {
        let source = SlowCountSource()
        let (app, terminal) = openedBig(source)
        terminal.pendingKeys = [.character("G")]
        app.runDeferred()
        XCTAssertGreaterThanOrEqual(source.interrupts, 1)
        // G's page ran after the interrupt: the last rows, read backwards from a provisional end.
        XCTAssertEqual(source.pages.last?.position.origin, .last)
        XCTAssertEqual(app.state.rows?.selectedRow, [1000])
        XCTAssertEqual(app.deferred.first, .countView(RequestView(table: "big")))
        app.runAllDeferred()
        XCTAssertEqual(app.state.rows?.cursor.index, 999)
        XCTAssertEqual(app.state.rows?.endIsProvisional, false)
    }

    func testCtrlCDuringABackgroundCountQuits() {
        let source = SlowCountSource()
        let (app, terminal) = openedBig(source)
        terminal.pendingKeys = [.control("c")]
        app.runDeferred()
        XCTAssertTrue(app.state.isFinished, "a count is no query of the user's: Ctrl-C quits")
        XCTAssertGreaterThanOrEqual(source.interrupts, 1)
    }
}

/// A view that never ends: its count stops at the budget and shows "?", the tables after it are
/// counted, and opening it shows its first rows with the count's failure named.
final class CountBudgetTests: XCTestCase {
    func testAnEndlessViewIsNotCountedForever() throws {
        let db = try Connection.inMemory()
        try db.execute(
            """
            CREATE VIEW inf AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2);
            """)
        let terminal = FakeTerminal(width: 80, height: 24)
        let app = BrowserApp(dataSource: try RequestDataSource(connection: db), terminal: terminal, title: "inf.db")
        app.start()
        app.runAllDeferred()
        XCTAssertEqual(app.state.tablesPane.tables.map(\.name), ["inf", "t"])
        XCTAssertEqual(app.state.tablesPane.tables.first?.countFailed, true)
        XCTAssertEqual(app.state.tablesPane.tables.last?.rowCount, 2)
        app.handle(.enter)  // open inf
        app.runAllDeferred()
        XCTAssertEqual(app.state.rows?.rows.count ?? 0 > 0, true)
        XCTAssertEqual(app.state.message?.text, "Counting rows of inf: stopped after 2 s (the time allowed)")
    }
}
