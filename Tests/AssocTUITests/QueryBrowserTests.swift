import AssocCore
import XCTest

@testable import AssocTUI

/// The keys of prefetch, aggregates, filters, sorts and the request line, through the app with
/// the real data source on the Chinook-like fixture (AC/DC: albums 1 and 4; Accept: 2 and 3;
/// Aerosmith: none). Each key is handled, then the deferred work is run, as a slow typist would.
final class QueryBrowserTests: XCTestCase, ChinookBrowsing {

    /// From the Rows pane: Tab to the Links pane and select the link named `name`.
    func selectLink(_ app: BrowserApp, _ name: String) throws {
        press(app, .tab, .home)
        let index = try XCTUnwrap(app.state.linksPane.links.firstIndex { $0.association.name == name })
        for _ in 0..<index { press(app, .down) }
        XCTAssertEqual(app.state.selectedLink?.association.name, name)
    }

    func column(_ app: BrowserApp, _ name: String) -> [DatabaseValue] {
        guard let rows = app.state.rows, let index = rows.columns.firstIndex(where: { $0.header == name }) else { return [] }
        return rows.rows.map { index < $0.count ? $0[index] : .null }
    }

    /// The view's request, as the request line prints it.
    func requestText(_ app: BrowserApp) -> String? {
        try? app.state.rows?.view.request.languageText()
    }

    // MARK: Prefetch

    func testPrefetchShowsCountsAndTheChildPaneFromOneExtraQuery() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .tab, .character("j"))  // Links: artistBio, albums
        XCTAssertEqual(app.state.selectedLink?.association.name, "albums")
        press(app, .character("p"))
        XCTAssertEqual(requestText(app), "Artist.including(all: albums)")
        XCTAssertEqual(column(app, "albums (n)"), [2, 2, 0])
        XCTAssertEqual(app.state.rows?.statements.count, 2)
        var screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("albums of #1 AC/DC"), screen)
        let rendered = lines(app)
        let title = try XCTUnwrap(rendered.firstIndex { $0.contains("─ albums of #1 AC/DC ─") })
        XCTAssertTrue(rendered[title].hasSuffix("─ 2 records ─"), rendered[title])
        XCTAssertTrue(rendered[title + 1].hasSuffix("│AlbumId │ Title                                 │ ArtistId"), rendered[title + 1])
        XCTAssertTrue(rendered[title + 2].hasSuffix("│      1 │ For Those About To Rock We Salute You │        1"), rendered[title + 2])
        XCTAssertTrue(rendered[title + 3].hasSuffix("│      4 │ Let There Be Rock                     │        1"), rendered[title + 3])
        XCTAssertTrue(screen.contains("2 records"), screen)
        XCTAssertTrue(screen.contains("Let There Be Rock"), screen)
        XCTAssertFalse(screen.contains("Balls to the Wall"), screen)
        let sql = SQLPaneText.lines(for: try XCTUnwrap(app.state.rows), width: 200)
            .map { $0.map(\.text).joined() }
        // The pane shows the view's plan: the prefetch statement with its placeholder for the page's keys.
        XCTAssertTrue(sql.contains("SELECT *, \"ArtistId\" FROM \"Album\" WHERE \"ArtistId\" IN (…)"), "\(sql)")

        // The next row's albums come from the same page: no query.
        press(app, .backTab, .character("j"))
        XCTAssertEqual(app.state.focus, .rows)
        screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("albums of #2 Accept"), screen)
        XCTAssertTrue(screen.contains("Balls to the Wall"), screen)
        XCTAssertTrue(screen.contains("Restless and Wild"), screen)

        // p again on the same link removes it.
        press(app, .tab, .character("p"))
        XCTAssertEqual(requestText(app), "Artist")
        XCTAssertEqual(app.state.rows?.columns.map(\.header), ["ArtistId", "Name"])
        XCTAssertFalse(lines(app).joined().contains("albums of"))
    }

    func testPrefetchRefusesToOneLinks() throws {
        let app = try makeApp()
        try open(app, "Album")
        press(app, .tab)  // artist
        XCTAssertEqual(app.state.selectedLink?.association.name, "artist")
        press(app, .character("p"))
        XCTAssertEqual(requestText(app), "Album")
        XCTAssertEqual(app.state.message?.text, "artist is to-one: + includes it as columns")
    }

    // MARK: Aggregates

    func testAggregateColumnThenHavingFilter() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .tab, .character("j"), .character("a"))
        XCTAssertEqual(requestText(app), "Artist.annotated(with: albums.count)")
        XCTAssertEqual(column(app, "albumCount"), [2, 2, 0])
        XCTAssertEqual(app.state.message?.text, "Aggregate albums.count")
        press(app, .character("/"))
        type(app, "albums.count >= 2")
        press(app, .enter)
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(requestText(app), "Artist.annotated(with: albums.count).having(albums.count >= 2)")
        XCTAssertEqual(column(app, "Name"), ["AC/DC", "Accept"])
        XCTAssertTrue(app.state.rows?.statements.first?.sql.contains("HAVING COUNT(DISTINCT \"Album\".\"AlbumId\") >= ?") ?? false)
        // isEmpty works the same way, on a fresh filter.
        press(app, .character("/"), .enter)  // empty: clears the filters
        XCTAssertEqual(requestText(app), "Artist.annotated(with: albums.count)")
        press(app, .character("/"))
        type(app, "albums.isEmpty")
        press(app, .enter)
        XCTAssertEqual(column(app, "Name"), ["Aerosmith"])
    }

    func testRepeatedAggregateCyclesThroughNumericColumnsThenOff() {
        var request = Table("Album").all
        var labels: [String] = []
        let tracks = Association(
            name: "tracks", kind: .hasMany, origin: "Album", destination: "Track",
            path: .direct([ColumnPair(origin: "AlbumId", destination: "AlbumId")]), isRequired: false, source: .foreignKey)
        for _ in 0..<10 {
            let (next, aggregate) = AggregateChoices.cycling(request, link: tracks, numericColumns: ["Milliseconds", "UnitPrice"])
            request = next
            labels.append(aggregate.map(ViewSummary.text) ?? "off")
        }
        XCTAssertEqual(
            labels,
            [
                "tracks.count", "tracks.min(Milliseconds)", "tracks.max(Milliseconds)", "tracks.average(Milliseconds)",
                "tracks.sum(Milliseconds)", "tracks.min(UnitPrice)", "tracks.max(UnitPrice)", "tracks.average(UnitPrice)",
                "tracks.sum(UnitPrice)", "off"
            ])
        XCTAssertEqual(request, Table("Album").all)
    }

    // MARK: Filter prompt

    func testFilterPromptTypoShowsCaretThenFixApplies() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Artist")
        press(app, .character("/"))
        XCTAssertEqual(app.state.prompt?.kind, .filter)
        type(app, "Name = = 'Accept'")
        press(app, .enter)
        let error = try XCTUnwrap(app.state.prompt?.error)
        XCTAssertEqual(error.column, 8)  // the second "="
        XCTAssertEqual(requestText(app), "Artist")
        var screen = lines(app)
        XCTAssertEqual(screen[22], "/ Name = = 'Accept'")
        XCTAssertTrue(screen[23].hasPrefix("         ^ "), screen[23])  // under column 8, after "/ "
        XCTAssertTrue(screen[23].hasSuffix("(column 8)"), screen[23])
        XCTAssertEqual(ScreenRenderer.render(app.state).cell(x: 9, y: 23).role, .error)
        // Fix: Home, over "Name = ", delete the extra "= ".
        press(app, .home)
        for _ in 0..<7 { press(app, .right) }
        press(app, .delete, .delete)
        XCTAssertEqual(app.state.prompt?.text, "Name = 'Accept'")
        XCTAssertNil(app.state.prompt?.error)
        press(app, .enter)
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(column(app, "Name"), ["Accept"])
        XCTAssertEqual(app.state.rows?.statements.first?.arguments, ["Accept"])
        screen = lines(app)
        XCTAssertEqual(screen[23], "Filter: Name = 'Accept'")
    }

    func testUnknownColumnInTheFilterStaysInThePromptAndEscCancels() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .character("/"))
        type(app, "Nmae = 'x'")
        press(app, .enter)
        let error = try XCTUnwrap(app.state.prompt?.error)
        XCTAssertTrue(error.message.contains("Nmae"), error.message)
        XCTAssertEqual(error.column, 1)  // where "Nmae" is in the text
        XCTAssertEqual(
            Reducer.namedColumn(
                in: #"table "Artist" has no column named "Nme" (did you mean "Name"?)"#,
                text: "Name = 1 AND Nme > 2"), 14)
        XCTAssertNil(Reducer.namedColumn(in: "no quotes", text: "x"))
        XCTAssertEqual(requestText(app), "Artist")
        press(app, .escape)
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
        XCTAssertEqual(app.state.stack.count, 1)  // Esc closed the prompt, it did not go back
        XCTAssertEqual(column(app, "Name"), ["AC/DC", "Accept", "Aerosmith"])
    }

    func testEqualsFiltersOnTheValueAndNullBecomesIsNull() throws {
        let app = try makeApp()
        try open(app, "Track")
        let genreColumn = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "GenreId" })
        for _ in 0..<genreColumn { press(app, .right) }
        press(app, .character("j"), .character("j"), .character("j"))  // track 4: no genre
        XCTAssertEqual(app.state.rows?.selectedRow?.first, 4)
        press(app, .character("="))
        XCTAssertEqual(app.state.message?.text, "Filter: GenreId IS NULL")
        XCTAssertEqual(column(app, "TrackId"), [4, 7])
        XCTAssertEqual(app.state.rows?.statements.first?.sql, "SELECT * FROM \"Track\" WHERE \"GenreId\" IS NULL ORDER BY \"TrackId\" LIMIT 200")
        // On a value: bound as a parameter.
        press(app, .left)  // MediaTypeId
        press(app, .character("="))
        XCTAssertEqual(app.state.rows?.statements.first?.arguments, [1])
        XCTAssertEqual(column(app, "TrackId"), [4, 7])
    }

    func testEqualsOnAnIncludedColumnFiltersThroughTheAlias() throws {
        let app = try makeApp()
        try open(app, "Track")
        try selectLink(app, "genre")
        press(app, .character("+"))
        XCTAssertEqual(requestText(app), "Track.including(optional: genre)")
        press(app, .backTab)
        let index = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "genre.Name" })
        press(app, .character("0"))
        for _ in 0..<index { press(app, .right) }
        press(app, .character("="))  // track 1: Rock
        XCTAssertEqual(app.state.message?.text, "Filter: genre.Name = 'Rock'")
        XCTAssertEqual(column(app, "TrackId"), [1, 2, 3, 5, 6])
        XCTAssertTrue(app.state.rows?.statements.first?.sql.contains("LEFT JOIN \"Genre\" \"genre\"") ?? false)
    }

    // MARK: Sort

    func testSortCyclesAscendingDescendingOff() throws {
        let app = try makeApp()
        try open(app, "Album")
        press(app, .right)  // Title
        press(app, .character("s"))
        XCTAssertEqual(column(app, "AlbumId"), [2, 1, 4, 3])
        XCTAssertEqual(app.state.message?.text, "Sorted by Title ascending")
        // A sort on a root column pages by keyset on (Title, AlbumId).
        XCTAssertEqual(app.state.rows?.reading?.description, "keyset paging on Title, AlbumId")
        XCTAssertEqual(app.state.rows?.statements.first?.sql, #"SELECT * FROM "Album" ORDER BY "Title", "AlbumId" LIMIT 200"#)
        press(app, .character("s"))
        XCTAssertEqual(column(app, "AlbumId"), [3, 4, 1, 2])
        XCTAssertEqual(app.state.rows?.reading?.description, "keyset paging on Title DESC, AlbumId")
        press(app, .character("s"))
        XCTAssertEqual(column(app, "AlbumId"), [1, 2, 3, 4])
        XCTAssertEqual(requestText(app), "Album")
        XCTAssertEqual(app.state.rows?.reading?.description, "keyset paging on AlbumId")
    }

    // MARK: Request line

    func testRequestLineIncludeIsTheSameAsPlus() throws {
        let app = try makeApp()
        try open(app, "Track")
        press(app, .character(":"))
        XCTAssertEqual(app.state.prompt?.kind, .request)
        XCTAssertEqual(app.state.prompt?.text, "Track")
        type(app, ".including(optional: genre)")
        press(app, .enter)
        XCTAssertNil(app.state.prompt)
        let typed = try XCTUnwrap(app.state.rows)
        XCTAssertEqual(requestText(app), "Track.including(optional: genre)")

        // The same with `+`, from a fresh app.
        let other = try makeApp()
        try open(other, "Track")
        try selectLink(other, "genre")
        press(other, .character("+"))
        let plus = try XCTUnwrap(other.state.rows)
        XCTAssertEqual(typed.view, plus.view)
        XCTAssertEqual(typed.columns, plus.columns)
        XCTAssertEqual(typed.rows, plus.rows)
        XCTAssertEqual(typed.statements, plus.statements)
        XCTAssertEqual(typed.column, plus.column)  // the genre columns brought into view the same way
        XCTAssertEqual(typed.columns[typed.column.index].header, "genre.GenreId")
    }

    func testRequestLineErrorLeavesTheViewAndSaysWhere() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Artist")
        press(app, .character(":"))
        type(app, ".filter(Name = )")
        press(app, .enter)
        let error = try XCTUnwrap(app.state.prompt?.error)
        XCTAssertEqual(error.column, 22)
        XCTAssertEqual(app.state.rows?.view, RequestView(table: "Artist"))
        let screen = lines(app)
        XCTAssertEqual(screen[22], ": Artist.filter(Name = )")
        XCTAssertTrue(screen[23].hasPrefix(String(repeating: " ", count: 23) + "^ "), screen[23])
        // Editing: backspace over ")", add a value.
        press(app, .backspace)
        type(app, "'AC/DC')")
        press(app, .enter)
        XCTAssertEqual(column(app, "Name"), ["AC/DC"])
        press(app, .character(":"))
        XCTAssertEqual(app.state.prompt?.text, "Artist.filter(Name = 'AC/DC')")
        press(app, .escape)
        XCTAssertEqual(column(app, "Name"), ["AC/DC"])
    }

    func testBreadcrumbSummarizesTheRefinements() throws {
        let app = try makeApp()
        try open(app, "Artist")
        try selectLink(app, "albums")
        press(app, .character("p"), .character("a"), .backTab, .character("0"), .character("l"), .character("s"))
        press(app, .character("/"))
        type(app, "ArtistId < 3")
        press(app, .enter)
        XCTAssertEqual(lines(app)[0], "chinook › Artist ⇉albums Σalbums.count /ArtistId < 3 ↑Name")
        XCTAssertEqual(column(app, "Name"), ["AC/DC", "Accept"])
        // `=` on the count of a prefetched link filters through `having`.
        let countColumn = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "albums (n)" })
        press(app, .character("0"))
        for _ in 0..<countColumn { press(app, .right) }
        press(app, .character("="))
        XCTAssertEqual(app.state.message?.text, "Filter: albums.count = 2")
        XCTAssertEqual(
            requestText(app),
            "Artist.including(all: albums).filter(ArtistId < 3).annotated(with: albums.count).having(albums.count = 2).order(Name)")
    }

    func testRequestLineWithoutAnOpenViewOpensOne() throws {
        let app = try makeApp()
        press(app, .character(":"))
        XCTAssertEqual(app.state.prompt?.text, "Artist")
        type(app, ".filter(Name LIKE 'Ae%')")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
        XCTAssertEqual(column(app, "Name"), ["Aerosmith"])
        XCTAssertEqual(app.state.focus, .rows)
    }

    func testEveryKeyKeepsWorkingOnATypedRequest() throws {
        let app = try makeApp()
        try open(app, "Artist")
        press(app, .character(":"))
        type(app, ".joining(required: albums).distinct()")
        press(app, .enter)
        XCTAssertEqual(requestText(app), "Artist.distinct().joining(required: albums)")
        XCTAssertEqual(column(app, "Name"), ["AC/DC", "Accept"])
        XCTAssertEqual(lines(app)[0], "chinook › Artist [⋈albums!]")
        // s on Name: the typed request gets an order.
        press(app, .character("0"), .character("l"), .character("s"))
        XCTAssertEqual(requestText(app), "Artist.distinct().joining(required: albums).order(Name)")
        // = on the value: a filter on it.
        press(app, .character("="))
        XCTAssertEqual(requestText(app), "Artist.distinct().joining(required: albums).filter(Name = 'AC/DC').order(Name)")
        XCTAssertEqual(column(app, "Name"), ["AC/DC"])
        // t on the joined link (Links pane): optional.
        try selectLink(app, "albums")
        press(app, .character("t"))
        XCTAssertEqual(requestText(app), "Artist.distinct().joining(optional: albums).filter(Name = 'AC/DC').order(Name)")
        // a: an aggregate on the same link.
        press(app, .character("a"))
        XCTAssertEqual(column(app, "albumCount"), [2])
        // u three times: back to the typed request as it was.
        press(app, .character("u"), .character("u"), .character("u"), .character("u"))
        XCTAssertEqual(requestText(app), "Artist.distinct().joining(required: albums)")
    }

    func testPromptEditing() {
        var prompt = PromptState(kind: .filter, text: "ab")
        prompt.moveCursor(by: -1)
        prompt.insert("x")
        XCTAssertEqual(prompt.text, "axb")
        prompt.moveCursor(to: 0)
        prompt.deleteBackward()
        prompt.deleteForward()
        XCTAssertEqual(prompt.text, "xb")
        prompt.moveCursor(by: 99)
        XCTAssertEqual(prompt.cursorIndex, 2)
        prompt.deleteBackward()
        XCTAssertEqual(prompt.text, "x")
        prompt.clear()
        XCTAssertEqual(prompt.text, "")
        prompt.deleteBackward()
        prompt.moveCursor(by: -5)
        XCTAssertEqual(prompt.cursorIndex, 0)
    }
}
