import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Prefetches, aggregates, filters, sorts and typed requests through the real data source, on the
/// Chinook-like fixture (AC/DC: albums 1 and 4; Accept: albums 2 and 3; Aerosmith: none; tracks 4
/// and 7 have no genre).
final class QueryDataSourceTests: XCTestCase {
    func source() throws -> RequestDataSource { RequestDataSource(database: try ChinookFixture.database()) }

    func testPrefetchAddsACountColumnTheChildRowsAndASecondStatement() throws {
        let view = RequestView(request: Table("Artist").including(all: Table("Artist").albums))
        let page = try source().browsePage(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.columns.map(\.header), ["ArtistId", "Name", "albums (n)"])
        XCTAssertEqual(page.columns.last?.source, .prefetchCount)
        XCTAssertEqual(page.columns.last?.joinPath, [0])
        XCTAssertEqual(page.rows, [[1, "AC/DC", 2], [2, "Accept", 2], [3, "Aerosmith", 0]])
        XCTAssertEqual(page.rootColumnCount, 2)
        XCTAssertEqual(
            page.statements.map(\.sql),
            [
                "SELECT * FROM \"Artist\" ORDER BY \"ArtistId\" LIMIT 50",
                "SELECT *, \"ArtistId\" FROM \"Album\" WHERE \"ArtistId\" IN (…)"
            ])
        // The statements are the page's plan: the parent keys are not among the arguments.
        XCTAssertEqual(page.statements.last?.arguments, [])
        XCTAssertEqual(page.prefetched.count, 3)
        XCTAssertEqual(
            page.prefetched.first,
            [
                PrefetchedRows(
                    key: "albums", columns: ["AlbumId", "Title", "ArtistId"],
                    rows: [[1, "For Those About To Rock We Salute You", 1], [4, "Let There Be Rock", 1]])
            ])
        XCTAssertEqual(page.prefetched.last?.first?.rows, [])
    }

    func testASortOnAnAggregatePagesByKeysetInHaving() throws {
        // Tracks per album: 1 → 3, 2 → 1, 3 → 2, 4 → 1. Sorted by the count, descending, then the key.
        let count = Table("Album").association("tracks").count
        var request = Table("Album").all
        request.relation.annotations.append(count)
        let view = RequestView(request: request.order(Ordering(count, descending: true)))
        let source = try source()
        let first = try source.browsePage(of: view, offset: 0, limit: 2, totalCount: nil)
        XCTAssertTrue(first.paging.hasPrefix("keyset paging on "), first.paging)
        XCTAssertEqual(first.rows.map { $0.first }, [1, 3])
        // The next page starts after (2 tracks, album 3): a condition on the aggregate, in HAVING.
        let second = try source.browsePage(of: view, offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(second.rows.map { $0.first }, [2, 4])
        let sql = try XCTUnwrap(second.statements.first?.sql)
        XCTAssertTrue(sql.contains("HAVING"), sql)
        XCTAssertFalse(sql.contains("OFFSET"), sql)
        // Backwards from the end, as G then PgUp read it.
        let count4 = try source.browseCount(of: view).count
        XCTAssertEqual(count4, 4)
        XCTAssertEqual(try source.browsePage(of: view, offset: 1, limit: 2, totalCount: 4).rows.map { $0.first }, [3, 2])
    }

    func testPrefetchThroughALink() throws {
        let view = RequestView(request: Table("Artist").including(all: Table("Artist").tracks))  // hasManyThrough albums
        let page = try source().browsePage(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.last }, [4, 3, 0])
        XCTAssertEqual(page.prefetched.first?.first?.rows.map { $0.first }, [1, 5, 6, 7])
        XCTAssertEqual(page.statements.count, 2)
        XCTAssertTrue(page.statements.last?.sql.contains("JOIN \"Album\"") ?? false, page.statements.last?.sql ?? "")
    }

    func testAggregateAndHaving() throws {
        var view = RequestView(request: Table("Artist").annotated(with: Table("Artist").albums.count))
        view.request = view.request.adding(filter: try RequestBuilder.build(RequestParser.parseExpression("albums.count >= 2")))
        XCTAssertEqual(view.request.relation.filters, [])
        XCTAssertEqual(view.request.relation.havings.count, 1)
        let source = try source()
        let page = try source.browsePage(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.columns.map(\.header), ["ArtistId", "Name", "albumCount"])
        XCTAssertEqual(page.columns.last?.source, .annotation(0))
        XCTAssertEqual(page.rows, [[1, "AC/DC", 2], [2, "Accept", 2]])
        XCTAssertEqual(
            page.statements.first?.sql,
            """
            SELECT "Artist".*, COUNT(DISTINCT "Album"."AlbumId") AS "albumCount" FROM "Artist" \
            LEFT JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" GROUP BY "Artist"."ArtistId" \
            HAVING COUNT(DISTINCT "Album"."AlbumId") >= ? ORDER BY "Artist"."ArtistId" LIMIT 50
            """)
        XCTAssertEqual(try source.requestText(for: view), "Artist.annotated(with: albums.count).having(albums.count >= 2)")
        // max of a numeric column of the destination.
        let tracks = RequestView(request: Table("Album").annotated(with: Table("Album").tracks.max(Column("Milliseconds"))))
        let maxima = try source.browsePage(of: tracks, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(maxima.columns.last?.header, "maxTrackMilliseconds")
        XCTAssertEqual(maxima.rows.map { $0.last }, [343719, 342562, 252051, 331180])
    }

    func testFilterAndSortOnAnIncludedColumnGoThroughItsAlias() throws {
        let source = try source()
        var view = RequestView(request: Table("Track").including(optional: Table("Track").genre))
        let tree = try source.db.scopeTree(of: view.request)
        let column = try XCTUnwrap(try source.browsePage(of: view, offset: 0, limit: 1, totalCount: nil).columns.first { $0.header == "genre.Name" })
        XCTAssertEqual(column.joinPath, [0])
        // `s` on the column: its join gets an alias, the order goes through it.
        guard case .success(let target) = ColumnTarget.target(of: column, in: view.request) else { return XCTFail() }
        view.request = target.request.cyclingSort(on: target.expression).request
        // `/genre.Name = 'Rock'`: the name the grid shows is the alias.
        let filter = try RequestBuilder.build(RequestParser.parseExpression("genre.Name = 'Rock'"))
        view.request = FilterQualifiers.resolving(filter, in: view.request, tree: tree).adding(filter: filter)
        let page = try source.browsePage(of: view, offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [1, 2, 3, 5, 6])
        XCTAssertEqual(
            page.statements.first?.sql,
            """
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
        let view = RequestView.followed("tracks", from: "Album", key: 1, to: "Track")
        let text = try source.requestText(for: view)
        XCTAssertEqual(text, "Album.filter(key: 1).request(for: tracks)")
        let typed = try source.view(parsing: text + ".including(optional: genre)", from: view)
        XCTAssertEqual(typed.request, view.request.including(optional: Table("Track").genre))
        XCTAssertEqual(typed.title, "tracks")
    }

    func testUnstructuredRequestIsKeptRawAndPagedOnItsKey() throws {
        let source = try source()
        let typed = try source.view(parsing: "Artist.joining(required: albums).distinct()", from: RequestView(table: "Artist"))
        XCTAssertEqual(typed.request, Table("Artist").joining(required: Table("Artist").albums).distinct())
        let page = try source.browsePage(of: typed, offset: 0, limit: 1, totalCount: nil)
        XCTAssertEqual(page.rows, [[1, "AC/DC"]])
        let next = try source.browsePage(of: typed, offset: 1, limit: 5, totalCount: nil)
        XCTAssertEqual(next.rows, [[2, "Accept"]])
        XCTAssertEqual(
            next.statements.first?.sql,
            """
            SELECT DISTINCT "Artist".* FROM "Artist" JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" \
            WHERE "Artist"."ArtistId" > ? ORDER BY "Artist"."ArtistId" LIMIT 5
            """)
        XCTAssertEqual(next.paging, "keyset paging on ArtistId")
        XCTAssertEqual(try source.requestText(for: typed), "Artist.distinct().joining(required: albums)")
    }

    func testTypedLimitFramesThePages() throws {
        let source = try source()
        let typed = try source.view(parsing: "Album.limit(3, offset: 1)", from: nil)
        XCTAssertEqual(typed.request, Table("Album").limit(3, offset: 1))
        let page = try source.browsePage(of: typed, offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [2, 3])
        XCTAssertEqual(page.paging, "keyset paging on AlbumId")
        XCTAssertEqual(page.statements.first?.sql, #"SELECT * FROM "Album" ORDER BY "AlbumId" LIMIT 2 OFFSET 1"#)
        // The next page starts after album 3, and takes the one row the limit has left.
        let next = try source.browsePage(of: typed, offset: 2, limit: 2, totalCount: nil)
        XCTAssertEqual(next.rows.map { $0.first }, [4])
        XCTAssertEqual(next.statements.first?.sql, #"SELECT * FROM "Album" WHERE "AlbumId" > ? ORDER BY "AlbumId" LIMIT 1"#)
        XCTAssertEqual(next.statements.first?.arguments, [3])
        XCTAssertEqual(try source.browseCount(of: typed).count, 3)
        // The last rows of a view its limit cuts (`G` once counted): reached from its first row.
        let cut = try source.view(parsing: "Album.limit(2)", from: nil)
        let last = try RequestDataSource(database: source.db).browsePage(of: cut, offset: 1, limit: 1, totalCount: 2)
        XCTAssertEqual(last.rows.map { $0.first }, [2])
        XCTAssertEqual(last.statements.first?.sql, #"SELECT * FROM "Album" ORDER BY "AlbumId" LIMIT 1 OFFSET 1"#)
        XCTAssertEqual(last.paging, "OFFSET paging: the last rows of the request's limit, counted from its first row")
        XCTAssertFalse(last.isKeyset, "G waits for the count: the end of the table is not the end of the limit")
    }

    /// A composite WITHOUT ROWID key ends the order of a sorted view: keyset paging on
    /// (sort, a, b), each page one range of the row-value order.
    func testACompositeKeyPagesByKeyset() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE edge (a INTEGER NOT NULL, b INTEGER NOT NULL, w INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO edge VALUES (2, 1, 5), (1, 2, 5), (1, 1, 7), (3, 3, NULL);
            """)
        let source = RequestDataSource(database: db)
        let view = RequestView(request: Table("edge").order(Column("w")))
        var rows: [[DatabaseValue]] = []
        for offset in 0..<5 {
            let page = try source.browsePage(of: view, offset: offset, limit: 1, totalCount: nil)
            XCTAssertEqual(page.paging, "keyset paging on w, a, b")
            if offset == 2 {
                // After (w 5, a 1, b 2), the second row, range by range: the same w and a with a
                // larger b (none), then the same w with a larger a.
                XCTAssertEqual(
                    page.statements.map(\.sql),
                    [
                        #"SELECT * FROM "edge" WHERE ("w" = ?) AND ("a" = ?) AND ("b" > ?) ORDER BY "w", "a", "b" LIMIT 1"#,
                        #"SELECT * FROM "edge" WHERE ("w" = ?) AND ("a" > ?) ORDER BY "w", "a", "b" LIMIT 1"#
                    ])
                XCTAssertEqual(page.statements.map(\.arguments), [[5, 1, 2], [5, 1]])
            }
            rows += page.rows
        }
        // NULL first, then w 5 by (a, b), then 7.
        XCTAssertEqual(rows, [[3, 3, .null], [1, 2, 5], [2, 1, 5], [1, 1, 7]])
        XCTAssertEqual(try source.browseJump(toKey: "2", in: view).position, 2)
    }

    /// A sort on a table joined without its columns, or on an SQL snippet, pages by keyset: the
    /// value is selected under a hidden name the grid leaves out.
    func testSortsOnAJoinedColumnOrASnippetPageByKeyset() throws {
        let source = try source()
        // Albums by their artist's name, descending: Accept (2, 3), AC/DC (1, 4).
        let joined = try source.view(parsing: "Album.joining(required: artist.aliased(\"a\")).order(a.Name.desc)", from: nil)
        // Albums by the length of their title: 17 (2), 17 (3), 17 (4), 37 (1).
        let snippet = RequestView(request: Table("Album").order(sql: "length(Title)"))
        for (view, expected, note) in [
            (joined, [2, 3, 1, 4], "keyset paging on a.Name DESC, AlbumId"),
            (snippet, [2, 3, 4, 1], "keyset paging on sql: 'length(Title)', AlbumId")
        ] {
            var rows: [DatabaseValue?] = []
            var statements: [String] = []
            while rows.count < 4 {
                let page = try source.browsePage(of: view, offset: rows.count, limit: 1, totalCount: nil)
                XCTAssertEqual(page.paging, note)
                XCTAssertEqual(page.columns.map(\.name), ["AlbumId", "Title", "ArtistId"])
                if page.rows.isEmpty { break }
                rows += page.rows.map(\.first)
                statements += page.statements.map(\.sql)
            }
            XCTAssertEqual(rows, expected.map { .integer(Int64($0)) }, note)
            XCTAssertFalse(statements.contains { $0.contains("OFFSET") }, "\(statements)")
        }
    }

    func testParseErrorsCarryTheirColumn() throws {
        let source = try source()
        XCTAssertThrowsError(try source.view(parsing: "Artist.filter(Name = )", from: nil)) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.column, 22)
        }
        XCTAssertThrowsError(try source.check(RequestView(request: Table("Artist").filter(Column("Nmae"))))) { error in
            XCTAssertTrue("\(error)".contains("Nmae"), "\(error)")
        }
    }

    /// `/ trackCount > 20` on a view annotated with tracks.count: checked, the condition goes to
    /// HAVING (the request line and the SQL pane say so) and the view's rows come.
    func testAFilterOnAnAggregateAnnotationIsCheckedIntoHaving() throws {
        let source = try source()
        let album = Table("Album")
        let view = RequestView(request: album.annotated(with: album.tracks.count).filter(Column("trackCount") > 1))
        let checked = try source.check(view)
        XCTAssertEqual(checked.request, album.annotated(with: album.tracks.count).having(Column("trackCount") > 1))
        XCTAssertEqual(try source.requestText(for: checked), "Album.annotated(with: tracks.count).having(trackCount > 1)")
        let page = try source.browsePage(of: checked, offset: 0, limit: 50, totalCount: nil)
        let counts = try source.page(of: RequestView(request: album.annotated(with: album.tracks.count)), offset: 0, limit: 50, totalCount: nil)
        XCTAssertEqual(page.rows.count, counts.rows.filter { ($0.last.flatMap { if case .integer(let n) = $0 { n } else { nil } } ?? 0) > 1 }.count)
        XCTAssertFalse(page.rows.isEmpty)
        XCTAssertTrue(page.statements.contains { $0.sql.contains(#"HAVING "trackCount" > ?"#) }, "\(page.statements)")
    }

    func testNumericColumnsLeaveKeysOut() throws {
        let schema = try source().graph.schema
        XCTAssertEqual(schema.table(named: "Track")?.numericValueColumns, ["Milliseconds", "UnitPrice"])
        XCTAssertEqual(schema.table(named: "Artist")?.numericValueColumns, [])
    }

    func testNumericDeclaredTypes() {
        for type in ["INTEGER", "int", "BIGINT", "REAL", "float", "DOUBLE PRECISION", "NUMERIC", "decimal(10,2)", "UNSIGNED BIG INT"] {
            XCTAssertTrue(ColumnInfo(name: "c", declaredType: type, notNull: false).declaresNumber, type)
        }
        for type in ["", "TEXT", "VARCHAR(20)", "BLOB", "DATE", "BOOLEAN", "IN", "NU"] {
            XCTAssertFalse(ColumnInfo(name: "c", declaredType: type, notNull: false).declaresNumber, type)
        }
    }
}

extension QueryDataSourceTests {
    /// A followed through link (Artist → tracks through albums) prints as `request(for:)`; methods
    /// typed after it still apply, and errors point into the whole text.
    func testMethodsTypedAfterAFollowedThroughLink() throws {
        let source = try source()
        let view = RequestView.followed("tracks", from: "Artist", key: 1, to: "Track")
        let text = try source.requestText(for: view)
        XCTAssertEqual(text, "Artist.filter(key: 1).request(for: tracks)")
        let typed = try source.view(parsing: text + ".filter(GenreId IS NULL)", from: view)
        XCTAssertEqual(typed.title, "tracks")
        XCTAssertEqual(typed.request, view.request.filter(Column("GenreId") == nil))
        // AC/DC's tracks (albums 1 and 4: tracks 1, 5, 6, 7) without genre: 7.
        let page = try source.browsePage(of: typed, offset: 0, limit: 10, totalCount: nil)
        XCTAssertEqual(page.rows.map { $0.first }, [7])
        XCTAssertThrowsError(try source.view(parsing: text + ".filter(GenreId = )", from: view)) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.column, text.count + 19)  // the ")" after "= "
        }
    }
}
