import XCTest

@testable import AssocCore

/// GRDB's Associations guide, "Building Requests from Associations": Joining And Prefetching, Combining,
/// Filtering and Sorting Associations. Schema and rows: `SeedSchemas.library()`.
final class SeedBuildingRequestsSQLTests: XCTestCase {
    let book = Table("book"), person = Table("person"), country = Table("country")

    private func ids(_ rows: [Row]) -> [DatabaseValue?] { rows.map { $0["id"] } }

    // MARK: Joining And Prefetching Associated Records

    /// `Book.including(required: Book.author)`: `SELECT book.*, person.* FROM book JOIN person ON person.id = book.authorId`
    func testJoiningAndPrefetching_includingRequiredAuthor() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#)
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Alice"), .text("Bob"), .text("Alice"), .text("Carol")])
        XCTAssertEqual(rows.first?.columnNames, ["id", "authorId", "translatorId", "libraryId", "title", "kind", "year", "publishDate"])
        XCTAssertEqual(rows.first?.scope("author")?.columnNames, ["id", "name", "countryCode", "deathDate"])
    }

    /// `Book.order(Column("title")).including(required: Book.author)`: the base ordering, qualified.
    func testJoiningAndPrefetching_orderedByTitleIncludingAuthor() throws {
        let db = try SeedSchemas.library()
        let request = book.order(Column("title")).including(required: book.author)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."title""#)
        let rows = try db.fetchAll(request)
        // Alpha(2), Beta(4), Mid(3), Zeta(1)
        XCTAssertEqual(ids(rows), [2, 4, 3, 1])
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Bob"), .text("Carol"), .text("Alice"), .text("Alice")])
    }

    /// `Book.joining(required: Book.author.filter(Column("countryCode") == "FR"))`: French authors' books, no author columns.
    func testJoiningAndPrefetching_joiningRequiredFrenchAuthor() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(required: book.author.filter(Column("countryCode") == "FR"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".* FROM "book" JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."countryCode" = ?)"#)
        XCTAssertEqual(statement.arguments, ["FR"])
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 3])
        XCTAssertTrue(rows.allSatisfy { $0.scopes.isEmpty })
    }

    /// `Book.including(optional: Book.author)`: a left join; every book comes back.
    func testJoiningAndPrefetching_includingOptionalAuthor() throws {
        let db = try SeedSchemas.library()
        let request = book.including(optional: book.author)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId""#)
        XCTAssertEqual(try db.fetchAll(request).count, 4)
    }

    /// 000: `Book.joining(optional: Book.author.filter(Column("countryCode") == "FR"))` "is just another way to tell Book.all()".
    func testJoiningAndPrefetching_joiningOptionalFilteredIsAllBooks() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(optional: book.author.filter(Column("countryCode") == "FR"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".* FROM "book" LEFT JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."countryCode" = ?)"#)
        XCTAssertEqual(statement.arguments, ["FR"])
        XCTAssertEqual(ids(try db.fetchAll(request.order(Column("id")))), [1, 2, 3, 4])
    }

    /// `Author.including(all: Author.books)`: the main statement, then one prefetch statement.
    func testJoiningAndPrefetching_includingAllBooks() throws {
        let db = try SeedSchemas.authors()
        let author = Table("author")
        let request = author.including(all: author.books).order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "author" ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?, ?)"#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3, 4])
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("books")?.map { $0["title"] }.sorted { "\($0 as Any)" < "\($1 as Any)" } },
            [[.text("A1"), .text("A2"), .text("A3")], [.text("B1")], [], []])
        // The hidden grouping column is not part of the prefetched rows.
        XCTAssertEqual(rows.first?.prefetchedRows("books")?.first?.columnNames, ["id", "authorId", "title", "kind", "year", "price", "awards"])
    }

    // MARK: Combining Associations

    /// `Book.including(required: Book.author).including(optional: Book.translator)`: person1, person2.
    func testCombiningAssociations_authorAndTranslator() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author).including(optional: book.translator)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person1".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Alice"), .text("Bob"), .text("Alice"), .text("Carol")])
        XCTAssertEqual(rows.map { $0.scope("translator")?["name"] }, [.text("Carol"), nil, nil, .text("Bob")])
        XCTAssertEqual(rows.map { $0.scopes.map(\.key) }, Array(repeating: ["author", "translator"], count: 4))
    }

    /// The same with associations declared by hand with explicit foreign keys (the guide's Foreign Keys chapter).
    func testCombiningAssociations_declaredForeignKeys() throws {
        let db = try SeedSchemas.library()
        let author = book.belongsTo(person, key: "author", using: ForeignKey(["authorId"]))
        let translator = book.belongsTo(person, key: "translator", using: ForeignKey(["translatorId"]))
        let request = book.including(required: author).including(optional: translator)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person1".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("translator")?["id"] }, [3, nil, nil, 2])
    }

    /// Foreign Keys: `Person.writtenBooks` / `translatedBooks` reuse Book's foreign keys (hasMany using ForeignKey).
    func testForeignKeys_writtenAndTranslatedBooks() throws {
        let db = try SeedSchemas.library()
        let writtenBooks = person.hasMany(book, key: "writtenBooks", using: ForeignKey(["authorId"]))
        let translatedBooks = person.hasMany(book, key: "translatedBooks", using: ForeignKey(["translatorId"]))
        let request = person.joining(required: translatedBooks).including(required: writtenBooks).order(Column("id"))
        // Each person who translated a book, with each book they wrote (Carol: 1 written × 1 translated; Bob: 1 × 1).
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "person".*, "book2".* FROM "person" JOIN "book" "book1" ON "book1"."translatorId" = "person"."id" JOIN "book" "book2" ON "book2"."authorId" = "person"."id" ORDER BY "person"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(ids(rows), [2, 3])
        XCTAssertEqual(rows.map { $0.scope("writtenBook")?["title"] }, [.text("Alpha"), .text("Beta")])
    }

    /// Chaining: `Book.including(required: Book.author.including(optional: Person.country))`.
    func testCombiningAssociations_chaining() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author.including(optional: person.country))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".*, "country".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(
            rows.map { $0.scope("author")?.scope("country")?["name"] },
            [.text("France"), nil, .text("France"), .text("USA")])
        XCTAssertEqual(rows[1].scope("author")?["name"], .text("Bob"))
    }

    /// Chaining with `joining`: intermediate authors are not fetched.
    func testCombiningAssociations_joiningIntermediate() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(optional: book.author.including(optional: person.country))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["code"] }, [.text("FR"), nil, .text("FR"), .text("US")])
        XCTAssertEqual(rows.first?.scopeTree("author")?.columnNames ?? [], [])
    }

    /// HasOneThrough shortcut: `Book.including(optional: Book.country)` gives the same SQL as the chain.
    func testCombiningAssociations_hasOneThroughShortcut() throws {
        let db = try SeedSchemas.library()
        let bookCountry = book.hasOne(through: book.author, using: person.country, key: "country")
        let request = book.including(optional: bookCountry)
        let expected =
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode""#
        XCTAssertEqual(try db.mainStatement(for: request).sql, expected)
        // The inferred hasOneThrough `book.authorCountry` (book also reaches a country through its
        // translator) is the same association under the key "country".
        XCTAssertEqual(try db.mainStatement(for: book.including(optional: book.authorCountry.forKey("country"))).sql, expected)
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["name"] }, [.text("France"), nil, .text("France"), .text("USA")])
    }

    /// Required behind optional (the warning of Combining Associations): must work, as a parenthesized join.
    func testCombiningAssociations_requiredBehindOptional() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(optional: book.author.including(required: person.country))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN ("person" JOIN "country" ON "country"."code" = "person"."countryCode") ON "person"."id" = "book"."authorId""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        // Every book is kept; Bob (book 2) has no country.
        XCTAssertEqual(ids(rows), [1, 2, 3, 4])
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["code"] }, [.text("FR"), nil, .text("FR"), .text("US")])
    }

    // MARK: Filtering Associations

    /// `Book.joining(required: Book.author.filter(Column("countryCode") == "FR"))`: the filter goes in ON.
    func testFilteringAssociations_frenchAuthorInOnClause() throws {
        let db = try SeedSchemas.library()
        let frenchAuthor = book.author.filter(Column("countryCode") == "FR")
        let statement = try db.mainStatement(for: book.joining(required: frenchAuthor))
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".* FROM "book" JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."countryCode" = ?)"#)
        XCTAssertEqual(statement.arguments, ["FR"])
        XCTAssertEqual(ids(try db.fetchAll(book.joining(required: frenchAuthor).order(Column("title")))), [3, 1])
    }

    /// Two filters on one association are AND-ed in the ON clause, each parenthesized.
    func testFilteringAssociations_twoFiltersInOnClause() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author.filter(Column("countryCode") == "FR").filter(Column("deathDate") < 2000))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."countryCode" = ?) AND ("person"."deathDate" < ?)"#
        )
        XCTAssertEqual(statement.arguments, ["FR", 2000])
    }

    /// `Author.including(all: books.filter(kind == "novel").forKey("novels")).including(all: ...poems)`.
    func testFilteringAssociations_novelsAndPoemsPrefetch() throws {
        let db = try SeedSchemas.library()
        let books = person.booksAsAuthor
        let request =
            person
            .including(all: books.filter(Column("kind") == "novel").order(Column("title")).forKey("novels"))
            .including(all: books.filter(Column("kind") == "poems").order(Column("title")).forKey("poems"))
            .order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "person" ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE ("kind" = ?) AND ("authorId" IN (?, ?, ?, ?)) ORDER BY "title""#,
                #"SELECT *, "authorId" FROM "book" WHERE ("kind" = ?) AND ("authorId" IN (?, ?, ?, ?)) ORDER BY "title""#
            ])
        XCTAssertEqual(statements.map(\.arguments), [[], ["novel", 1, 2, 3, 4], ["poems", 1, 2, 3, 4]])
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("novels")?.map { $0["title"] } },
            [[.text("Mid"), .text("Zeta")], [], [.text("Beta")], []])
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("poems")?.map { $0["title"] } },
            [[], [.text("Alpha")], [], []])
    }

    // MARK: Sorting Associations

    /// `Book.including(required: Book.author.order(Column("name")))`: `ORDER BY person.name`.
    func testSortingAssociations_byAuthorName() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author.order(Column("name")))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "person"."name""#)
        XCTAssertEqual(
            try db.fetchAll(request).map { $0.scope("author")?["name"] },
            [.text("Alice"), .text("Alice"), .text("Bob"), .text("Carol")])
    }

    /// Base ordering first: `ORDER BY book.publishDate DESC, person.name`.
    func testSortingAssociations_baseOrderingFirst() throws {
        let db = try SeedSchemas.library()
        let request = book.including(required: book.author.order(Column("name"))).order(Column("publishDate").desc)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."publishDate" DESC, "person"."name""#
        )
        // 2010: Alpha (Bob), Beta (Carol); 2000: Zeta; 1980: Mid.
        XCTAssertEqual(ids(try db.fetchAll(request)), [2, 4, 1, 3])
    }

    /// Nested orderings follow the depth-first order of the joins.
    func testSortingAssociations_nestedOrderingsDepthFirst() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(required: book.author.order(Column("name").desc).including(optional: person.country.order(Column("name"))))
            .including(optional: book.translator.order(Column("name")))
            .order(Column("year"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person1".*, "country".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person1"."countryCode" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" ORDER BY "book"."year", "person1"."name" DESC, "country"."name", "person2"."name""#
        )
        // years 1980 (3), 2000 (1), 2010: Carol (4) before Bob (2).
        XCTAssertEqual(ids(try db.fetchAll(request)), [3, 1, 4, 2])
    }

    // MARK: The Structure of a Joined Request / Debugging Request Decoding

    /// `Book.including(required: Book.author.including(optional: Author.country)).including(optional: Book.coverImage)`.
    func testStructureOfAJoinedRequest_treeOfKeys() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(required: book.author.including(optional: person.country))
            .including(optional: book.coverImage)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".*, "country".*, "coverImage".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode" LEFT JOIN "coverImage" ON "coverImage"."bookId" = "book"."id""#
        )
        let rows = try db.fetchAll(request.order(Column("id")))
        XCTAssertEqual(rows.first?.scopes.map(\.key), ["author", "coverImage"])
        XCTAssertEqual(rows.first?.scope("author")?.scopes.map(\.key), ["country"])
        XCTAssertEqual(rows.map { $0.scope("coverImage")?["path"] }, [.text("z.png"), nil, nil, nil])
        // An optional scope with only NULLs reads as nil, but its columns are there.
        XCTAssertEqual(rows[1].scopes.last?.row.columnNames, ["id", "bookId", "path"])
    }

    /// The debug description of a joined row, with a prefetch (GRDB's `▿` format: the row, its unadapted columns, then `-` per scope and `+` per prefetch).
    func testDebuggingRequestDecoding_debugDescription() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(required: book.author.including(optional: person.country))
            .including(optional: book.coverImage)
            .filter(Column("id") == 1)
        let row = try XCTUnwrap(try db.fetchOne(request))
        XCTAssertEqual(
            row.debugDescription,
            """
            ▿ [id:1 authorId:1 translatorId:3 libraryId:1 title:"Zeta" kind:"novel" year:2000 publishDate:2000]
              unadapted: [id:1 authorId:1 translatorId:3 libraryId:1 title:"Zeta" kind:"novel" year:2000 publishDate:2000 id:1 name:"Alice" countryCode:"FR" deathDate:1990 code:"FR" name:"France" id:1 bookId:1 path:"z.png"]
              - author: [id:1 name:"Alice" countryCode:"FR" deathDate:1990]
                - country: [code:"FR" name:"France"]
              - coverImage: [id:1 bookId:1 path:"z.png"]
            """)
    }

    /// `Book.including(optional: Book.author.forKey("writer"))`: the customized key names the scope.
    func testDebuggingRequestDecoding_forKeyWriter() throws {
        let db = try SeedSchemas.library()
        let request = book.including(optional: book.author.forKey("writer")).filter(Column("id") == 2)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" WHERE "book"."id" = ?"#)
        let row = try XCTUnwrap(try db.fetchOne(request))
        XCTAssertEqual(row.scopes.map(\.key), ["writer"])
        XCTAssertEqual(row.scope("writer")?["name"], .text("Bob"))
        XCTAssertNil(row.scope("author"))
    }
}
