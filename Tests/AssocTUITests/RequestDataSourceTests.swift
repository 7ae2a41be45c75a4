import XCTest
import AssocCore
@testable import AssocTUI

final class RequestDataSourceTests: XCTestCase {
    func source() throws -> RequestDataSource { RequestDataSource(database: try ChinookFixture.database()) }

    func testFirstPageIsKeysetOnTheIntegerPrimaryKey() throws {
        let source = try source()
        let page = try source.page(of: BrowserView(table: "Artist"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["ArtistId", "Name"])
        XCTAssertEqual(page.rows, [[1, "AC/DC"], [2, "Accept"]])
        XCTAssertEqual(page.statements, [ExecutedStatement(sql: "SELECT * FROM \"Artist\" ORDER BY \"ArtistId\" LIMIT 2", arguments: [])])
        XCTAssertEqual(page.paging, "keyset paging on ArtistId")
        // The next page starts after the last key seen: no OFFSET.
        let next = try source.page(of: BrowserView(table: "Artist"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[3, "Aerosmith"]])
        XCTAssertEqual(next.statements.first?.sql, "SELECT * FROM \"Artist\" WHERE \"ArtistId\" > ? ORDER BY \"ArtistId\" LIMIT 2")
        XCTAssertEqual(next.statements.first?.arguments, [2])
    }

    func testLastPageReadsBackwardsFromTheEnd() throws {
        let source = try source()
        let page = try source.page(of: BrowserView(table: "Track"), offset: 5, limit: 10, totalCount: 7)
        XCTAssertEqual(page.offset, 5)
        XCTAssertEqual(page.rows.map { $0.first }, [6, 7])
        XCTAssertEqual(page.statements.first?.sql, "SELECT * FROM \"Track\" ORDER BY \"TrackId\" DESC LIMIT 2")
    }

    func testHiddenRowidIsSelectedForPagingAndNotShown() throws {
        let source = try source()
        let page = try source.page(of: BrowserView(table: "PlaylistTrack"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.columns, ["PlaylistId", "TrackId"])
        XCTAssertEqual(page.rows, [[1, 1], [1, 2]])
        XCTAssertEqual(page.statements.first?.sql,
                       "SELECT *, \"rowid\" AS \"assoc:rowid\" FROM \"PlaylistTrack\" ORDER BY \"rowid\" LIMIT 2")
        let next = try source.page(of: BrowserView(table: "PlaylistTrack"), offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows, [[1, 6]])
        XCTAssertEqual(next.statements.first?.arguments, [2])
    }

    func testViewsPageWithOffsetAndSaySo() throws {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3); CREATE VIEW v AS SELECT x FROM t")
        let source = try RequestDataSource(connection: connection)
        let page = try source.page(of: BrowserView(table: "v"), offset: 1, limit: 5, totalCount: nil)
        XCTAssertEqual(page.rows, [[2], [3]])
        XCTAssertEqual(page.statements.first?.sql, "SELECT * FROM \"v\" LIMIT 5 OFFSET 1")
        XCTAssertEqual(page.paging, "OFFSET paging: a view has no key")
        XCTAssertEqual(try source.countRows(ofTable: "v"), 3)
    }

    func testIncludeOptionalThenRequiredChangesRowsCountAndJoin() throws {
        let source = try source()
        let follow = FollowedLink(table: "Album", link: "tracks", columns: ["AlbumId", "Title", "ArtistId"],
                                  values: [1, "For Those About To Rock We Salute You", 1], rowLabel: "#1")
        var view = BrowserView(table: "Track", title: "tracks", follow: follow)
        view = view.adding(IncludedAssociation(name: "genre", origin: "Track", destination: "Genre"), under: [])
        let optional = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(optional.rows.count, 3)
        XCTAssertEqual(Array(optional.columns.suffix(2)), ["genre.GenreId", "genre.Name"])
        XCTAssertEqual(optional.rootColumnCount, 8)
        XCTAssertEqual(optional.rows.map { $0.last }, ["Rock", "Rock", .null])
        XCTAssertTrue(optional.statements.first?.sql.contains("LEFT JOIN \"Genre\"") ?? false)
        XCTAssertEqual(try source.count(of: view).count, 3)

        let required = view.togglingInclude(at: ["genre"])
        let page = try source.page(of: required, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [1, 6])
        let sql = try XCTUnwrap(page.statements.first?.sql)
        XCTAssertTrue(sql.contains(" JOIN \"Genre\"") && !sql.contains("LEFT JOIN"), sql)
        let count = try source.count(of: required)
        XCTAssertEqual(count.count, 2)
        XCTAssertTrue(count.statement.sql.hasPrefix("SELECT COUNT(*) FROM (SELECT"))
    }

    func testChainedIncludeNestsColumns() throws {
        let source = try source()
        var view = BrowserView(table: "Track")
        view = view.adding(IncludedAssociation(name: "album", origin: "Track", destination: "Album"), under: [])
        view = view.adding(IncludedAssociation(name: "artist", origin: "Album", destination: "Artist"), under: ["album"])
        let page = try source.page(of: view, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(Array(page.columns.suffix(5)), ["album.AlbumId", "album.Title", "album.ArtistId", "album.artist.ArtistId", "album.artist.Name"])
        XCTAssertEqual(page.rows.first?.last, "AC/DC")
        XCTAssertEqual(view.removingInclude(at: ["album", "artist"]).includes,
                       [IncludedAssociation(name: "album", origin: "Track", destination: "Album")])
    }

    func testLinkCountsOfOneRow() throws {
        let source = try source()
        let counts = try source.linkCounts(of: BrowserView(table: "Artist"), columns: ["ArtistId", "Name"],
                                           values: [1, "AC/DC"], links: ["albums", "tracks"])
        XCTAssertEqual(counts, ["albums": 2, "tracks": 4])
    }
}
