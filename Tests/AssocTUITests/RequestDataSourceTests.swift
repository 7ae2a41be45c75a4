import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

final class RequestDataSourceTests: XCTestCase {
    func source() throws -> RequestDataSource { RequestDataSource(database: try ChinookFixture.database()) }

    func testFirstPageIsKeysetOnTheIntegerPrimaryKey() throws {
        let source = try source()
        let page = try source.browsePage(of: RequestView(table: "Artist"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["ArtistId", "Name"])
        XCTAssertEqual(page.rows, [[1, "AC/DC"], [2, "Accept"]])
        XCTAssertEqual(page.statements, [GeneratedStatement(sql: "SELECT * FROM \"Artist\" ORDER BY \"ArtistId\" LIMIT 2", arguments: [])])
        XCTAssertEqual(page.paging, "keyset paging on ArtistId")
        // The next page starts after the last key seen: no OFFSET.
        let next = try source.browsePage(of: RequestView(table: "Artist"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[3, "Aerosmith"]])
        XCTAssertEqual(next.statements.first?.sql, "SELECT * FROM \"Artist\" WHERE \"ArtistId\" > ? ORDER BY \"ArtistId\" LIMIT 2")
        XCTAssertEqual(next.statements.first?.arguments, [2])
    }

    func testLastPageReadsBackwardsFromTheEnd() throws {
        let source = try source()
        let page = try source.browsePage(of: RequestView(table: "Track"), offset: 5, limit: 10, totalCount: 7)
        XCTAssertEqual(page.offset, 5)
        XCTAssertEqual(page.rows.map { $0.first }, [6, 7])
        XCTAssertEqual(page.statements.first?.sql, "SELECT * FROM \"Track\" ORDER BY \"TrackId\" DESC LIMIT 2")
    }

    func testTheEndReadBeforeTheCountKeepsItsAnchorsOnceCounted() throws {
        let source = try source()
        let view = RequestView(table: "Track")
        // G before the count: the last 2 rows, at positions counted back from the last row.
        let last = try source.browsePage(of: view, at: .last(back: 1), limit: 10, totalCount: nil)
        XCTAssertTrue(last.isKeyset)
        XCTAssertEqual(last.first, .last(back: 1))
        XCTAssertEqual(last.rows.map { $0.first }, [6, 7])
        XCTAssertEqual(last.statements.first?.sql, "SELECT * FROM \"Track\" ORDER BY \"TrackId\" DESC LIMIT 2")
        // Counted (7 rows): the anchors move to positions 5 and 6, so the rows just above page
        // backwards from the key of row 6 instead of skipping from the start.
        XCTAssertEqual(try source.browseCount(of: view).count, 7)
        let above = try source.browsePage(of: view, offset: 3, limit: 2, totalCount: 7)
        XCTAssertEqual(above.rows.map { $0.first }, [4, 5])
        XCTAssertEqual(
            above.statements.first?.sql,
            "SELECT * FROM \"Track\" WHERE \"TrackId\" < ? ORDER BY \"TrackId\" DESC LIMIT 2")
        XCTAssertEqual(above.statements.first?.arguments, [6])
    }

    /// A table without a declared key pages on its rowid, selected as a hidden value (last, unnamed,
    /// never a column of the rows).
    func testHiddenRowidIsSelectedForPagingAndNotShown() throws {
        let source = RequestDataSource(
            database: try TestDatabase.make(
                """
                CREATE TABLE pair (a INTEGER NOT NULL, b INTEGER NOT NULL);
                INSERT INTO pair VALUES (1, 1), (1, 2), (1, 6);
                """))
        let page = try source.browsePage(of: RequestView(table: "pair"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["a", "b"])
        XCTAssertEqual(page.rows, [[1, 1], [1, 2]])
        XCTAssertEqual(
            page.statements.first?.sql,
            "SELECT *, \"rowid\" FROM \"pair\" ORDER BY \"rowid\" LIMIT 2")
        let next = try source.browsePage(of: RequestView(table: "pair"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[1, 6]])
        XCTAssertEqual(next.statements.first?.arguments, [2])
    }

    /// A composite primary key of NOT NULL columns (a rowid table's) is the order itself: no
    /// hidden rowid (see `PrimaryKeyOrderTests`).
    func testACompositeKeyPagesOnItsColumns() throws {
        let source = try source()
        let page = try source.browsePage(of: RequestView(table: "PlaylistTrack"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["PlaylistId", "TrackId"])
        XCTAssertEqual(page.rows, [[1, 1], [1, 2]])
        XCTAssertEqual(
            page.statements.first?.sql,
            "SELECT * FROM \"PlaylistTrack\" ORDER BY \"PlaylistId\", \"TrackId\" LIMIT 2")
        let next = try source.browsePage(of: RequestView(table: "PlaylistTrack"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[1, 6]])
        XCTAssertEqual(next.statements.first?.arguments, [1, 2])
    }

    /// A column named `rowid` shadows the rowid: pages follow the real rowid, read as `_rowid_`.
    func testAShadowedRowidPagesUnderAnotherName() throws {
        let source = RequestDataSource(
            database: try TestDatabase.make(
                """
                CREATE TABLE t (rowid INTEGER, v TEXT);
                INSERT INTO t VALUES (9, 'a'), (8, 'b'), (7, 'c');
                """))
        let page = try source.browsePage(of: RequestView(table: "t"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["rowid", "v"])
        XCTAssertEqual(page.rows, [[9, "a"], [8, "b"]])
        XCTAssertEqual(page.statements.first?.sql, #"SELECT *, "_rowid_" FROM "t" ORDER BY "_rowid_" LIMIT 2"#)
        let next = try source.browsePage(of: RequestView(table: "t"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[7, "c"]])
        XCTAssertEqual(next.statements.first?.arguments, [2])
    }

    func testViewsPageWithOffsetAndSaySo() throws {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3); CREATE VIEW v AS SELECT x FROM t")
        let source = try RequestDataSource(connection: connection)
        let page = try source.browsePage(of: RequestView(table: "v"), offset: 1, limit: 5, totalCount: nil)
        XCTAssertEqual(page.rows, [[2], [3]])
        XCTAssertEqual(page.statements.first?.sql, "SELECT * FROM \"v\" LIMIT 5 OFFSET 1")
        XCTAssertEqual(page.paging, "OFFSET paging: a view has no key")
        XCTAssertEqual(try source.countRows(ofTable: "v"), 3)
    }

    func testIncludeOptionalThenRequiredChangesRowsCountAndJoin() throws {
        let source = try source()
        let view = RequestView.followed("tracks", from: "Album", key: 1, to: "Track")
            .with { $0.including(optional: Table("Track").genre) }
        let optional = try source.browsePage(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(optional.rows.count, 3)
        XCTAssertEqual(optional.columns.suffix(2).map(\.header), ["genre.GenreId", "genre.Name"])
        XCTAssertEqual(optional.columns.last, GridColumn(scopePath: ["genre"], joinPath: [0], name: "Name"))
        XCTAssertEqual(optional.rootColumnCount, 8)
        XCTAssertEqual(optional.rows.map { $0.last }, ["Rock", "Rock", .null])
        XCTAssertTrue(optional.statements.first?.sql.contains("LEFT JOIN \"Genre\"") ?? false)
        XCTAssertEqual(try source.browseCount(of: view).count, 3)

        let required = view.with { $0.togglingRequired(joinAt: [0]) }
        let page = try source.browsePage(of: required, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [1, 6])
        let sql = try XCTUnwrap(page.statements.first?.sql)
        XCTAssertTrue(sql.contains(" JOIN \"Genre\"") && !sql.contains("LEFT JOIN"), sql)
        let count = try source.browseCount(of: required)
        XCTAssertEqual(count.count, 2)
        XCTAssertTrue(count.statement.sql.hasPrefix("SELECT COUNT(*) FROM (SELECT"))
    }

    func testChainedIncludeNestsColumns() throws {
        let source = try source()
        let view = RequestView(request: Table("Track").including(optional: Table("Track").album.including(optional: Table("Album").artist)))
        let page = try source.browsePage(of: view, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(
            page.columns.suffix(5).map(\.header), ["album.AlbumId", "album.Title", "album.ArtistId", "album.artist.ArtistId", "album.artist.Name"])
        XCTAssertEqual(page.columns.last?.joinPath, [0, 0])
        XCTAssertEqual(page.rows.first?.last, "AC/DC")
        XCTAssertEqual(view.request.removingJoin(at: [0, 0]), Table("Track").including(optional: Table("Track").album))
    }

    func testLinkCountsOfOneRow() throws {
        let source = try source()
        let counts = try source.linkCounts(
            of: RequestView(table: "Artist"), columns: ["ArtistId", "Name"],
            values: [1, "AC/DC"], links: ["albums", "tracks"])
        XCTAssertEqual(counts, ["albums": 2, "tracks": 4])
    }
}

/// The whole loop on the Chinook-like fixture with a fake terminal: keys in, screens out.
final class BrowserFlowTests: XCTestCase {
    func run(_ keys: [KeyEvent], width: Int = 100, height: Int = 30) throws -> (BrowserApp, FakeTerminal) {
        let terminal = FakeTerminal(width: width, height: height, keys: keys)
        let app = BrowserApp(dataSource: RequestDataSource(database: try ChinookFixture.database()), terminal: terminal, title: "mini")
        app.run()
        return (app, terminal)
    }

    func testArtistAlbumsTracksIncludeGenreToggleAndBack() throws {
        // Artist › AC/DC › albums (2) › first album › tracks (3) › + genre › t › t (the Links
        // pane of Track starts on genre: its first to-one link that does not lead back to Album)
        var keys: [KeyEvent] = [
            .enter, .tab, .character("j"), .enter, .tab, .character("j"), .enter,
            .tab, .character("+")
        ]
        var (app, terminal) = try run(keys)
        var lines = try XCTUnwrap(terminal.screen).textLines()
        XCTAssertEqual(lines[0], "mini › Artist › #1 AC/DC › albums › #1 For Those About To Rock… › tracks [+genre]")
        XCTAssertTrue(lines[1].hasSuffix(" 1/3 · ◀ col 9/10 ─"), lines[1])  // + selected the first genre column
        XCTAssertEqual(app.state.rows?.columns.suffix(2).map(\.header), ["genre.GenreId", "genre.Name"])
        XCTAssertTrue(lines[2].contains("genre.GenreId │ genre.Name"), lines[2])
        XCTAssertTrue(lines[5].contains("∅"), lines[5])  // Let's Get It Up has no genre
        XCTAssertTrue(lines.contains { $0.contains("LEFT JOIN \"Genre\"") })

        keys.append(.character("t"))
        (app, terminal) = try run(keys)
        lines = try XCTUnwrap(terminal.screen).textLines()
        XCTAssertTrue(lines[1].hasSuffix(" 1/2 · ◀ col 9/10 ─"), lines[1])
        XCTAssertTrue(lines.contains { $0.contains("FROM \"Track\" JOIN \"Genre\"") })
        XCTAssertEqual(app.state.rows?.totalCount, 2)

        keys += [.character("t"), .backspace, .backspace]
        (app, terminal) = try run(keys)
        XCTAssertEqual(try XCTUnwrap(terminal.screen).textLines()[0], "mini › Artist")
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        XCTAssertEqual(app.state.focus, .links)
    }

    func testLinkCountsOfTheSelectedRowAndRecordViewWithIncludedColumns() throws {
        let (app, terminal) = try run([.enter, .tab])
        let lines = try XCTUnwrap(terminal.screen).textLines()
        XCTAssertTrue(lines.contains { $0.hasPrefix("⇉ albums 2 hasMany Album") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("⇶ tracks 4 hasManyThrou") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("↣ artistBio hasOne") })
        XCTAssertEqual(app.state.selectedLinkCounts, ["albums": 2, "tracks": 4])

        let (_, record) = try run([.enter, .tab, .character("+"), .character("v")], width: 60, height: 12)
        let recordLines = try XCTUnwrap(record.screen).textLines()
        XCTAssertTrue(recordLines.contains { $0.hasPrefix("artistBio.Text     │ Australian rock band") }, recordLines.joined(separator: "\n"))
    }
}
