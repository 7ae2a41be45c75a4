import XCTest

@testable import AssocCore

/// The request-language twins of `SeedRefiningSQLTests`: same statements, arguments and rows as the Swift
/// request (or the same error), plus a hand-checked value.
/// Twinned in SeedLanguagePrefetchTests: testOrderedAssociations_hasManyPrefetchDefaultOrdering, _hasManyCustomOrdering,
/// _throughPrefetch, _throughCustomOrdering (their prefetch part).
/// No twin (Swift-only API): the `db.request(for:of:in:)` requests (testOrderedAssociations_hasManyRequestForTeam,
/// _throughRequestForTeam, the request(for:) halves of _hasManyCustomOrdering/_throughCustomOrdering,
/// testRequestingAssociatedRecords_bookAuthor, _authorBooksFilteredAndOrdered, _nullForeignKey, _singleRecordAggregates:
/// the language has no record-bound request nor SQL functions like MAX(year) in select), and
/// testFixedBug_columnComparedToNilLiteralIsIsNull (a Swift overload pitfall; the language's `IS NOT NULL` is its twin below).
final class SeedLanguageRefiningTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    private func ids(_ rows: [Row]) -> [DatabaseValue?] { rows.map { $0["id"] } }

    // MARK: Columns Selected by an Association

    func testColumnsSelectedByAnAssociation_default() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(db, "book.including(required: author)", book.including(required: book.author))
        XCTAssertEqual(rows.first?.scope("author")?.columnNames, ["id", "name", "country"])
    }

    func testColumnsSelectedByAnAssociation_restrictedAuthor() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.select(id, name)).order(id)",
            book.including(required: book.author.select(Column("id"), Column("name"))).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Ann"), .text("Ann"), .text("Ann"), .text("Ben")])
    }

    /// `select(allColumnsAnd: [rowid])` is written `select(*, rowid)`.
    func testColumnsSelectedByAnAssociation_extendedAuthorWithRowID() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.select(*, rowid)).order(id)",
            book.including(required: book.author.select(allColumnsAnd: [Column("rowid")])).order(Column("id")))
        XCTAssertEqual(rows.last?.scope("author")?.values, [2, "Ben", "US", 2])
    }

    func testColumnsSelectedByAnAssociation_restrictedAuthorAll() throws {
        let db = try SeedSchemas.authors()
        let rows = try assertLanguageTwin(
            db, "author.select(id, name).order(id)",
            Table("author").select(Column("id"), Column("name")).order(Column("id")))
        XCTAssertEqual(rows.first?.values, [1, "Ann"])
    }

    // MARK: Table Aliases

    func testTableAliases_wrongRequestFails() throws {
        let db = try SeedSchemas.library()
        let error = try assertLanguageTwinThrows(
            db, "book.joining(required: author).filter(publishDate >= deathDate)",
            book.joining(required: book.author).filter(Column("publishDate") >= Column("deathDate")))
        XCTAssertTrue(error.map { "\($0)" }?.contains("deathDate") ?? false)
    }

    func testTableAliases_filterInWhereThroughAlias() throws {
        let db = try SeedSchemas.library()
        let authorAlias = TableAlias("person")
        let rows = try assertLanguageTwin(
            db,
            #"book.joining(required: author.aliased("person")).filter(publishDate >= person.deathDate).order(id)"#,
            book.joining(required: book.author.aliased(authorAlias)).filter(Column("publishDate") >= authorAlias["deathDate"]).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 4])
    }

    func testTableAliases_orderingWithAlias() throws {
        let db = try SeedSchemas.library()
        let authorAlias = TableAlias("person")
        let rows = try assertLanguageTwin(
            db, #"book.joining(required: author.aliased("person")).order(person.name, publishDate)"#,
            book.joining(required: book.author.aliased(authorAlias)).order(authorAlias["name"], Column("publishDate")))
        XCTAssertEqual(ids(rows), [3, 1, 2, 4])
    }

    func testTableAliases_namedAliasesBAndA() throws {
        let db = try SeedSchemas.library()
        let b = TableAlias("b")
        let a = TableAlias("a")
        let text = #"book.aliased("b").joining(required: author.aliased("a").filter(a.countryCode = 'FR')).filter(b.publishDate >= a.deathDate)"#
        let rows = try assertLanguageTwin(
            db, text,
            book.aliased(b)
                .joining(required: book.author.aliased(a).filter(a["countryCode"] == "FR"))
                .filter(b["publishDate"] >= a["deathDate"]))
        XCTAssertEqual(ids(rows), [1])
    }

    func testTableAliases_namedAliasesMyBookAndMyAuthor() throws {
        let db = try SeedSchemas.library()
        let myBook = TableAlias("myBook")
        let myAuthor = TableAlias("myAuthor")
        let text =
            #"book.aliased("myBook").joining(required: author.aliased("myAuthor").filter(countryCode = 'FR')).filter(publishDate >= myAuthor.deathDate)"#
        let rows = try assertLanguageTwin(
            db, text,
            book.aliased(myBook)
                .joining(required: book.author.aliased(myAuthor).filter(Column("countryCode") == "FR"))
                .filter(Column("publishDate") >= myAuthor["deathDate"]))
        XCTAssertEqual(ids(rows), [1])
    }

    func testTableAliases_aliasedRootAloneIsQualified() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, #"book.aliased("b").filter(year = 2010).order(title)"#,
            book.aliased("b").filter(Column("year") == 2010).order(Column("title")))
        XCTAssertEqual(ids(rows), [2, 4])
    }

    func testTableAliases_reusedAliasIsAnError() throws {
        let db = try SeedSchemas.library()
        let alias = TableAlias("x")
        let error = try assertLanguageTwinThrows(
            db, #"book.aliased("x").joining(required: author.aliased("x"))"#,
            book.aliased(alias).joining(required: book.author.aliased(alias)))
        guard case .ambiguousAlias("x", _, _)? = error as? AssocError else { return XCTFail("\(String(describing: error))") }
    }

    // MARK: Refining Association Requests

    func testRefiningAssociationRequests_includingWinsOverJoining() throws {
        let db = try SeedSchemas.library()
        try assertLanguageTwin(
            db, "book.including(optional: author).joining(optional: author)",
            book.including(optional: book.author).joining(optional: book.author))
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author).including(optional: author)",
            book.joining(optional: book.author).including(optional: book.author))
        XCTAssertEqual(rows.first?.scopes.map(\.key), ["author"])
    }

    func testRefiningAssociationRequests_requiredWinsOverOptional() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: translator).including(optional: translator).order(id)",
            book.including(required: book.translator).including(optional: book.translator).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 4])
        try assertLanguageTwin(
            db, "book.including(optional: translator).including(required: translator)",
            book.including(optional: book.translator).including(required: book.translator))
    }

    func testRefiningAssociationRequests_filtersAreAnded() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db,
            "book.including(required: author.filter(countryCode IS NOT NULL)).including(optional: author.filter(deathDate < 2000)).order(id)",
            book.including(required: book.author.filter(Column("countryCode").isNotNull))
                .including(optional: book.author.filter(Column("deathDate") < 2000)).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 3])
    }

    func testRefiningAssociationRequests_lastOrderingWins() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.order(name)).including(optional: author.order(name.desc))",
            book.including(required: book.author.order(Column("name"))).including(optional: book.author.order(Column("name").desc)))
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, [.text("Carol"), .text("Bob"), .text("Alice"), .text("Alice")])
    }

    func testRefiningAssociationRequests_lastSelectionWins() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(required: author.select(id)).including(optional: author.select(name))",
            book.including(required: book.author.select(Column("id"))).including(optional: book.author.select(Column("name"))))
        XCTAssertEqual(rows.first?.scope("author")?.columnNames, ["name"])
    }

    func testRefiningAssociationRequests_fluentComposition() throws {
        let db = try SeedSchemas.library()
        let authorAlias = TableAlias("person")
        let swift = book.all
            .joining(required: book.author.filter(Column("countryCode") == "FR"))
            .joining(optional: book.author.aliased(authorAlias))
            .order(authorAlias["name"], Column("year"))
            .including(required: book.author)
        let rows = try assertLanguageTwin(
            db,
            """
            book.joining(required: author.filter(countryCode = 'FR'))
                .joining(optional: author.aliased("person"))
                .order(person.name, year)
                .including(required: author)
            """, swift)
        XCTAssertEqual(ids(rows), [3, 1])
    }

    func testRefiningAssociationRequests_ambiguousKeySuggestsForKey() throws {
        let db = try SeedSchemas.library()
        let error = try assertLanguageTwinThrows(
            db, #"book.including(optional: author).including(optional: translator.forKey("author"))"#,
            book.including(optional: book.author).including(optional: book.translator.forKey("author")))
        guard case .ambiguousKey("author", let tables)? = error as? AssocError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(tables, ["person", "person"])
        let rows = try assertLanguageTwin(
            db, #"book.including(optional: author).including(optional: author.forKey("writer")).order(id)"#,
            book.including(optional: book.author).including(optional: book.author.forKey("writer")).order(Column("id")))
        XCTAssertEqual(rows.first?.scope("writer")?["name"], .text("Alice"))
    }

    /// The language twin of the fixed bug's request, written with `IS NOT NULL`.
    func testFixedBug_columnComparedToNilLiteralIsIsNull() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.filter(translatorId IS NOT NULL).order(id)",
            book.filter(Column("translatorId") != nil).order(Column("id")))
        XCTAssertEqual(ids(rows), [1, 4])
    }
}
