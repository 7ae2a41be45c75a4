import XCTest

@testable import AssocCore

extension XCTestCase {
    /// Parses `text` with the request language and checks that it runs exactly the statements of the
    /// Swift request `swift` (SQL and arguments, prefetch statements included) and fetches the same
    /// rows (compared through their debug description: values, scopes and prefetched rows). Returns
    /// the rows of the parsed request, for the hand-written value checks of the caller.
    @discardableResult
    func assertLanguageTwin(
        _ db: Database, _ text: String, _ swift: Request, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [Row] {
        let parsed = try db.request(parsing: text)
        let expected = try db.executedStatements(for: swift)
        let actual = try db.executedStatements(for: parsed)
        XCTAssertEqual(actual.map(\.sql), expected.map(\.sql), "SQL of \(text)", file: file, line: line)
        XCTAssertEqual(actual.map(\.arguments), expected.map(\.arguments), "arguments of \(text)", file: file, line: line)
        let rows = try db.fetchAll(parsed)
        XCTAssertEqual(rows.map(\.debugDescription), try db.fetchAll(swift).map(\.debugDescription), "rows of \(text)", file: file, line: line)
        return rows
    }
}

/// The request-language twins of `SeedAggregatesSQLTests` and of the aggregate tests of
/// `SeedFetchingValuesSQLTests`: same statements, same rows, same hand-checked values.
/// Data (`SeedSchemas.authors()`): Ann 1 (books A1 novel 2005, A2 novel 2012, A3 theatrePlay 2001;
/// awards 1, 0, 2; prices 10, 20, 30), Ben 2 (B1 theatrePlay 1999, price 5, awards NULL; 2 paintings),
/// Cid 3 (nothing), Dan 4 (1 painting).
final class SeedLanguageAggregatesTests: XCTestCase {
    let author = Table("author")
    let join = #"FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id""#

    private func ids(_ rows: [Row]) -> [DatabaseValue?] { rows.map { $0["id"] } }

    func testLazyAndProductiveAuthors() throws {
        let db = try SeedSchemas.authors()
        let lazy = try assertLanguageTwin(
            db, "author.having(books.isEmpty).order(id)",
            author.having(author.books.isEmpty).order(Column("id")))
        XCTAssertEqual(
            try db.mainStatement(for: db.request(parsing: "author.having(books.isEmpty).order(id)")).sql,
            #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") = 0 ORDER BY "author"."id""#)
        XCTAssertEqual(ids(lazy), [3, 4])
        let productive = try assertLanguageTwin(
            db, "author.having(books.isEmpty = false).order(id)",
            author.having(author.books.isEmpty == false).order(Column("id")))
        XCTAssertEqual(ids(productive), [1, 2])
    }

    func testAnnotatedWithCount() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: books.count).order(id)",
            author.annotated(with: author.books.count).order(Column("id")))
        XCTAssertEqual(rows.map { $0["bookCount"] }, [3, 1, 0, 0])
        XCTAssertEqual(rows.first?.columnNames, ["id", "name", "country", "bookCount"])
    }

    func testCountAndMaxYear() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: books.count, books.max(year)).order(id)",
            author.annotated(with: author.books.count, author.books.max(Column("year"))).order(Column("id")))
        XCTAssertEqual(rows.map { $0["bookCount"] }, [3, 1, 0, 0])
        XCTAssertEqual(rows.map { $0["maxBookYear"] }, [2012, 1999, .null, .null])
    }

    func testDefaultNames() throws {
        let db = try SeedSchemas.authors()
        let books = author.books
        let swift =
            author
            .annotated(
                with: books.isEmpty, books.count, books.min(Column("year")), books.max(Column("year")),
                books.average(Column("price")), books.sum(Column("awards"))
            )
            .order(Column("id"))
        let rows = try assertLanguageTwin(
            db,
            """
            author.annotated(with: books.isEmpty, books.count, books.min(year), books.max(year),
                             books.average(price), books.sum(awards)).order(id)
            """, swift)
        XCTAssertEqual(
            rows.first?.columnNames,
            ["id", "name", "country", "hasNoBook", "bookCount", "minBookYear", "maxBookYear", "averageBookPrice", "bookAwardsSum"])
        XCTAssertEqual(rows.map { $0["hasNoBook"] }, [0, 0, 1, 1])
        XCTAssertEqual(rows.map { $0["minBookYear"] }, [2001, 1999, .null, .null])
        XCTAssertEqual(rows.map { $0["averageBookPrice"] }, [20.0, 5.0, .null, .null])
        XCTAssertEqual(rows.map { $0["bookAwardsSum"] }, [3, .null, .null, .null])
    }

    func testTotal() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: books.total(awards)).order(id)",
            author.annotated(with: author.books.total(Column("awards"))).order(Column("id")))
        XCTAssertEqual(rows.map { $0["bookAwardsSum"] }, [3.0, 0.0, 0.0, 0.0])
    }

    func testForKeyNumberOfBooks() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, #"author.annotated(with: books.count.forKey("numberOfBooks")).order(id)"#,
            author.annotated(with: author.books.count.forKey("numberOfBooks")).order(Column("id")))
        XCTAssertEqual(rows.map { $0["numberOfBooks"] }, [3, 1, 0, 0])
    }

    func testForKeyHasBooks() throws {
        let db = try SeedSchemas.authors()
        let text = #"author.annotated(with: (books.isEmpty = FALSE).forKey("hasBooks")).order(id)"#
        let rows = try assertLanguageTwin(
            db, text,
            author.annotated(with: (author.books.isEmpty == false).forKey("hasBooks")).order(Column("id")))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, [0])
        XCTAssertEqual(rows.map { $0["hasBooks"] }, [1, 1, 0, 0])
    }

    func testForKeyWorkCount() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, #"author.annotated(with: (books.count + paintings.count).forKey("workCount")).order(id)"#,
            author.annotated(with: (author.books.count + author.paintings.count).forKey("workCount")).order(Column("id")))
        XCTAssertEqual(rows.map { $0["workCount"] }, [3, 3, 0, 1])
    }

    func testOperatorsDropTheName() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: NOT books.isEmpty).order(id)",
            author.annotated(with: !author.books.isEmpty).order(Column("id")))
        XCTAssertEqual(rows.map { $0.values.last }, [1, 1, 0, 0])
        try assertLanguageTwin(
            db, "author.annotated(with: !books.isEmpty).order(id)",
            author.annotated(with: !author.books.isEmpty).order(Column("id")))
    }

    // MARK: Filtering a Request with Aggregates

    func testHavingAtLeastTwoBooks() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(db, "author.having(books.count >= 2)", author.having(author.books.count >= 2))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: "author.having(books.count >= 2)")).arguments, [2])
        XCTAssertEqual(ids(rows), [1])
    }

    func testHavingBookAfter2010() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(db, "author.having(books.max(year) >= 2010)", author.having(author.books.max(Column("year")) >= 2010))
        XCTAssertEqual(ids(rows), [1])
    }

    func testHavingAtLeastOneNovel() throws {
        let db = try SeedSchemas.authors()
        let text = "author.having(books.filter(kind = 'novel').isEmpty = false)"
        let rows = try assertLanguageTwin(db, text, author.having(author.books.filter(Column("kind") == "novel").isEmpty == false))
        let statement = try db.mainStatement(for: db.request(parsing: text))
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".* FROM "author" LEFT JOIN "book" ON ("book"."authorId" = "author"."id") AND ("book"."kind" = ?) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") = 0) = ?"#
        )
        XCTAssertEqual(statement.arguments, ["novel", 0])
        XCTAssertEqual(ids(rows), [1])
    }

    func testHavingMoreBooksThanPaintings() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.having(books.count > paintings.count)",
            author.having(author.books.count > author.paintings.count))
        XCTAssertEqual(ids(rows), [1])
    }

    func testHavingNoBookButPaintings() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.having(books.isEmpty AND NOT paintings.isEmpty)",
            author.having(author.books.isEmpty && !author.paintings.isEmpty))
        XCTAssertEqual(ids(rows), [4])
    }

    func testTwoHavingsAreAnded() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.having(books.count > 0).having(paintings.count > 0)",
            author.having(author.books.count > 0).having(author.paintings.count > 0))
        XCTAssertEqual(ids(rows), [2])
    }

    // MARK: Aggregate Operations

    func testLogicalAnd() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.having(books.isEmpty && paintings.isEmpty)",
            author.having(author.books.isEmpty && author.paintings.isEmpty))
        XCTAssertEqual(ids(rows), [3])
    }

    func testLogicalOrAndNot() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.having(NOT (books.isEmpty OR paintings.isEmpty)).order(id)",
            author.having(!(author.books.isEmpty || author.paintings.isEmpty)).order(Column("id")))
        XCTAssertEqual(ids(rows), [2])
        let either = try assertLanguageTwin(
            db, "author.having(books.isEmpty || paintings.isEmpty).order(id)",
            author.having(author.books.isEmpty || author.paintings.isEmpty).order(Column("id")))
        XCTAssertEqual(ids(either), [1, 3, 4])
    }

    func testArithmetic() throws {
        let db = try SeedSchemas.authors()
        let text = #"author.annotated(with: (books.count - paintings.count * 2).forKey("balance")).order(id)"#
        let rows = try assertLanguageTwin(
            db, text,
            author.annotated(with: (author.books.count - author.paintings.count * 2).forKey("balance")).order(Column("id")))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, [2])
        XCTAssertEqual(rows.map { $0["balance"] }, [3, -3, 0, -2])
    }

    func testIfNull() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let rows = try assertLanguageTwin(
            db, "team.annotated(with: players.min(score) ?? 0).order(id)",
            team.annotated(with: team.players.min(Column("score")) ?? 0).order(Column("id")))
        XCTAssertEqual(rows.map { $0["minPlayerScore"] }, [50, 30, 0])
    }

    // MARK: Isolation of Multiple Aggregates

    func testMinAndMaxShareOneJoin() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: books.min(year), books.max(year)).order(id)",
            author.annotated(with: author.books.min(Column("year")), author.books.max(Column("year"))).order(Column("id")))
        XCTAssertEqual(rows.map { $0["minBookYear"] }, [2001, 1999, .null, .null])
        XCTAssertEqual(rows.map { $0["maxBookYear"] }, [2012, 1999, .null, .null])
    }

    func testNovelsAndTheatrePlaysWithForKey() throws {
        let db = try SeedSchemas.authors()
        let text = """
            author.annotated(with: books.filter(kind = 'novel').forKey("novels").count,
                                   books.filter(kind = 'theatrePlay').forKey("theatrePlays").count).order(id)
            """
        let swift = author.annotated(
            with: author.books.filter(Column("kind") == "novel").forKey("novels").count,
            author.books.filter(Column("kind") == "theatrePlay").forKey("theatrePlays").count
        ).order(Column("id"))
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(
            try db.mainStatement(for: db.request(parsing: text)).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book1"."id") AS "novelCount", COUNT(DISTINCT "book2"."id") AS "theatrePlayCount" FROM "author" LEFT JOIN "book" "book1" ON ("book1"."authorId" = "author"."id") AND ("book1"."kind" = ?) LEFT JOIN "book" "book2" ON ("book2"."authorId" = "author"."id") AND ("book2"."kind" = ?) GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        XCTAssertEqual(rows.map { $0["novelCount"] }, [2, 0, 0, 0])
        XCTAssertEqual(rows.map { $0["theatrePlayCount"] }, [1, 1, 0, 0])
    }

    func testWrongSharedKey() throws {
        let db = try SeedSchemas.authors()
        let text = """
            author.annotated(with: books.filter(kind = 'novel').count.forKey("novelCount"),
                                   books.filter(kind = 'theatrePlay').count.forKey("theatrePlayCount"))
            """
        let swift = author.annotated(
            with: author.books.filter(Column("kind") == "novel").count.forKey("novelCount"),
            author.books.filter(Column("kind") == "theatrePlay").count.forKey("theatrePlayCount"))
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, ["novel", "theatrePlay"])
        XCTAssertEqual(rows.map { $0["novelCount"] }, [0, 0, 0, 0])
    }

    // MARK: Through associations, joins, WHERE

    func testHasManyThroughCount() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let rows = try assertLanguageTwin(
            db, "country.annotated(with: citizens.count).order(code)",
            country.annotated(with: country.citizens.count).order(Column("code")))
        XCTAssertEqual(rows.map { $0["citizenCount"] }, [0, 2, 2])
    }

    func testDocumentParagraphCount() throws {
        let db = try SeedSchemas.documents()
        let document = Table("document")
        let rows = try assertLanguageTwin(
            db, "document.annotated(with: paragraphs.count).order(id)",
            document.annotated(with: document.paragraphs.count).order(Column("id")))
        XCTAssertEqual(rows.map { $0["paragraphCount"] }, [3, 0])
    }

    func testForcingAnInnerJoin() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: books.max(year)).joining(required: books).order(id)",
            author.annotated(with: author.books.max(Column("year"))).joining(required: author.books).order(Column("id")))
        XCTAssertEqual(rows.map { $0["maxBookYear"] }, [2012, 1999])
    }

    func testFilterAndOrderByAggregate() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.annotated(with: paintings.count).filter(country != 'FR').order(id)",
            author.annotated(with: author.paintings.count).filter(Column("country") != "FR").order(Column("id")))
        XCTAssertEqual(rows.map { $0["name"] }, [.text("Ben")])
        XCTAssertEqual(rows.map { $0["paintingCount"] }, [2])
        let ordered = try assertLanguageTwin(
            db, "author.annotated(with: paintings.count).order(paintings.count.desc, id)",
            author.annotated(with: author.paintings.count).order(author.paintings.count.desc, Column("id")))
        XCTAssertEqual(ordered.map { $0["name"] }, ["Ben", "Dan", "Ann", "Cid"])
    }

    // MARK: SeedFetchingValuesSQLTests

    func testMergedWithAliasedRequiredJoin() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let custom = TableAlias("custom")
        let swift =
            team
            .annotated(with: team.players.count)
            .joining(required: team.players.aliased(custom).filter(custom["score"] < 60))
            .order(Column("id"))
        let text = #"team.annotated(with: players.count).joining(required: players.aliased("custom").filter(custom.score < 60)).order(id)"#
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(rows.map { $0["playerCount"] }, [1, 1])
    }

    /// The Swift test declares `team.hasMany(Table("player"), key: "customPlayers")`; the language cannot
    /// declare associations, so its twin renames the inferred `players` with forKey.
    func testDefaultNameFromCustomKey() throws {
        let db = try SeedSchemas.teams()
        let renamed = try assertLanguageTwin(
            db, #"team.annotated(with: players.forKey("customPlayers").count).order(id)"#,
            Table("team").annotated(with: Table("team").players.forKey("customPlayers").count).order(Column("id")))
        XCTAssertEqual(renamed.map { $0["customPlayerCount"] }, [3, 1, 0])
        let rows = try assertLanguageTwin(
            db, #"team.annotated(with: players.filter(id IS NOT NULL).forKey("customPlayers").count).order(id)"#,
            Table("team").annotated(with: Table("team").players.filter(Column("id").isNotNull).forKey("customPlayers").count).order(Column("id")))
        XCTAssertEqual(rows.map { $0["customPlayerCount"] }, [3, 1, 0])
    }
}
