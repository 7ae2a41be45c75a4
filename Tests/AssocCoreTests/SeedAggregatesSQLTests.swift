import XCTest

@testable import AssocCore

/// GRDB's Associations guide, "Association Aggregates": every SQL example of the chapter, on `SeedSchemas.authors()`:
///
///     author 1 Ann: books A1 novel 2005 (price 10, awards 1), A2 novel 2012 (20, 0), A3 theatrePlay 2001 (30, 2); no painting
///     author 2 Ben: book B1 theatrePlay 1999 (5, NULL); paintings P1, P2
///     author 3 Cid: nothing
///     author 4 Dan: painting P3
final class SeedAggregatesSQLTests: XCTestCase {
    let author = Table("author")
    let join = #"FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id""#
    let joins = #"FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id" LEFT JOIN "painting" ON "painting"."authorId" = "author"."id""#

    private func ids(_ rows: [Row]) -> [DatabaseValue?] { rows.map { $0["id"] } }

    // MARK: Association Aggregates (introduction)

    /// `Author.having(Author.books.isEmpty)` and `isEmpty == false` (lazy and productive authors).
    func testAssociationAggregates_lazyAndProductiveAuthors() throws {
        let db = try SeedSchemas.authors()
        let lazy = author.having(author.books.isEmpty).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: lazy).sql,
            #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") = 0 ORDER BY "author"."id""#)
        XCTAssertEqual(ids(try db.fetchAll(lazy)), [3, 4])
        let productive = author.having(author.books.isEmpty == false).order(Column("id"))
        XCTAssertEqual(ids(try db.fetchAll(productive)), [1, 2])
    }

    /// `Author.annotated(with: Author.books.count)`: `bookCount`.
    func testAssociationAggregates_annotatedWithCount() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.count)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" \#(join) GROUP BY "author"."id""#)
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0["bookCount"] }, [3, 1, 0, 0])
        XCTAssertEqual(rows.first?.columnNames, ["id", "name", "country", "bookCount"])
        XCTAssertTrue(rows.allSatisfy { $0.scopes.isEmpty })
    }

    // MARK: Annotating a Request with Aggregates

    /// `Author.annotated(with: Author.books.count, Author.books.max(Column("year")))`.
    func testAnnotatingARequestWithAggregates_countAndMaxYear() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.count, author.books.max(Column("year"))).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount", MAX("book"."year") AS "maxBookYear" \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0["bookCount"] }, [3, 1, 0, 0])
        XCTAssertEqual(rows.map { $0["maxBookYear"] }, [2012, 1999, .null, .null])
    }

    /// The table of default names: hasNoBook, bookCount, minBookYear, maxBookYear, averageBookPrice, bookAwardsSum.
    func testAnnotatingARequestWithAggregates_defaultNames() throws {
        let db = try SeedSchemas.authors()
        let books = author.books
        let request =
            author
            .annotated(
                with: books.isEmpty, books.count, books.min(Column("year")), books.max(Column("year")),
                books.average(Column("price")), books.sum(Column("awards"))
            )
            .order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") = 0 AS "hasNoBook", COUNT(DISTINCT "book"."id") AS "bookCount", MIN("book"."year") AS "minBookYear", MAX("book"."year") AS "maxBookYear", AVG("book"."price") AS "averageBookPrice", SUM("book"."awards") AS "bookAwardsSum" \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.first?.columnNames,
            ["id", "name", "country", "hasNoBook", "bookCount", "minBookYear", "maxBookYear", "averageBookPrice", "bookAwardsSum"])
        XCTAssertEqual(rows.map { $0["hasNoBook"] }, [0, 0, 1, 1])
        XCTAssertEqual(rows.map { $0["minBookYear"] }, [2001, 1999, .null, .null])
        XCTAssertEqual(rows.map { $0["averageBookPrice"] }, [20.0, 5.0, .null, .null])
        XCTAssertEqual(rows.map { $0["bookAwardsSum"] }, [3, .null, .null, .null])
    }

    /// `total(column)`: TOTAL never returns NULL; named like sum.
    func testAnnotatingARequestWithAggregates_total() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.total(Column("awards"))).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, TOTAL("book"."awards") AS "bookAwardsSum" \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#)
        XCTAssertEqual(try db.fetchAll(request).map { $0["bookAwardsSum"] }, [3.0, 0.0, 0.0, 0.0])
    }

    /// `Author.books.count.forKey("numberOfBooks")`.
    func testAnnotatingARequestWithAggregates_forKeyNumberOfBooks() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.count.forKey("numberOfBooks")).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "numberOfBooks" \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#)
        XCTAssertEqual(try db.fetchAll(request).map { $0["numberOfBooks"] }, [3, 1, 0, 0])
    }

    /// `(Author.books.isEmpty == false).forKey("hasBooks")`. GRDB writes `COUNT(DISTINCT book.id) > 0`;
    /// ours compares the isEmpty test with a bound false, which means the same.
    func testAnnotatingARequestWithAggregates_forKeyHasBooks() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: (author.books.isEmpty == false).forKey("hasBooks")).order(Column("id"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".*, (COUNT(DISTINCT "book"."id") = 0) = ? AS "hasBooks" \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#)
        XCTAssertEqual(statement.arguments, [0])
        XCTAssertEqual(try db.fetchAll(request).map { $0["hasBooks"] }, [1, 1, 0, 0])
    }

    /// `(Author.books.count + Author.paintings.count).forKey("workCount")`.
    func testAnnotatingARequestWithAggregates_forKeyWorkCount() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: (author.books.count + author.paintings.count).forKey("workCount")).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") + COUNT(DISTINCT "painting"."id") AS "workCount" \#(joins) GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["workCount"] }, [3, 3, 0, 1])
    }

    /// A modified aggregate loses its default name (here `!isEmpty`).
    func testAnnotatingARequestWithAggregates_operatorsDropTheName() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: !author.books.isEmpty).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, NOT (COUNT(DISTINCT "book"."id") = 0) \#(join) GROUP BY "author"."id" ORDER BY "author"."id""#)
        XCTAssertEqual(try db.fetchAll(request).map { $0.values.last }, [1, 1, 0, 0])
    }

    // MARK: Filtering a Request with Aggregates

    /// Authors who did not write any book.
    func testFilteringARequestWithAggregates_noBook() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.isEmpty)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") = 0"#)
        XCTAssertEqual(ids(try db.fetchAll(request.order(Column("id")))), [3, 4])
    }

    /// Authors who wrote at least one book: `isEmpty == false` (GRDB: `COUNT(DISTINCT book.id) > 0`).
    func testFilteringARequestWithAggregates_atLeastOneBook() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.isEmpty == false)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") = 0) = ?"#)
        XCTAssertEqual(statement.arguments, [0])
        XCTAssertEqual(ids(try db.fetchAll(request.order(Column("id")))), [1, 2])
    }

    /// Authors who wrote at least two books.
    func testFilteringARequestWithAggregates_atLeastTwoBooks() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.count >= 2)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(statement.sql, #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") >= ?"#)
        XCTAssertEqual(statement.arguments, [2])
        XCTAssertEqual(ids(try db.fetchAll(request)), [1])
    }

    /// Authors who wrote at least one book after 2010 (also the "comparison operators" example).
    func testFilteringARequestWithAggregates_bookAfter2010() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.max(Column("year")) >= 2010)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(statement.sql, #"SELECT "author".* \#(join) GROUP BY "author"."id" HAVING MAX("book"."year") >= ?"#)
        XCTAssertEqual(statement.arguments, [2010])
        XCTAssertEqual(ids(try db.fetchAll(request)), [1])
    }

    /// Authors who wrote at least one novel: the association filter goes in ON.
    func testFilteringARequestWithAggregates_atLeastOneNovel() throws {
        let db = try SeedSchemas.authors()
        let novels = author.books.filter(Column("kind") == "novel")
        let request = author.having(novels.isEmpty == false)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".* FROM "author" LEFT JOIN "book" ON ("book"."authorId" = "author"."id") AND ("book"."kind" = ?) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") = 0) = ?"#
        )
        XCTAssertEqual(statement.arguments, ["novel", 0])
        XCTAssertEqual(ids(try db.fetchAll(request)), [1])
    }

    /// Authors who wrote more books than they made paintings.
    func testFilteringARequestWithAggregates_moreBooksThanPaintings() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.count > author.paintings.count)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".* \#(joins) GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") > COUNT(DISTINCT "painting"."id")"#)
        XCTAssertEqual(ids(try db.fetchAll(request)), [1])
    }

    /// Authors who wrote no book, but made at least one painting.
    func testFilteringARequestWithAggregates_noBookButPaintings() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.isEmpty && !author.paintings.isEmpty)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".* \#(joins) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") = 0) AND (NOT (COUNT(DISTINCT "painting"."id") = 0))"#
        )
        XCTAssertEqual(ids(try db.fetchAll(request)), [4])
    }

    /// Two `having` calls are AND-ed.
    func testFilteringARequestWithAggregates_twoHavingsAreAnded() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.count > 0).having(author.paintings.count > 0)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".* \#(joins) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") > ?) AND (COUNT(DISTINCT "painting"."id") > ?)"#)
        XCTAssertEqual(statement.arguments, [0, 0])
        XCTAssertEqual(ids(try db.fetchAll(request)), [2])
    }

    // MARK: Aggregate Operations

    /// Logical `&&`: authors with neither book nor painting.
    func testAggregateOperations_logicalAnd() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(author.books.isEmpty && author.paintings.isEmpty)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".* \#(joins) GROUP BY "author"."id" HAVING (COUNT(DISTINCT "book"."id") = 0) AND (COUNT(DISTINCT "painting"."id") = 0)"#)
        XCTAssertEqual(ids(try db.fetchAll(request)), [3])
    }

    /// Logical `||` and `!`.
    func testAggregateOperations_logicalOrAndNot() throws {
        let db = try SeedSchemas.authors()
        let request = author.having(!(author.books.isEmpty || author.paintings.isEmpty)).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".* \#(joins) GROUP BY "author"."id" HAVING NOT ((COUNT(DISTINCT "book"."id") = 0) OR (COUNT(DISTINCT "painting"."id") = 0)) ORDER BY "author"."id""#
        )
        XCTAssertEqual(ids(try db.fetchAll(request)), [2])
        let either = author.having(author.books.isEmpty || author.paintings.isEmpty).order(Column("id"))
        XCTAssertEqual(ids(try db.fetchAll(either)), [1, 3, 4])
    }

    /// Arithmetic: `Author.annotated(with: (books.count + paintings.count).forKey("workCount"))`, and `-`, `*`.
    func testAggregateOperations_arithmetic() throws {
        let db = try SeedSchemas.authors()
        let balance = (author.books.count - author.paintings.count * 2).forKey("balance")
        let request = author.annotated(with: balance).order(Column("id"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") - (COUNT(DISTINCT "painting"."id") * ?) AS "balance" \#(joins) GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        XCTAssertEqual(statement.arguments, [2])
        XCTAssertEqual(try db.fetchAll(request).map { $0["balance"] }, [3, -3, 0, -2])
    }

    /// IFNULL: `Team.annotated(with: Team.players.min(Column("score")) ?? 0)` keeps the default name.
    func testAggregateOperations_ifNull() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let request = team.annotated(with: team.players.min(Column("score")) ?? 0)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "team".*, IFNULL(MIN("player"."score"), ?) AS "minPlayerScore" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#
        )
        XCTAssertEqual(statement.arguments, [0])
        // Reds: MIN(50, 80, NULL) = 50; Blues: 30; Greens: no player → 0.
        XCTAssertEqual(try db.fetchAll(request.order(Column("id"))).map { $0["minPlayerScore"] }, [50, 30, 0])
    }

    // MARK: Isolation of Multiple Aggregates

    /// min and max from the same association share one join.
    func testIsolationOfMultipleAggregates_minAndMaxShareOneJoin() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.min(Column("year")), author.books.max(Column("year")))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, MIN("book"."year") AS "minBookYear", MAX("book"."year") AS "maxBookYear" \#(join) GROUP BY "author"."id""#)
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0["minBookYear"] }, [2001, 1999, .null, .null])
        XCTAssertEqual(rows.map { $0["maxBookYear"] }, [2012, 1999, .null, .null])
    }

    /// books and paintings have distinct keys: two joins, correct counts.
    func testIsolationOfMultipleAggregates_booksAndPaintings() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: (author.books.count + author.paintings.count).forKey("workCount"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") + COUNT(DISTINCT "painting"."id") AS "workCount" \#(joins) GROUP BY "author"."id""#)
        XCTAssertEqual(try db.fetchAll(request.order(Column("id"))).map { $0["workCount"] }, [3, 3, 0, 1])
    }

    /// novels and theatre plays with `forKey` on the association: `book1`, `book2`, default names from the keys.
    func testIsolationOfMultipleAggregates_novelsAndTheatrePlaysWithForKey() throws {
        let db = try SeedSchemas.authors()
        let novelCount = author.books.filter(Column("kind") == "novel").forKey("novels").count
        let theatrePlayCount = author.books.filter(Column("kind") == "theatrePlay").forKey("theatrePlays").count
        let request = author.annotated(with: novelCount, theatrePlayCount)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".*, COUNT(DISTINCT "book1"."id") AS "novelCount", COUNT(DISTINCT "book2"."id") AS "theatrePlayCount" FROM "author" LEFT JOIN "book" "book1" ON ("book1"."authorId" = "author"."id") AND ("book1"."kind" = ?) LEFT JOIN "book" "book2" ON ("book2"."authorId" = "author"."id") AND ("book2"."kind" = ?) GROUP BY "author"."id""#
        )
        XCTAssertEqual(statement.arguments, ["novel", "theatrePlay"])
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0["novelCount"] }, [2, 0, 0, 0])
        XCTAssertEqual(rows.map { $0["theatrePlayCount"] }, [1, 1, 0, 0])
    }

    /// The WRONG example: one key "books", so one join whose filters are AND-ed (and counts of 0).
    func testIsolationOfMultipleAggregates_wrongSharedKey() throws {
        let db = try SeedSchemas.authors()
        let novelCount = author.books.filter(Column("kind") == "novel").count.forKey("novelCount")
        let theatrePlayCount = author.books.filter(Column("kind") == "theatrePlay").count.forKey("theatrePlayCount")
        let request = author.annotated(with: novelCount, theatrePlayCount)
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "novelCount", COUNT(DISTINCT "book"."id") AS "theatrePlayCount" FROM "author" LEFT JOIN "book" ON ("book"."authorId" = "author"."id") AND ("book"."kind" = ?) AND ("book"."kind" = ?) GROUP BY "author"."id""#
        )
        XCTAssertEqual(statement.arguments, ["novel", "theatrePlay"])
        XCTAssertEqual(try db.fetchAll(request).map { $0["novelCount"] }, [0, 0, 0, 0])
    }

    // MARK: Aggregates over through associations, and joins

    /// HasManyThrough aggregate: `Country.citizens.count` (two LEFT JOINs). The country key is TEXT, so the
    /// group is the rowid, as GRDB does.
    func testAssociationAggregates_hasManyThroughCount() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let request = country.annotated(with: country.citizens.count).order(Column("code"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "country".*, COUNT(DISTINCT "citizen"."id") AS "citizenCount" FROM "country" LEFT JOIN "passport" ON "passport"."countryCode" = "country"."code" LEFT JOIN "citizen" ON "citizen"."id" = "passport"."citizenId" GROUP BY "country"."rowid" ORDER BY "country"."code""#
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["citizenCount"] }, [0, 2, 2])
    }

    /// HasManyThrough aggregate over two hasMany steps: `Document.paragraphs.count`.
    func testAssociationAggregates_documentParagraphCount() throws {
        let db = try SeedSchemas.documents()
        let document = Table("document")
        let request = document.annotated(with: document.paragraphs.count).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "document".*, COUNT(DISTINCT "paragraph"."id") AS "paragraphCount" FROM "document" LEFT JOIN "section" ON "section"."documentId" = "document"."id" LEFT JOIN "paragraph" ON "paragraph"."sectionId" = "section"."id" GROUP BY "document"."id" ORDER BY "document"."id""#
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["paragraphCount"] }, [3, 0])
    }

    /// An aggregate merged with a required join of the same key: the join becomes inner, as in GRDB 7.
    func testAssociationAggregates_forcingAnInnerJoin() throws {
        let db = try SeedSchemas.authors()
        let request = author.annotated(with: author.books.max(Column("year"))).joining(required: author.books).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "author".*, MAX("book"."year") AS "maxBookYear" FROM "author" JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["maxBookYear"] }, [2012, 1999])
    }

    /// Aggregates combined with a WHERE filter on the base table (WHERE before GROUP BY).
    func testAssociationAggregates_filterAndOrderByAggregate() throws {
        let db = try SeedSchemas.authors()
        let request =
            author
            .annotated(with: author.paintings.count)
            .filter(Column("country") != "FR")
            .order(Column("id"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "author".*, COUNT(DISTINCT "painting"."id") AS "paintingCount" FROM "author" LEFT JOIN "painting" ON "painting"."authorId" = "author"."id" WHERE "author"."country" <> ? GROUP BY "author"."id" ORDER BY "author"."id""#
        )
        XCTAssertEqual(statement.arguments, ["FR"])
        // Dan has NULL country: `<> 'FR'` is not true for him.
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, [.text("Ben")])
        XCTAssertEqual(try db.fetchAll(request).map { $0["paintingCount"] }, [2])
        // Ordering by an aggregate: joined and grouped as annotations are (one join for both, same key).
        let ordered = author.annotated(with: author.paintings.count).order(author.paintings.count.desc, Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: ordered).sql,
            #"SELECT "author".*, COUNT(DISTINCT "painting"."id") AS "paintingCount" FROM "author" LEFT JOIN "painting" ON "painting"."authorId" = "author"."id" GROUP BY "author"."id" ORDER BY COUNT(DISTINCT "painting"."id") DESC, "author"."id""#
        )
        // Paintings: Ben 2, Dan 1, Ann and Cid none.
        XCTAssertEqual(try db.fetchAll(ordered).map { $0["name"] }, ["Ben", "Dan", "Ann", "Cid"])
    }
}
