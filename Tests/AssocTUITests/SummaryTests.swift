import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocInsights

@testable import AssocTUI

/// `I`: the summary of the view's columns, on the Chinook-like fixture (tracks 1…7: genre 1 on
/// five of them, no genre on tracks 4 and 7; one track without a composer), and `F` grouped by
/// the pinned columns; `y` copying either as TSV.
final class SummaryTests: XCTestCase, ChinookBrowsing {
    final class RecordingClipboard: Clipboard {
        var copied: [String] = []
        func copy(_ text: String) throws -> String {
            copied.append(text)
            return "with the test's clipboard"
        }
    }

    func trackApp(width: Int = 100, height: Int = 30) throws -> BrowserApp {
        let app = try makeApp(width: width, height: height)
        try open(app, "Track")
        return app
    }

    func summary(_ app: BrowserApp, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ColumnSummary {
        let summary = try XCTUnwrap(app.state.summary, file: file, line: line)
        let index = try XCTUnwrap(summary.source?.columns.firstIndex(of: name), file: file, line: line)
        return try XCTUnwrap(summary.summaries[index], file: file, line: line)
    }

    func testISummarizesEveryColumnOfTheView() throws {
        let app = try trackApp()
        press(app, .character("I"))
        let state = try XCTUnwrap(app.state.summary)
        XCTAssertEqual(
            state.source?.columns, ["TrackId", "Name", "AlbumId", "MediaTypeId", "GenreId", "Composer", "Milliseconds", "UnitPrice"])
        let genre = try summary(app, "GenreId")
        XCTAssertEqual([genre.rows, genre.integers, genre.nulls, genre.distinct], [7, 5, 2, 1], "NULL counted apart")
        XCTAssertEqual(genre.mostFrequent, ValueFrequency(value: .integer(1), count: 5))
        let composer = try summary(app, "Composer")
        XCTAssertEqual([composer.texts, composer.nulls, composer.distinct], [6, 1, 4])
        XCTAssertEqual(app.state.message?.text, "Summary of 8 columns done")
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Summary: Track"), screen)
        XCTAssertTrue(screen.contains("column       │ type    │ null │ distinct │ min"), screen)
        XCTAssertTrue(screen.contains("GenreId      │ integer │    2 │        1 │ 1"), screen)
        // The SQL pane shows the selected column's statements over the view's.
        XCTAssertTrue(screen.contains(#"WITH "summarized""#), screen)
    }

    /// At 80 columns the figures that do not fit are reached sideways (←/→, h/l, 0/$), as the
    /// grid's columns are; `▶`/`◀` say that more are there; → stops with the last ones in view.
    func testTheFiguresScrollSidewaysAt80Columns() throws {
        let app = try trackApp(width: 80, height: 24)
        press(app, .character("I"))
        var screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("column       │ type"), screen)
        XCTAssertFalse(screen.contains("most frequent"), screen)
        XCTAssertTrue(screen.contains("▶"), screen)
        for _ in 0..<10 { press(app, .character("l")) }
        screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("most frequent"), screen)
        XCTAssertTrue(screen.contains("1 ×5"), "GenreId's most frequent value: " + screen)
        XCTAssertTrue(screen.contains("Balls to the Wall ×1 (7 values tie)"), "whole, not squeezed: " + screen)
        XCTAssertTrue(screen.contains("◀"), screen)
        XCTAssertFalse(screen.contains("▶"), screen)
        XCTAssertTrue(screen.contains("column       │ "), "the names stay: " + screen)
        let scrolled = app.state.summary?.firstField ?? 0
        press(app, .character("h"))
        XCTAssertEqual(app.state.summary?.firstField, scrolled - 1)
        press(app, .character("0"))
        screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("column       │ type"), screen)
        press(app, .character("$"))
        XCTAssertEqual(app.state.summary?.firstField, scrolled)
    }

    func testColumnsComeOneAtATimeAsDeferredWorkAndLinesFillIn() throws {
        let app = try trackApp()
        var state = app.state
        let view = try XCTUnwrap(state.rows?.view)
        XCTAssertEqual(Reducer.reduce(&state, .action(.summary)), [.loadSummarySource(view)])
        let source = try RequestDataSource(database: try ChinookFixture.database()).summarySource(of: view)
        let effects = Reducer.reduce(&state, .summarySourceLoaded(view, source))
        XCTAssertEqual(effects.count, 8)
        // Deferred: keys are handled while a column is computed (a background job).
        XCTAssertTrue(effects.allSatisfy(\.isDeferred))
        XCTAssertEqual(effects.first, .summarizeColumn(view, source, index: 0, parts: .scan))
        var column = ColumnSummary(name: "Name", index: 1)
        column.rows = 7
        column.nulls = 0
        // The scan came: the grouping is asked for next (after the other columns' scans).
        XCTAssertEqual(
            Reducer.reduce(&state, .columnSummarized(view, column)), [.summarizeColumn(view, source, index: 1, parts: [.classes, .grouping])])
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.summary?.selectedIndex, 1)
        var screen = ScreenRenderer.render(state).textLines()
        var name = try XCTUnwrap(screen.first { $0.contains("│Name ") }, screen.joined(separator: "\n"))
        XCTAssertTrue(name.contains("│ …    │    0 │        … │"), "types and distinct values still to come: " + name)
        var grouping = ColumnSummary(name: "Name", index: 1)
        grouping.integers = 0
        grouping.reals = 0
        grouping.texts = 7
        grouping.blobs = 0
        grouping.distinct = 7
        grouping.mostFrequent = ValueFrequency(value: .text("Balls to the Wall"), count: 1)
        XCTAssertEqual(Reducer.reduce(&state, .columnSummarized(view, grouping)), [])
        screen = ScreenRenderer.render(state).textLines()
        name = try XCTUnwrap(screen.first { $0.contains("Name ") && $0.contains("text") }, screen.joined(separator: "\n"))
        XCTAssertTrue(name.contains("│    0 │        7 │"), name)
        let trackId = try XCTUnwrap(screen.first { $0.contains("TrackId ") }, screen.joined(separator: "\n"))
        XCTAssertTrue(trackId.contains("│ …"), "a column not computed yet: " + trackId)
        XCTAssertTrue(screen.contains { $0.contains("1/8 done") }, screen.joined(separator: "\n"))
        // A result for a summary that was closed changes nothing.
        _ = Reducer.reduce(&state, .action(.back))
        XCTAssertNil(state.summary)
        _ = Reducer.reduce(&state, .columnSummarized(view, column))
        XCTAssertNil(state.summary)
    }

    func testARanOutColumnShowsQuestionMarksAndTheStatusLineSaysWhich() throws {
        let app = try trackApp()
        var state = app.state
        let view = try XCTUnwrap(state.rows?.view)
        _ = Reducer.reduce(&state, .action(.summary))
        let source = try RequestDataSource(database: try ChinookFixture.database()).summarySource(of: view)
        _ = Reducer.reduce(&state, .summarySourceLoaded(view, source))
        var slow = ColumnSummary(name: "TrackId", index: 0)
        slow.ranOutOfTime = true
        _ = Reducer.reduce(&state, .columnSummarized(view, slow))
        XCTAssertEqual(state.message?.text, "Summary: ran out of time (2 s a statement), shown ?: TrackId")
        let screen = ScreenRenderer.render(state).textLines()
        let line = try XCTUnwrap(screen.first { $0.contains("TrackId ") })
        XCTAssertTrue(line.contains("│ ?    │    ? │        ? │"), line)
    }

    func testEscClosesTheSummaryAndDropsTheColumnsWaiting() throws {
        let app = try trackApp()
        app.handle(.character("I"))
        app.runForeground()
        XCTAssertEqual(app.deferred.filter { if case .summarizeColumn = $0 { true } else { false } }.count, 8)
        app.handle(.escape)
        XCTAssertNil(app.state.summary)
        XCTAssertTrue(app.deferred.allSatisfy { if case .summarizeColumn = $0 { false } else { true } })
        XCTAssertEqual(app.state.message?.text, "Summary closed (stopped before its end)")
        app.runAllDeferred()
        XCTAssertEqual(app.state.rows?.view.table, "Track")
    }

    func testEnterOpensTheFrequenciesOfTheColumnAndEscComesBack() throws {
        let app = try trackApp()
        press(app, .character("I"))
        for _ in 0..<4 { press(app, .down) }
        press(app, .enter)
        XCTAssertEqual(app.state.frequency?.query.columnLabels, ["GenreId"])
        XCTAssertEqual(app.state.frequency?.page?.rows.map(\.count), [5, 2])
        press(app, .escape)
        XCTAssertEqual(app.state.summary?.selectedIndex, 4, "back to the summary, on the same line")
        XCTAssertEqual(app.state.summary?.summaries.count, 8)
        // An included column too.
        press(app, .escape)
        XCTAssertNil(app.state.summary)
    }

    func testSortCyclesAndSaysByWhat() throws {
        let app = try trackApp()
        press(app, .character("I"))
        press(app, .character("s"))
        XCTAssertEqual(app.state.message?.text, "Summary sorted by name (s: next order)")
        XCTAssertEqual(
            app.state.summary?.lines.compactMap { app.state.summary?.source?.columns[$0] },
            ["AlbumId", "Composer", "GenreId", "MediaTypeId", "Milliseconds", "Name", "TrackId", "UnitPrice"])
        press(app, .character("s"))
        XCTAssertEqual(app.state.message?.text, "Summary sorted by distinct values (most first) (s: next order)")
        XCTAssertEqual(app.state.summary?.lines.first, 0, "TrackId: 7 distinct, first of the ties in column order")
        XCTAssertEqual(app.state.summary?.lines.last, 7, "UnitPrice: 1 distinct")
        press(app, .character("s"))
        XCTAssertEqual(app.state.summary?.lines.first, 4, "GenreId: 2 NULLs")
        press(app, .character("s"))
        XCTAssertEqual(app.state.summary?.order, .columns)
    }

    func testYCopiesTheSummaryAndTheFrequenciesAsTSV() throws {
        let app = try trackApp()
        let clipboard = RecordingClipboard()
        app.clipboard = clipboard
        press(app, .character("I"), .character("y"))
        let copied = try XCTUnwrap(clipboard.copied.last).split(separator: "\n").map(String.init)
        XCTAssertEqual(copied.count, 9)
        XCTAssertEqual(copied[0], "column\trows\tinteger\treal\ttext\tblob\tnull\tdistinct\tmin\tmax\tmean\tmost frequent\tcount\tties")
        XCTAssertEqual(copied[5], "GenreId\t7\t5\t0\t0\t0\t2\t1\t1\t1\t1.0\t1\t5\t1")
        XCTAssertEqual(
            copied[6],
            "Composer\t7\t0\t0\t6\t0\t1\t4\tAC/DC\tF. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman\t\tAngus Young, Malcolm Young, Brian Johnson\t3\t1"
        )
        XCTAssertEqual(app.state.message?.text, "Copied the summary (TSV) (\(clipboard.copied[0].count) characters) with the test's clipboard")

        for _ in 0..<4 { press(app, .down) }
        press(app, .enter, .character("y"))
        XCTAssertEqual(clipboard.copied.last, "GenreId\tcount\t%\n1\t5\t71.4 %\nNULL\t2\t28.6 %\n")
        XCTAssertTrue(app.state.message?.text.hasPrefix("Copied the frequencies (TSV, 2 values)") == true, app.state.message?.text ?? "")
    }

    func testFGroupsByThePinnedColumnsThenTheCurrentOne() throws {
        let app = try trackApp()
        // Pin GenreId (the key stays pinned and is left out of the grouping), then F on Composer.
        let genre = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "GenreId" })
        press(app, .character("0"))
        for _ in 0..<genre { press(app, .right) }
        press(app, .character("!"))
        let composer = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "Composer" })
        press(app, .character("0"))
        for _ in 0..<composer { press(app, .right) }
        press(app, .character("F"))
        let frequency = try XCTUnwrap(app.state.frequency)
        XCTAssertEqual(frequency.query.columnLabels, ["GenreId", "Composer"])
        XCTAssertEqual(
            frequency.page?.rows.first, ValueFrequency(values: [.integer(1), .text("Angus Young, Malcolm Young, Brian Johnson")], count: 2))
        XCTAssertEqual(frequency.page?.distinctCount, 6)
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Frequencies: GenreId, Composer in Track"), screen)
        XCTAssertTrue(screen.contains("GenreId  │ Composer"), screen)  // "1 · Rock" is 8 wide
        // Enter filters by both values.
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(1), .integer(6)])
    }

    func testTheSummaryAt80x24And160x45() throws {
        for (width, height) in [(80, 24), (160, 45)] {
            let app = try trackApp(width: width, height: height)
            press(app, .character("I"))
            let screen = lines(app)
            XCTAssertTrue(screen.allSatisfy { TextWidth.width(of: $0) <= width })
            let header = try XCTUnwrap(screen.first { $0.contains("column ") && $0.contains("│ type") }, screen.joined(separator: "\n"))
            XCTAssertTrue(header.contains("│ null │ distinct │ min"), header)
            if width == 160 { XCTAssertTrue(header.contains("│ most frequent"), header) }
            XCTAssertTrue(screen.contains { $0.contains("GenreId") && $0.contains("integer") }, screen.joined(separator: "\n"))
        }
    }

    /// The most frequent value is never NULL, however many NULLs, and says when others tie with it;
    /// distinct values leave NULL out.
    func testMostFrequentIsNeverNullAndShowsItsTies() throws {
        let database = try TestDatabase.make(
            """
            CREATE TABLE orders (id INTEGER PRIMARY KEY, country TEXT, company TEXT);
            INSERT INTO orders VALUES (1, 'USA', NULL), (2, 'Germany', NULL), (3, 'USA', 'Acme'), (4, 'Germany', NULL), (5, NULL, NULL);
            """)
        let app = try makeApp(database: database, width: 160, height: 45)
        try open(app, "orders")
        press(app, .character("I"))
        let country = try summary(app, "country")
        XCTAssertEqual([country.nulls, country.distinct, country.mostFrequentTies], [1, 2, 2])
        XCTAssertEqual(country.mostFrequent, ValueFrequency(value: .text("Germany"), count: 2), "the smaller of the tie")
        let company = try summary(app, "company")
        XCTAssertEqual([company.nulls, company.distinct, company.mostFrequentTies], [4, 1, 1])
        XCTAssertEqual(company.mostFrequent, ValueFrequency(value: .text("Acme"), count: 1), "not NULL ×4")
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Germany ×2 (2 values tie)"), screen)
        XCTAssertTrue(screen.contains("Acme ×1"), screen)
        XCTAssertFalse(screen.contains("Acme ×1 ("), screen)
        XCTAssertFalse(screen.contains("∅ ×"), screen)
    }

    func testTextFromTheDatabaseIsSanitized() throws {
        let database = try TestDatabase.make(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, "na\u{1b}[31mme" TEXT);
            INSERT INTO t VALUES (1, 'red' || char(27) || '[31m' || char(8238) || 'x'), (2, 'red' || char(27) || '[31m' || char(8238) || 'x');
            """)
        let app = try makeApp(database: database, width: 160, height: 45)
        try open(app, "t")
        press(app, .character("I"))
        let screen = lines(app).joined(separator: "\n")
        XCTAssertFalse(screen.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{202e}" }, screen)
        XCTAssertTrue(screen.contains("×2"), screen)
    }

    func testEscInterruptsTheColumnBeingComputed() throws {
        let database = try TestDatabase.make(
            "CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;")
        let app = try makeApp(database: database)
        try open(app, "forever")
        app.runAllDeferred()
        app.handle(.character("I"))
        app.runForeground()
        // The column starts on the worker (a background job: keys are handled meanwhile).
        app.runDeferred(waiting: false)
        XCTAssertEqual(app.state.activity?.label, "Summarizing x (1/1)")
        app.handle(.down)
        XCTAssertNotNil(app.state.summary, "a key while the column is computed is handled at once")
        app.handle(.escape)
        app.runAllDeferred()
        XCTAssertNil(app.state.summary)
        // Stopped by Esc, not by its 2 s: the status line says it was cancelled.
        XCTAssertEqual(app.state.message?.text, "Query cancelled: Summarizing x (1/1)")
    }

    func testTSVFieldsEscapeTabsLineBreaksAndBackslashes() {
        XCTAssertEqual(ViewCopyText.field("a\tb\nc\rd\\e"), "a\\tb\\nc\\rd\\\\e")
        XCTAssertEqual(ViewCopyText.value(.null), "NULL")
        XCTAssertEqual(ViewCopyText.value(.text("NULL")), "NULL", "as y copies a cell: the text as it is")
        XCTAssertEqual(ViewCopyText.value(.integer(5)), "5")
    }
}
