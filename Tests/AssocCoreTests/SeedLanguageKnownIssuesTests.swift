import XCTest

@testable import AssocCore

/// The request-language twins of `SeedKnownIssuesSQLTests` (`SeedSchemas.library()`): same statements,
/// arguments and rows as the Swift request, plus a hand-checked value.
/// Twinned in SeedLanguagePrefetchTests: testKnownIssues_prefetchFilteredWithOuterAlias,
/// _hasManyAndHasManyThroughSharingTheirPivot (testPassportsAndCitizens), _workaroundNestedCitizen (testNestedCitizenWorkaround).
final class SeedLanguageKnownIssuesTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    func testKnownIssues_requiredBehindOptionalJoining() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author.including(required: country)).order(id)",
            book.joining(optional: book.author.including(required: person.country)).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("country")?.values.last }, [.text("France"), nil, .text("France"), .text("USA")])
    }

    func testFixedBug_requiredBehindOptionalScopeColumnNames() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.joining(optional: author.including(required: country)).filter(id = 1)",
            book.joining(optional: book.author.including(required: person.country)).filter(Column("id") == 1))
        let country = try XCTUnwrap(rows.first?.scopeTree("country"))
        XCTAssertEqual(country.columnNames, ["code", "name"])
        XCTAssertEqual(country["name"], .text("France"))
    }

    func testKnownIssues_requiredBehindOptionalIncluding() throws {
        let db = try SeedSchemas.library()
        let rows = try assertLanguageTwin(
            db, "book.including(optional: translator.including(required: country)).order(id)",
            book.including(optional: book.translator.including(required: person.country)).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scope("translator")?.scope("country")?["code"] }, [.text("US"), nil, nil, nil])
    }

    func testKnownIssues_requiredChainBehindOptionalWithFilter() throws {
        let db = try SeedSchemas.library()
        let swift =
            book
            .including(required: book.author)
            .including(optional: book.translator.forKey("frenchTranslator").joining(required: person.country.filter(Column("code") == "US")))
            .order(Column("id"))
        let rows = try assertLanguageTwin(
            db,
            """
            book.including(required: author)
                .including(optional: translator.forKey("frenchTranslator").joining(required: country.filter(code = 'US')))
                .order(id)
            """, swift)
        XCTAssertEqual(rows.map { $0.scope("frenchTranslator")?["name"] }, [.text("Carol"), nil, nil, nil])
    }
}

/// The request-language twin of the one `SeedFetchingValuesSQLTests` test not twinned elsewhere.
/// Twinned elsewhere: testDecodingAHierarchicalRecord_authorInfoAndTranslatorInfo (SeedLanguageDecodingTests.testHierarchicalBookInfo),
/// testFetchingValues_prefetchUnderToOne and _noPrefetchWithoutBaseRows (SeedLanguagePrefetchTests),
/// testAssociationAggregates_mergedWithAliasedRequiredJoin and _defaultNameFromCustomKey (SeedLanguageAggregatesTests).
final class SeedLanguageFetchingValuesTests: XCTestCase {
    func testFetchingValues_countAndLimitWithJoins() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let joined = team.including(required: team.players.order(Column("position"))).order(Column("id"))
        XCTAssertEqual(try db.fetchCount(db.request(parsing: "team.including(required: players.order(position)).order(id)")), 4)
        let rows = try assertLanguageTwin(
            db, "team.including(required: players.order(position)).order(id).limit(2, offset: 1)",
            joined.limit(2, offset: 1))
        XCTAssertEqual(rows.map { $0.scope("player")?["name"] }, [.text("Max"), .text("Zed")])
    }
}
