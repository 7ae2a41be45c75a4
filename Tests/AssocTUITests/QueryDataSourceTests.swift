import XCTest
import AssocCore
@testable import AssocTUI

/// Prefetches, aggregates, filters, sorts and typed requests through the real data source, on the
/// Chinook-like fixture (AC/DC: albums 1 and 4; Accept: albums 2 and 3; Aerosmith: none; tracks 4
/// and 7 have no genre).
final class QueryDataSourceTests: XCTestCase {
    func source() throws -> RequestDataSource { RequestDataSource(database: try ChinookFixture.database()) }

    let genre = IncludedAssociation(name: "genre", origin: "Track", destination: "Genre")

    func testPrefetchAddsACountColumnTheChildRowsAndASecondStatement() throws {
        var view = BrowserView(table: "Artist")
        view.prefetches = ["albums"]
        let page = try source().page(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.columns, ["ArtistId", "Name", "albums (n)"])
        XCTAssertEqual(page.rows, [[1, "AC/DC", 2], [2, "Accept", 2], [3, "Aerosmith", 0]])
        XCTAssertEqual(page.rootColumnCount, 2)
        XCTAssertEqual(page.statements.map(\.sql), [
            "SELECT * FROM \"Artist\" ORDER BY \"ArtistId\" LIMIT 50",
            "SELECT *, \"ArtistId\" FROM \"Album\" WHERE \"ArtistId\" IN (…)",
        ])
        // The statements are the page's plan: the parent keys are not among the arguments.
        XCTAssertEqual(page.statements.last?.arguments, [])
        XCTAssertEqual(page.prefetched.count, 3)
        XCTAssertEqual(page.prefetched.first, [PrefetchedRows(
            key: "albums", columns: ["AlbumId", "Title", "ArtistId"],
            rows: [[1, "For Those About To Rock We Salute You", 1], [4, "Let There Be Rock", 1]])])
        XCTAssertEqual(page.prefetched.last?.first?.rows, [])
    }

    func testPrefetchThroughALink() throws {
        var view = BrowserView(table: "Artist")
        view.prefetches = ["tracks"]  // hasManyThrough albums
        let page = try source().page(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.last }, [4, 3, 0])
        XCTAssertEqual(page.prefetched.first?.first?.rows.map { $0.first }, [1, 5, 6, 7])
        XCTAssertEqual(page.statements.count, 2)
        XCTAssertTrue(page.statements.last?.sql.contains("JOIN \"Album\"") ?? false, page.statements.last?.sql ?? "")
    }

    func testAggregateAndHaving() throws {
        var view = BrowserView(table: "Artist")
        view.aggregates = [AggregateColumn(link: "albums")]
        view = view.adding(filter: try RequestParser.parseExpression("albums.count >= 2"))
        XCTAssertEqual(view.filters, [])
        XCTAssertEqual(view.havings.count, 1)
        let source = try source()
        let page = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.columns, ["ArtistId", "Name", "albumCount"])
        XCTAssertEqual(page.rows, [[1, "AC/DC", 2], [2, "Accept", 2]])
        XCTAssertEqual(page.statements.first?.sql, """
            SELECT "Artist".*, COUNT(DISTINCT "Album"."AlbumId") AS "albumCount" FROM "Artist" \
            LEFT JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" GROUP BY "Artist"."ArtistId" \
            HAVING COUNT(DISTINCT "Album"."AlbumId") >= ? ORDER BY "Artist"."ArtistId" LIMIT 50
            """)
        XCTAssertEqual(try source.requestText(for: view), "Artist.annotated(with: albums.count).having(albums.count >= 2)")
        // max of a numeric column of the destination.
        var tracks = BrowserView(table: "Album")
        tracks.aggregates = [AggregateColumn(link: "tracks", function: .max, column: "Milliseconds")]
        let maxima = try source.page(of: tracks, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(maxima.columns.last, "maxTrackMilliseconds")
        XCTAssertEqual(maxima.rows.map { $0.last }, [343719, 342562, 252051, 331180])
    }

    func testFilterAndSortOnAnIncludedColumnGoThroughItsAlias() throws {
        var view = BrowserView(table: "Track").adding(genre, under: [])
        view = view.cyclingSort(.column("Name", qualifier: "genre"), column: "genre.Name")
        view = view.adding(filter: try RequestParser.parseExpression("genre.Name = 'Rock'"))
        let source = try source()
        let page = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [1, 2, 3, 5, 6])
        XCTAssertEqual(page.statements.first?.sql, """
            SELECT "Track".*, "genre".* FROM "Track" LEFT JOIN "Genre" "genre" ON "genre"."GenreId" = "Track"."GenreId" \
            WHERE "genre"."Name" = ? ORDER BY "genre"."Name", "Track"."TrackId" LIMIT 50
            """)
        XCTAssertEqual(page.statements.first?.arguments, ["Rock"])
        // A sort on an included column pages by keyset too: (genre.Name, TrackId), NULLs first.
        XCTAssertEqual(page.paging, "keyset paging on genre.Name, TrackId")
        // The request line shows the view without the tie-breaker, and parses back to the same view.
        let text = try source.requestText(for: view)
        XCTAssertEqual(text, "Track.including(optional: genre.aliased(\"genre\")).filter(genre.Name = 'Rock').order(genre.Name)")
        XCTAssertEqual(try source.view(parsing: text, from: view), view)
    }

    func testTypedIncludeOnAFollowedViewKeepsTheFollowAndBecomesAnInclude() throws {
        let source = try source()
        let follow = FollowedLink(table: "Album", link: "tracks", columns: ["AlbumId", "Title", "ArtistId"],
                                  values: [1, "For Those About To Rock We Salute You", 1], rowLabel: "#1")
        let view = BrowserView(table: "Track", title: "tracks", follow: follow)
        let text = try source.requestText(for: view)
        XCTAssertEqual(text, "Album.filter(key: 1).request(for: tracks)")
        let typed = try source.view(parsing: text + ".including(optional: genre)", from: view)
        XCTAssertEqual(typed, view.adding(genre, under: []))
    }

    func testUnstructuredRequestIsKeptRawAndPagedOnItsKey() throws {
        let source = try source()
        let typed = try source.view(parsing: "Artist.joining(required: albums).distinct()", from: BrowserView(table: "Artist"))
        XCTAssertEqual(typed.rawRequest, "Artist.joining(required: albums).distinct()")
        let page = try source.page(of: typed, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(page.rows, [[1, "AC/DC"]])
        let next = try source.page(of: typed, offset: 1, limit: 5, totalCount: nil)
        XCTAssertEqual(next.rows, [[2, "Accept"]])
        XCTAssertEqual(next.statements.first?.sql, """
            SELECT DISTINCT "Artist".* FROM "Artist" JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" \
            WHERE "Artist"."ArtistId" > ? ORDER BY "Artist"."ArtistId" LIMIT 5
            """)
        XCTAssertEqual(next.paging, "keyset paging on ArtistId")
        XCTAssertEqual(try source.requestText(for: typed), "Artist.joining(required: albums).distinct()")
    }

    func testTypedLimitFramesThePages() throws {
        let source = try source()
        let typed = try source.view(parsing: "Album.limit(3, offset: 1)", from: nil)
        XCTAssertEqual(typed.rawRequest, "Album.limit(3, offset: 1)")
        let page = try source.page(of: typed, offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [2, 3])
        XCTAssertEqual(page.paging, "OFFSET paging: the request has a limit")
        let next = try source.page(of: typed, offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows.map { $0.first }, [4])
        XCTAssertEqual(try source.count(of: typed).count, 3)
    }

    func testParseErrorsCarryTheirColumn() throws {
        let source = try source()
        XCTAssertThrowsError(try source.view(parsing: "Artist.filter(Name = )", from: nil)) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.column, 22)
        }
        XCTAssertThrowsError(try source.check(BrowserView(table: "Artist").adding(filter: .column("Nmae")))) { error in
            XCTAssertTrue("\(error)".contains("Nmae"), "\(error)")
        }
    }

    func testNumericColumnsLeaveKeysOut() throws {
        let columns = try source().numericColumns()
        XCTAssertEqual(columns["Track"], ["Milliseconds", "UnitPrice"])
        XCTAssertEqual(columns["Artist"], [])
    }

    func testNumericDeclaredTypes() {
        for type in ["INTEGER", "int", "BIGINT", "REAL", "float", "DOUBLE PRECISION", "NUMERIC", "decimal(10,2)", "UNSIGNED BIG INT"] {
            XCTAssertTrue(RequestDataSource.isNumeric(declaredType: type), type)
        }
        for type in ["", "TEXT", "VARCHAR(20)", "BLOB", "DATE", "BOOLEAN", "IN", "NU"] {
            XCTAssertFalse(RequestDataSource.isNumeric(declaredType: type), type)
        }
    }
}

extension QueryDataSourceTests {
    /// A followed through link (Artist → tracks through albums) prints as `request(for:)`; methods
    /// typed after it still apply, and errors point into the whole text.
    func testMethodsTypedAfterAFollowedThroughLink() throws {
        let source = try source()
        let follow = FollowedLink(table: "Artist", link: "tracks", columns: ["ArtistId", "Name"], values: [1, "AC/DC"], rowLabel: "#1 AC/DC")
        let view = BrowserView(table: "Track", title: "tracks", follow: follow)
        let text = try source.requestText(for: view)
        XCTAssertEqual(text, "Artist.filter(key: 1).request(for: tracks)")
        let typed = try source.view(parsing: text + ".filter(GenreId IS NULL)", from: view)
        XCTAssertEqual(typed.follow, follow)
        XCTAssertEqual(typed.filters, [ExpressionSyntax(.isNull(.column("GenreId"), negated: false))])
        // AC/DC's tracks (albums 1 and 4: tracks 1, 5, 6, 7) without genre: 7.
        let page = try source.page(of: typed, offset: 0, limit: 10, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [7])
        XCTAssertThrowsError(try source.view(parsing: text + ".filter(GenreId = )", from: view)) { error in
            XCTAssertEqual((error as? RequestSyntaxError)?.column, text.count + 19)  // the ")" after "= "
        }
    }
}
