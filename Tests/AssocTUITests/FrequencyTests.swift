import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// `F`: a column's distinct values in the view with their counts, on the Chinook-like fixture
/// (tracks 1…7: genre 1 on five of them, no genre on tracks 4 and 7; Angus Young composed 1, 6, 7).
final class FrequencyTests: XCTestCase, ChinookBrowsing {
    func trackApp(width: Int = 100, height: Int = 30) throws -> BrowserApp {
        let app = try makeApp(width: width, height: height)
        try open(app, "Track")
        return app
    }

    /// Moves the grid's cursor to the column whose header is `header`.
    func select(_ app: BrowserApp, column header: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let index = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == header }, "no column \(header)", file: file, line: line)
        press(app, .character("0"))
        for _ in 0..<index { press(app, .right) }
    }

    func values(_ app: BrowserApp) -> [String] {
        guard let page = app.state.frequency?.page else { return [] }
        return page.rows.map { "\($0.value.sqlLiteral): \($0.count)" }
    }

    func testCountsTheColumnsValuesMostFrequentFirst() throws {
        let app = try trackApp()
        try select(app, column: "GenreId")
        press(app, .character("F"))
        XCTAssertEqual(values(app), ["1: 5", "NULL: 2"])
        XCTAssertEqual(app.state.frequency?.page?.totalRows, 7)
        XCTAssertEqual(app.state.frequency?.page?.distinctCount, 2)
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Frequencies: GenreId in Track"), screen)
        XCTAssertTrue(screen.contains("71.4 %"), screen)
        XCTAssertTrue(screen.contains("28.6 %"), screen)
        // The SQL pane shows the grouping, run on the view's statement.
        XCTAssertTrue(screen.contains(#"GROUP BY "value""#), screen)
        // Enter on NULL filters the view by IS NULL: tracks 4 and 7.
        press(app, .down, .enter)
        XCTAssertNil(app.state.frequency)
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(4), .integer(7)])
        XCTAssertEqual(app.state.message?.text, "Filter: GenreId IS NULL (2 rows)")
    }

    func testCountsTheViewsRowsNotTheTables() throws {
        let app = try trackApp()
        press(app, .character("/"))
        type(app, "AlbumId = 1")
        press(app, .enter)
        try select(app, column: "Composer")
        press(app, .character("F"))
        XCTAssertEqual(values(app), ["'Angus Young, Malcolm Young, Brian Johnson': 3"])
        press(app, .escape)
        XCTAssertNil(app.state.frequency)
        XCTAssertEqual(app.state.rows?.view.table, "Track", "Esc closes the frequencies, the view stays")
    }

    func testCountsAnIncludedColumnAndFollowsTheJoinMethod() throws {
        let app = try trackApp()
        // Include genre from the Links pane, then count genre.Name.
        let genre = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "genre" })
        press(app, .tab)
        for _ in 0..<genre { press(app, .down) }
        press(app, .character("+"), .backTab)
        try select(app, column: "genre.Name")
        press(app, .character("F"))
        XCTAssertEqual(values(app), ["'Rock': 5", "NULL: 2"], "optional: tracks without a genre count as NULL")
        press(app, .escape, .tab, .character("t"), .backTab)
        try select(app, column: "genre.Name")
        press(app, .character("F"))
        XCTAssertEqual(values(app), ["'Rock': 5"], "required: tracks without a genre are not in the view")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.rows.count, 5)
    }

    func testCountsAnAnnotation() throws {
        let app = try makeApp()
        try open(app, "Album")
        let tracks = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == "tracks" })
        press(app, .tab)
        for _ in 0..<tracks { press(app, .down) }
        press(app, .character("a"), .backTab)
        let header = try XCTUnwrap(app.state.rows?.columns.last?.header)
        try select(app, column: header)
        press(app, .character("F"))
        // Albums 1…4 have 3, 1, 2 and 1 tracks.
        XCTAssertEqual(values(app), ["1: 2", "2: 1", "3: 1"])
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(2), .integer(4)], "a filter in having")
    }

    func testPagesThroughManyValues() throws {
        // 700 values, each twice: the list loads 500 at a time.
        let database = try TestDatabase.make(
            """
            CREATE TABLE n (id INTEGER PRIMARY KEY, v INTEGER);
            WITH RECURSIVE i(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM i WHERE x < 1399) INSERT INTO n SELECT x, x % 700 FROM i;
            """)
        let app = try makeApp(database: database)
        try open(app, "n")
        press(app, .right, .character("F"))
        XCTAssertEqual(app.state.frequency?.page?.distinctCount, 700)
        XCTAssertEqual(app.state.frequency?.page?.rows.count, 500)
        press(app, .character("G"))
        XCTAssertEqual(app.state.frequency?.cursor.index, 699)
        XCTAssertEqual(app.state.frequency?.selected, FrequencyRow(value: .integer(699), count: 2))
        press(app, .character("g"))
        XCTAssertEqual(app.state.frequency?.selected, FrequencyRow(value: .integer(0), count: 2))
    }

    func testCancellingTheGroupingClosesTheViewOrKeepsTheLoadedValues() throws {
        let app = try trackApp()
        try select(app, column: "GenreId")
        press(app, .character("F"))
        var state = app.state
        let query = try XCTUnwrap(state.frequency?.query)
        // A later window cancelled (Esc while it ran): the loaded values stay.
        state.frequency?.isLoading = true
        _ = Reducer.reduce(&state, .queryCancelled(.loadFrequencies(query, offset: 500, limit: 500)))
        XCTAssertEqual(state.frequency?.page?.rows.count, 2)
        XCTAssertEqual(state.frequency?.isLoading, false)
        XCTAssertEqual(state.message?.text, "Query cancelled: Counting the values of GenreId")
        // The first window cancelled: nothing to show, the grid comes back.
        state.frequency = FrequencyState(query: query, view: try XCTUnwrap(state.rows?.view))
        _ = Reducer.reduce(&state, .queryCancelled(.loadFrequencies(query, offset: 0, limit: 500)))
        XCTAssertNil(state.frequency)
        XCTAssertEqual(state.rows?.view.table, "Track")
    }

    func testRefusesWhatItCannotCountAndSaysWhy() throws {
        let app = try makeApp()
        press(app, .character("F"))
        XCTAssertEqual(app.state.message?.text, "Open a table first: F counts the values of the current column")
        try open(app, "Track")
        press(app, .character(":"))
        press(app, .control("u"))
        type(app, "Track.select(Name).distinct()")
        press(app, .enter, .character("F"))
        XCTAssertNil(app.state.frequency)
        XCTAssertEqual(app.state.message?.text, "F counts rows, and a distinct view merges them: remove distinct() with : first")
    }

    /// A key column's values carry their parent's label, as the grid's do (`1 · Rock`); `L` hides
    /// them in both.
    func testAKeyColumnsValuesShowTheirParentsLabel() throws {
        let app = try trackApp()
        try select(app, column: "GenreId")
        press(app, .character("F"))
        XCTAssertEqual(app.state.frequency?.labels[0]?[.integer(1)], .text(.text("Rock")))
        var screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("1 · Rock"), screen)
        // With the grid's labels hidden (`L`), the frequencies' are too.
        press(app, .escape, .character("L"), .character("F"))
        screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("Frequencies: GenreId"), screen)
        XCTAssertFalse(screen.contains("1 · Rock"), screen)
        // A column that is no key has no label.
        press(app, .escape)
        try select(app, column: "Composer")
        press(app, .character("F"))
        XCTAssertEqual(app.state.frequency?.labels ?? [:], [:])
    }

    func testTheFrequencyViewAt60x15() throws {
        let app = try trackApp(width: 60, height: 15)
        try select(app, column: "GenreId")
        press(app, .character("F"))
        let screen = lines(app)
        // Checked by hand: 60 columns, the side pane below the rows at this size.
        let grid = screen.filter { $0.contains("│ count │") || $0.contains("71.4 %") || $0.contains("28.6 %") }
        XCTAssertEqual(grid.count, 3, screen.joined(separator: "\n"))
        let top = try XCTUnwrap(grid.first { $0.contains("71.4 %") })
        let other = try XCTUnwrap(grid.first { $0.contains("28.6 %") })
        // Bars scale to the most frequent value: 5 against 2.
        let bar5 = top.filter { "█▏▎▍▌▋▊▉".contains($0) }.count
        let bar2 = other.filter { "█▏▎▍▌▋▊▉".contains($0) }.count
        XCTAssertGreaterThan(bar5, 2 * bar2 - 2)
        XCTAssertLessThanOrEqual(TextWidth.width(of: top), 60)
    }

    /// A value longer than the browser reads is shown cut; Enter and `y` say why they cannot
    /// use it instead of filtering by (or copying) its first part.
    func testALongValueIsShownCutAndEnterSaysItCannotFilterByIt() throws {
        let long = String(repeating: "0123456789", count: 2_500)  // 25,000 characters
        let database = try TestDatabase.make(
            """
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO note(body) VALUES ('\(long)'), ('\(long)'), ('short');
            """)
        let app = try makeApp(database: database, width: 100, height: 30)
        try open(app, "note")
        press(app, .right, .character("F"))
        let first = try XCTUnwrap(app.state.frequency?.page?.rows.first)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(first.value, .text(String(long.prefix(ReadLimits.cellPreview))))
        XCTAssertEqual(first.cutLengths, [0: 0])
        let pane = SQLPaneText.lines(for: app.state, width: 300).map { $0.map(\.text).joined() }
        XCTAssertTrue(pane.contains { $0.hasPrefix("-- shown uncut: values ran cut to 20000 characters") }, "\(pane)")
        XCTAssertTrue(pane.contains { $0.hasPrefix("SELECT \"value\", COUNT(*)") }, "the grouping as it reads uncut: \(pane)")
        press(app, .enter)
        XCTAssertEqual(
            app.state.message?.text,
            "Not filtered: body holds more than 20,000 characters and the browser reads the first 20,000 only: use the request line (:) or assoc fetch"
        )
        XCTAssertNotNil(app.state.frequency, "still open")
        press(app, .character("y"))
        XCTAssertTrue(
            app.state.message?.text.hasPrefix("Not copied: a value of body holds more than") ?? false, "\(String(describing: app.state.message))")
        press(app, .down, .enter)
        XCTAssertNil(app.state.frequency)
        XCTAssertEqual(app.state.rows?.totalCount, 1, "a whole value filters as before")
    }
}
