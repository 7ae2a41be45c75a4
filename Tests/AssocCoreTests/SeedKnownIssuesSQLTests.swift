import XCTest

@testable import AssocCore

/// GRDB's Associations guide, "Known Issues": what GRDB cannot do. AssocCore must do the first one right; the two
/// prefetch issues are tested for what they return.
final class SeedKnownIssuesSQLTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    /// Known issue 1: `Book.joining(optional: Book.author.including(required: Person.country))` works.
    func testKnownIssues_requiredBehindOptionalJoining() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(optional: book.author.including(required: person.country)).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN ("person" JOIN "country" ON "country"."code" = "person"."countryCode") ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0["id"] }, [1, 2, 3, 4])
        XCTAssertEqual(rows.map { $0.scopeTree("country")?["code"] }, [.text("FR"), nil, .text("FR"), .text("US")])
        XCTAssertEqual(rows.map { $0.scopeTree("country")?.values.last }, [.text("France"), nil, .text("France"), .text("USA")])
    }

    /// ENGINE BUG: inside the parenthesized join `LEFT JOIN ("person" JOIN "country" ...)`, SQLite reports
    /// duplicate column names with a suffix (`person.name` and `country.name` → `name`, `name:1`), and the
    /// row reader takes column names from SQLite instead of from the schema:
    ///
    ///     book.joining(optional: book.author.including(required: person.country)), book 1
    ///     expected: scopeTree("country").columnNames == ["code", "name"], ["name"] == "France"
    ///     actual:   scopeTree("country").columnNames == ["code", "name:1"], ["name"] == nil
    ///     (debugDescription shows `- country: [code:"FR" name:1:"France"]`)
    /// The same request with `including(optional:)` (no parentheses) reads `name` fine.
    func testFixedBug_requiredBehindOptionalScopeColumnNames() throws {
        let db = try SeedSchemas.library()
        let request = book.joining(optional: book.author.including(required: person.country)).filter(Column("id") == 1)
        let country = try XCTUnwrap(try db.fetchOne(request)?.scopeTree("country"))
        XCTAssertEqual(country.columnNames, ["code", "name"])
        XCTAssertEqual(country["name"], .text("France"))
    }

    /// Included author with a required country behind it: the author comes only when both exist.
    func testKnownIssues_requiredBehindOptionalIncluding() throws {
        let db = try SeedSchemas.library()
        let request = book.including(optional: book.translator.including(required: person.country)).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person".*, "country".* FROM "book" LEFT JOIN ("person" JOIN "country" ON "country"."code" = "person"."countryCode") ON "person"."id" = "book"."translatorId" ORDER BY "book"."id""#
        )
        let rows = try db.fetchAll(request)
        // Book 1: translator Carol (US). Book 4: translator Bob, who has no country: no translator at all.
        XCTAssertEqual(rows.map { $0.scope("translator")?["name"] }, [.text("Carol"), nil, nil, nil])
        XCTAssertEqual(rows.map { $0.scope("translator")?.scope("country")?["code"] }, [.text("US"), nil, nil, nil])
        XCTAssertEqual(rows.first?.scope("translator")?.columnNames, ["id", "name", "countryCode", "deathDate"])
    }

    /// Two required levels behind an optional one, with a filter on the inner join.
    func testKnownIssues_requiredChainBehindOptionalWithFilter() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(required: book.author)
            .including(optional: book.translator.forKey("frenchTranslator").joining(required: person.country.filter(Column("code") == "US")))
            .order(Column("id"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "book".*, "person1".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN ("person" "person2" JOIN "country" ON ("country"."code" = "person2"."countryCode") AND ("country"."code" = ?)) ON "person2"."id" = "book"."translatorId" ORDER BY "book"."id""#
        )
        XCTAssertEqual(statement.arguments, ["US"])
        XCTAssertEqual(try db.fetchAll(request).map { $0.scope("frenchTranslator")?["name"] }, [.text("Carol"), nil, nil, nil])
    }

    /// Known issue 2: `including(all:)` filtered with an alias of the outer request (posthumous books).
    /// Expected rows: Alice (died 1990) → Zeta (2000); Bob → none; Carol (died 2005) → Beta (2010); Dave → none.
    func testKnownIssues_prefetchFilteredWithOuterAlias() throws {
        let db = try SeedSchemas.library()
        let authorAlias = TableAlias("a")
        let request = person.aliased(authorAlias)
            .including(all: person.booksAsAuthor.filter(Column("publishDate") >= authorAlias["deathDate"]).forKey("posthumousBooks"))
            .order(Column("id"))
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("posthumousBooks")?.map { $0["title"] } },
            [[.text("Zeta")], [], [.text("Beta")], []])
    }

    /// Known issue 3: `Country.including(all: Country.passports).including(all: Country.citizens)` works.
    func testKnownIssues_hasManyAndHasManyThroughSharingTheirPivot() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let passport = Table("passport")
        let citizens = country.hasMany(through: country.passports, using: passport.citizen, key: "citizens")
        let request = country.including(all: country.passports).including(all: citizens.order(Column("id"))).order(Column("code"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "country" ORDER BY "code""#,
                #"SELECT *, "countryCode" FROM "passport" WHERE "countryCode" IN (?, ?, ?)"#,
                #"SELECT "citizen".*, "passport"."countryCode" FROM "citizen" JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") AND ("passport"."countryCode" IN (?, ?, ?)) ORDER BY "citizen"."id""#
            ])
        XCTAssertEqual(statements[1].arguments, ["DE", "FR", "US"])
        let rows = try db.fetchAll(request)
        // DE, FR, US
        XCTAssertEqual(rows.map { $0.prefetchedRows("passports")?.count }, [0, 2, 2])
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("citizens")?.map { $0["name"] } },
            [[], [.text("Ann"), .text("Ben")], [.text("Ann"), .text("Cid")]])
    }

    /// The guide's workaround: nest the most remote association.
    func testKnownIssues_workaroundNestedCitizen() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let passport = Table("passport")
        let request = country.including(all: country.passports.including(required: passport.citizen).order(Column("citizenId")))
            .order(Column("code"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(statements.count, 2)
        XCTAssertEqual(
            statements.last?.sql,
            #"SELECT "passport".*, "citizen".*, "passport"."countryCode" FROM "passport" JOIN "citizen" ON "citizen"."id" = "passport"."citizenId" WHERE "passport"."countryCode" IN (?, ?, ?) ORDER BY "passport"."citizenId""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("passports")?.map { $0.scope("citizen")?["name"] } },
            [[], [.text("Ann"), .text("Ben")], [.text("Ann"), .text("Cid")]])
        XCTAssertEqual(rows[1].prefetchedRows("passports")?.first?.columnNames, ["countryCode", "citizenId"])
    }
}
