import AssocCore
import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import AssocInsights
@testable import AssocTUI

/// `C` and the orphan marks never block a key: the cardinality profile is counted in the
/// background without a time limit ("counting…", then "still counting" past the budget; closing
/// the view stops it, a late profile is dropped), and an orphan count past its budget shows
/// `⚠ ? still counting` and goes on in the background to its figure, stopped when its
/// link leaves the Links pane.
final class BackgroundInsightsTests: XCTestCase, ChinookBrowsing {
    /// Chinook, with a cardinality profile and orphan counts to the end that wait: until
    /// interrupted (they then throw, as SQLite does), or until `release` is signalled. An orphan
    /// count within the budget runs past it (nil); to the end it finds 7 orphans.
    final class SlowInsightsSource: BrowserDataSource {
        let inner: RequestDataSource
        let interrupted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var interruptCount = 0
        private var started: [String] = []

        init() throws { inner = RequestDataSource(database: try ChinookFixture.database()) }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }

        var interrupts: Int { locked { interruptCount } }
        var starts: [String] { locked { started } }

        var graph: AssociationGraph { inner.graph }
        func tables() throws -> [TableSummary] { try inner.tables() }
        func countRows(ofTable table: String) throws -> Int { try inner.countRows(ofTable: table) }
        func page(of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors) throws -> RowsPage {
            try inner.page(of: view, at: position, limit: limit, totalCount: totalCount, anchors: anchors)
        }
        func count(of view: RequestView) throws -> RowCount { try inner.count(of: view) }
        func linkCounts(of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int] {
            try inner.linkCounts(of: view, columns: columns, values: values, links: links)
        }
        func dataVersion() -> Int? { 1 }
        func interrupt() {
            locked { interruptCount += 1 }
            interrupted.signal()
        }

        /// Waits for `release` or an interrupt (which throws); gives up after 10 s (a test
        /// that forgot to release fails instead of hanging).
        private func wait(_ what: String) throws {
            locked { started.append(what) }
            // SQLite forgets an interrupt that landed before its statement started.
            while interrupted.wait(timeout: .now()) == .success {}
            let deadline = DispatchTime.now() + .seconds(10)
            while DispatchTime.now() < deadline {
                if interrupted.wait(timeout: .now()) == .success { throw DatabaseError(code: 9, message: "interrupted") }
                if release.wait(timeout: .now() + .milliseconds(5)) == .success { return }
            }
            throw DatabaseError(code: 1, message: "\(what): never released")
        }

        func cardinalityProfile(of association: Association) throws -> CardinalityProfile {
            try wait("profile \(association.name)")
            return try inner.cardinalityProfile(of: association)
        }

        func countOrphans(of association: Association, toTheEnd: Bool) throws -> OrphanCount {
            var result = try inner.countOrphans(of: association, toTheEnd: toTheEnd)
            guard toTheEnd else {
                result.count = nil
                return result
            }
            try wait("orphans \(association.name)")
            result.count = 7
            return result
        }
    }

    private func makeApp(_ source: SlowInsightsSource) -> (BrowserApp, FakeTerminal) {
        let terminal = FakeTerminal(width: 120, height: 30)
        terminal.settlesBeforeEachKey = false
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "chinook")
        app.start()
        app.runForeground()
        return (app, terminal)
    }

    /// Opens `table` and runs the background work that needs no release (table and row counts,
    /// orphan counts within the budget), leaving the counts to the end queued.
    private func open(_ app: BrowserApp, _ table: String) {
        app.dispatch(.openTable(table))
        app.runForeground()
        while let next = app.deferred.first, !Self.waits(next) { app.runDeferred() }
    }

    private static func waits(_ effect: Effect) -> Bool {
        switch effect {
        case .finishOrphanCount, .loadCardinality: return true
        default: return false
        }
    }

    private func screen(_ app: BrowserApp) -> String { ScreenRenderer.render(app.state).textLines().joined(separator: "\n") }

    private func selectLink(_ app: BrowserApp, _ name: String) throws {
        for _ in 0..<5 where app.state.focus != .links { app.handle(.tab) }
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == name }, "no link \(name)")
        app.handle(.home)
        for _ in 0..<index { app.handle(.down) }
        app.runForeground()
        XCTAssertEqual(app.state.selectedLink?.association.name, name)
    }

    // MARK: - C

    func testCOpensAtOnceCountingThenStillCountingThenShowsTheProfile() throws {
        let source = try SlowInsightsSource()
        let (app, _) = makeApp(source)
        open(app, "Artist")
        try selectLink(app, "albums")
        app.handle(.character("C"))
        app.runForeground()
        // Open at once, the count queued first of the background work.
        XCTAssertNil(app.state.cardinality?.profile)
        XCTAssertTrue(screen(app).contains("(counting…)"), screen(app))
        let albums = try XCTUnwrap(app.state.cardinality?.association)
        XCTAssertEqual(app.deferred.first, .loadCardinality(albums))
        app.budgetMilliseconds = 0
        app.runDeferred(waiting: false)
        let job = try XCTUnwrap(app.job)
        XCTAssertTrue(job.isBackground)
        app.waitForJob(job)
        XCTAssertEqual(app.state.cardinality?.isPastBudget, true)
        XCTAssertTrue(screen(app).contains("(still counting, past 2 s: Esc stops)"), screen(app))
        // Keys answer while it counts: ↓ is handled at once (nothing to move over yet).
        app.handle(.down)
        XCTAssertNotNil(app.job, "the count goes on")
        XCTAssertEqual(app.state.cardinality?.association, albums)
        source.release.signal()
        app.runForeground()
        XCTAssertEqual(source.interrupts, 0)
        let profile = try XCTUnwrap(app.state.cardinality?.profile)
        XCTAssertEqual(profile.buckets.map(\.rows), [1, 0, 2, 0, 0, 0])
        XCTAssertTrue(screen(app).contains("min 0 · median 2 · max 2 · 3 rows of Artist"), screen(app))
    }

    func testEscWhileCountingStopsTheCount() throws {
        let source = try SlowInsightsSource()
        let (app, _) = makeApp(source)
        open(app, "Artist")
        try selectLink(app, "albums")
        app.handle(.character("C"))
        app.runForeground()
        app.runDeferred(waiting: false)
        XCTAssertNotNil(app.job)
        app.handle(.escape)
        app.runForeground()
        XCTAssertNil(app.job)
        XCTAssertGreaterThanOrEqual(source.interrupts, 1, "Esc interrupts the statement")
        XCTAssertEqual(source.starts, ["profile albums"])
        XCTAssertNil(app.state.cardinality)
        XCTAssertEqual(app.state.message?.text, "Cardinality of albums: closed before its end, count stopped")
        XCTAssertFalse(app.deferred.contains { Self.waits($0) })
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
    }

    func testReducerOpenCountingResultClosedAndLateResult() throws {
        let app = try makeApp(width: 120, height: 30)
        open(app, "Artist")
        for _ in 0..<5 where app.state.focus != .links { press(app, .tab) }
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "albums" })
        press(app, .home)
        for _ in 0..<index { press(app, .down) }
        var state = app.state
        let albums = try XCTUnwrap(state.selectedLink?.association)
        let profile = try ChinookFixture.database().cardinalityProfile(of: albums)
        // Open: counting, the count asked for.
        XCTAssertEqual(Reducer.reduce(&state, .action(.cardinality)), [.loadCardinality(albums)])
        XCTAssertNil(state.cardinality?.profile)
        XCTAssertEqual(state.cardinality?.isPastBudget, false)
        var shown = state
        // Past the budget: still counting; then the profile is shown.
        XCTAssertEqual(Reducer.reduce(&shown, .queryPastBudget(.loadCardinality(albums))), [])
        XCTAssertEqual(shown.cardinality?.isPastBudget, true)
        XCTAssertEqual(Reducer.reduce(&shown, .cardinalityLoaded(profile)), [])
        XCTAssertEqual(shown.cardinality?.profile, profile)
        XCTAssertEqual(shown.cardinality?.lines.count, 6)
        // Closed once shown: nothing to stop.
        XCTAssertEqual(Reducer.reduce(&shown, .action(.back)), [])
        // Closed before the result (Esc, q, C, or another view over it): its count is stopped…
        for action in [Action.back, .quit, .cardinality] {
            var closed = state
            XCTAssertEqual(Reducer.reduce(&closed, .action(action)), [.stopCardinality], "\(action)")
            XCTAssertNil(closed.cardinality, "\(action)")
            // … and its late result is dropped.
            let before = closed
            XCTAssertEqual(Reducer.reduce(&closed, .cardinalityLoaded(profile)), [])
            XCTAssertTrue(closed == before, "\(action)")
        }
        // The stopped count's cancellation says nothing more.
        var cancelled = state
        _ = Reducer.reduce(&cancelled, .action(.back))
        let message = cancelled.message
        _ = Reducer.reduce(&cancelled, .queryCancelled(.loadCardinality(albums)))
        XCTAssertEqual(cancelled.message, message)
    }

    // MARK: - Orphan marks

    func testAnOrphanCountPastItsBudgetFinishesInTheBackground() throws {
        let source = try SlowInsightsSource()
        let (app, terminal) = makeApp(source)
        open(app, "Album")
        let artist = try XCTUnwrap(app.state.linksPane.links.first { $0.association.name == "artist" }?.association)
        XCTAssertEqual(app.state.orphans.marks[OrphanMarks.key(of: artist)], .stillCounting)
        XCTAssertTrue(screen(app).contains("→ artist ⚠ ? still counting"), screen(app))
        // Counted to the end after everything else.
        XCTAssertEqual(app.deferred.last, .finishOrphanCount(artist))
        app.runDeferred(waiting: false)
        XCTAssertEqual(app.job?.effect, .finishOrphanCount(artist))
        // Keys answer meanwhile: ↓ moves at once; the link counts of the new row go first (the
        // count to the end gives way, and is queued again, last).
        let row = app.state.rows?.cursor.index ?? 0
        for _ in 0..<5 where app.state.focus != .rows { app.handle(.tab) }
        app.handle(.down)
        XCTAssertEqual(app.state.rows?.cursor.index, row + 1)
        XCTAssertEqual(app.state.orphans.marks[OrphanMarks.key(of: artist)], .stillCounting)
        // The loop interrupts the count until it ends (an interrupt can land before its statement starts).
        app.runForeground()
        XCTAssertNil(app.job)
        source.release.signal()
        app.runAllDeferred()
        XCTAssertGreaterThanOrEqual(source.interrupts, 1)
        XCTAssertEqual(source.starts, ["orphans artist", "orphans artist"])
        XCTAssertEqual(app.state.orphans.marks[OrphanMarks.key(of: artist)], .counted(7))
        terminal.draw(ScreenRenderer.render(app.state))
        XCTAssertTrue(screen(app).contains("→ artist ⚠ 7 orphans"), screen(app))
    }

    func testLeavingTheLinkStopsItsCountWhichGoesOnWhenItComesBack() throws {
        let source = try SlowInsightsSource()
        let (app, _) = makeApp(source)
        open(app, "Album")
        let artist = try XCTUnwrap(app.state.linksPane.links.first { $0.association.name == "artist" }?.association)
        let key = OrphanMarks.key(of: artist)
        app.runDeferred(waiting: false)
        XCTAssertEqual(app.job?.effect, .finishOrphanCount(artist))
        // Another table: the link leaves the pane, its count is interrupted and not queued again.
        app.dispatch(.openTable("Genre"))
        app.runForeground()
        XCTAssertGreaterThanOrEqual(source.interrupts, 1)
        XCTAssertEqual(app.state.orphans.marks[key], .unknown)
        XCTAssertFalse(app.deferred.contains(.finishOrphanCount(artist)))
        XCTAssertNil(app.state.message.map { $0.text.contains("cancelled") ? $0.text : nil } ?? nil)
        // Back to the albums: `⚠ ? still counting`, counted again to the end.
        open(app, "Album")
        XCTAssertEqual(app.state.orphans.marks[key], .stillCounting)
        XCTAssertTrue(screen(app).contains("→ artist ⚠ ? still counting"), screen(app))
        XCTAssertEqual(app.deferred.last, .finishOrphanCount(artist))
        source.release.signal()
        app.runAllDeferred()
        XCTAssertEqual(app.state.orphans.marks[key], .counted(7))
        XCTAssertEqual(source.starts, ["orphans artist", "orphans artist"])
    }

    func testQuittingStopsACountToTheEnd() throws {
        let source = try SlowInsightsSource()
        let (app, terminal) = makeApp(source)
        open(app, "Album")
        app.runDeferred(waiting: false)
        XCTAssertNotNil(app.job)
        terminal.pendingKeys = [.character("q")]
        app.runForeground()
        XCTAssertTrue(app.state.isFinished)
        XCTAssertGreaterThanOrEqual(source.interrupts, 1, "the count to the end was running, and q stopped it")
        // As `run()` ends: the count is interrupted until it ends.
        let deadline = Date().addingTimeInterval(10)
        while let job = app.job, !job.isDone, Date() < deadline {
            app.dataSource.interrupt()
            usleep(1000)
        }
        XCTAssertEqual(source.starts, ["orphans artist"])
    }
}
