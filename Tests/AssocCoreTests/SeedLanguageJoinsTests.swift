import XCTest

@testable import AssocCore

/// The request-language twins of `SeedBuildingRequestsSQLTests` (schema and rows: `SeedSchemas.library()`):
/// same statements, same arguments, same rows as the Swift request, plus a hand-checked value.
/// Already twinned elsewhere: `testJoiningAndPrefetching_includingAllBooks` (SeedLanguagePrefetchTests.testAuthorBooks),
/// `testFilteringAssociations_novelsAndPoemsPrefetch` (SeedLanguagePrefetchTests.testNovelsAndPoems).
final class SeedLanguageJoinsTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    private func ids(_ rows: [Row]) -> [DatabaseValue?] { rows.map { $0["id"] } }

    func testJoiningAndPrefetching_includingRequiredAuthor() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author).order(id)",
            book.including(required: book.author).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Alice"), .text("Bob"), .text("Alice"), .text("Carol")])
    }

    func testJoiningAndPrefetching_orderedByTitleIncludingAuthor() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.order(title).including(required: author)",
            book.order(Column("title")).including(required: book.author))
        XCTAssertEqual(ids(rows), [2, 4, 3, 1])
    }

    func testJoiningAndPrefetching_joiningRequiredFrenchAuthor() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(required: author.filter(countryCode = 'FR')).order(id)",
            book.joining(required: book.author.filter(Column("countryCode") == "FR")).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 3])
    }

    func testJoiningAndPrefetching_includingOptionalAuthor() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(db, "book.including(optional: author)", book.including(optional: book.author))
        XCTAssertEqual(rows.count, 4)
    }

    func testJoiningAndPrefetching_joiningOptionalFilteredIsAllBooks() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author.filter(countryCode = 'FR')).order(id)",
            book.joining(optional: book.author.filter(Column("countryCode") == "FR")).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 2, 3, 4])
    }

    func testCombiningAssociations_authorAndTranslator() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author).including(optional: translator).order(id)",
            book.including(required: book.author).including(optional: book.translator).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("translator")?["name"] }, [.text("Carol"), nil, nil, .text("Bob")])
    }

    /// The Swift test declares `author`/`translator` by hand with `ForeignKey`: the language uses the inferred
    /// associations, which have the same keys and foreign keys, so the twin is compared with the hand-declared request.
    func testCombiningAssociations_declaredForeignKeys() throws {
        let db = try SeedSchemas.library()
        let author = book.belongsTo(person, key: "author", using: ForeignKey(["authorId"]))
        let translator = book.belongsTo(person, key: "translator", using: ForeignKey(["translatorId"]))
        let rows = try assertLanguageTwin(
            db, "book.including(required: author).including(optional: translator).order(id)",
            book.including(required: author).including(optional: translator).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("translator")?["id"] }, [3, nil, nil, 2])
    }

    /// The Swift test declares `writtenBooks`/`translatedBooks` by hand with `ForeignKey`: the language cannot,
    /// so the twin uses the inferred `booksAsAuthor`/`booksAsTranslator` renamed with `forKey`.
    func testForeignKeys_writtenAndTranslatedBooks() throws {
        let db = try SeedSchemas.library()
        let writtenBooks = person.hasMany(book, key: "writtenBooks", using: ForeignKey(["authorId"]))
        let translatedBooks = person.hasMany(book, key: "translatedBooks", using: ForeignKey(["translatorId"]))
        let rows = try assertLanguageTwin(
            db,
            """
            person.joining(required: booksAsTranslator.forKey("translatedBooks"))
                  .including(required: booksAsAuthor.forKey("writtenBooks")).order(id)
            """, person.joining(required: translatedBooks).including(required: writtenBooks).order(Column("id")))
        XCTAssertEqual(ids(rows), [2, 3])
        XCTAssertEqual(rows.map { $0.scope("writtenBook")?["title"] }, [.text("Alpha"), .text("Beta")])
    }

    func testCombiningAssociations_chaining() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.including(optional: country)).order(id)",
            book.including(required: book.author.including(optional: person.country)).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("author")?.scope("country")?["name"] }, [.text("France"), nil, .text("France"), .text("USA")])
    }

    func testCombiningAssociations_joiningIntermediate() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author.including(optional: country)).order(id)",
            book.joining(optional: book.author.including(optional: person.country)).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["code"] }, [.text("FR"), nil, .text("FR"), .text("US")])
    }

    /// The Swift test declares the hasOneThrough by hand; the language uses the inferred `book.authorCountry`
    /// under the same key (book also reaches a country through its translator: `translatorCountry`).
    func testCombiningAssociations_hasOneThroughShortcut() throws {
        let db = try SeedSchemas.library()
        let bookCountry = book.hasOne(through: book.author, using: person.country, key: "country")
        let rows = try assertLanguageTwin(
            db, "book.including(optional: authorCountry.forKey(\"country\")).order(id)",
            book.including(optional: bookCountry).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["name"] }, [.text("France"), nil, .text("France"), .text("USA")])
    }

    func testCombiningAssociations_requiredBehindOptional() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author.including(required: country)).order(id)",
            book.joining(optional: book.author.including(required: person.country)).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 2, 3, 4])
    }

    func testFilteringAssociations_frenchAuthorInOnClause() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(required: author.filter(countryCode = 'FR')).order(title)",
            book.joining(required: book.author.filter(Column("countryCode") == "FR")).order(Column("title")))
        XCTAssertEqual(ids(rows), [3, 1])
    }

    func testFilteringAssociations_twoFiltersInOnClause() throws {
        let db = try SeedSchemas.library()
        let text = "book.including(required: author.filter(countryCode = 'FR').filter(deathDate < 2000))"
        try assertLanguageTwin(
            db, text,
            book.including(required: book.author.filter(Column("countryCode") == "FR").filter(Column("deathDate") < 2000)))
        XCTAssertEqual(try db.mainStatement(for: db.request(parsing: text)).arguments, ["FR", 2000])
    }

    func testSortingAssociations_byAuthorName() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.order(name))",
            book.including(required: book.author.order(Column("name"))))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Alice"), .text("Alice"), .text("Bob"), .text("Carol")])
    }

    func testSortingAssociations_baseOrderingFirst() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.order(name)).order(publishDate.desc)",
            book.including(required: book.author.order(Column("name"))).order(Column("publishDate").desc))
        XCTAssertEqual(ids(rows), [2, 4, 1, 3])
    }

    func testSortingAssociations_nestedOrderingsDepthFirst() throws {
        let db = try SeedSchemas.library()
        let swift =
            book
            .including(required: book.author.order(Column("name").desc).including(optional: person.country.order(Column("name"))))
            .including(optional: book.translator.order(Column("name")))
            .order(Column("year"))
        let rows = try assertLanguageTwin(
            db,
            """
            book.including(required: author.order(name.desc).including(optional: country.order(name)))
                .including(optional: translator.order(name)).order(year)
            """, swift)
        XCTAssertEqual(ids(rows), [3, 1, 4, 2])
    }

    func testStructureOfAJoinedRequest_treeOfKeys() throws {
        let db = try SeedSchemas.library()
        let swift = book.including(required: book.author.including(optional: person.country))
            .including(optional: book.coverImage).order(Column("id"))
        let rows = try assertLanguageTwin(
            db,
            "book.including(required: author.including(optional: country)).including(optional: coverImage).order(id)", swift)
        XCTAssertEqual(rows.map { $0.scope("coverImage")?["path"] }, [.text("z.png"), nil, nil, nil])
    }

    func testDebuggingRequestDecoding_debugDescription() throws {
        let db = try SeedSchemas.library()
        let swift = book.including(required: book.author.including(optional: person.country))
            .including(optional: book.coverImage).filter(Column("id") == 1)
        let rows = try assertLanguageTwin(
            db,
            "book.including(required: author.including(optional: country)).including(optional: coverImage).filter(id = 1)", swift)
        XCTAssertEqual(rows.first?.scope("author")?.scope("country")?["name"], .text("France"))
    }

    func testDebuggingRequestDecoding_forKeyWriter() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, #"book.including(optional: author.forKey("writer")).filter(id = 2)"#,
            book.including(optional: book.author.forKey("writer")).filter(Column("id") == 2))
        XCTAssertEqual(rows.first?.scope("writer")?["name"], .text("Bob"))
    }
}
