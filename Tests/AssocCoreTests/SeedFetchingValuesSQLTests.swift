import XCTest

@testable import AssocCore

/// GRDB's Associations guide, "Fetching Values from Associations": hierarchical keys, prefetch under a to-one
/// association, and an aggregate's join merged with a join of the same key (GRDB 7's merge rules).
final class SeedFetchingValuesSQLTests: XCTestCase {
    let book = Table("book"), person = Table("person")

    /// Decoding a Hierarchical Decodable Record: `authorInfo` and `translatorInfo` keys, each with its country.
    func testDecodingAHierarchicalRecord_authorInfoAndTranslatorInfo() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(optional: book.coverImage)
            .including(required: book.author.forKey("authorInfo").including(optional: person.country))
            .including(optional: book.translator.forKey("translatorInfo").including(optional: person.country))
            .order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "coverImage".*, "person1".*, "country1".*, "person2".*, "country2".* FROM "book" LEFT JOIN "coverImage" ON "coverImage"."bookId" = "book"."id" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "country" "country1" ON "country1"."code" = "person1"."countryCode" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" LEFT JOIN "country" "country2" ON "country2"."code" = "person2"."countryCode" ORDER BY "book"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.first?.scopes.map(\.key), ["coverImage", "authorInfo", "translatorInfo"])
        XCTAssertEqual(rows.map { $0.scope("authorInfo")?.scope("country")?["code"] }, [.text("FR"), nil, .text("FR"), .text("US")])
        XCTAssertEqual(rows.map { $0.scope("translatorInfo")?["name"] }, [.text("Carol"), nil, nil, .text("Bob")])
        XCTAssertEqual(rows.map { $0.scope("translatorInfo")?.scope("country")?["name"] }, [.text("USA"), nil, nil, nil])
    }

    /// `including(all:)` under an included to-one association: the prefetch uses the root rows' keys.
    func testFetchingValues_prefetchUnderToOne() throws {
        let db = try SeedSchemas.library()
        let request =
            book
            .including(required: book.author.including(all: person.booksAsAuthor.order(Column("id")).forKey("otherBooks")))
            .order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?) ORDER BY "id""#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3])
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.scope("author")?.prefetchedRows("otherBooks")?.map { $0["id"] } },
            [[1, 3], [2], [1, 3], [4]])
        XCTAssertEqual(rows.last?.prefetchedRows("otherBooks")?.count, 1)
    }

    /// No base row: no prefetch statement runs.
    func testFetchingValues_noPrefetchWithoutBaseRows() throws {
        let db = try SeedSchemas.authors()
        let author = Table("author")
        let request = author.filter(Column("id") > 10).including(all: author.books)
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(statements.map(\.sql), [#"SELECT * FROM "author" WHERE "id" > ?"#])
        XCTAssertEqual(try db.fetchAll(request).count, 0)
    }

    /// An aggregate shares its join with an aliased, filtered, required join of the same key.
    func testAssociationAggregates_mergedWithAliasedRequiredJoin() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let custom = TableAlias("custom")
        let request =
            team
            .annotated(with: team.players.count)
            .joining(required: team.players.aliased(custom).filter(custom["score"] < 60))
            .order(Column("id"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "team".*, COUNT(DISTINCT "custom"."id") AS "playerCount" FROM "team" JOIN "player" "custom" ON ("custom"."teamId" = "team"."id") AND ("custom"."score" < ?) GROUP BY "team"."id" ORDER BY "team"."id""#
        )
        XCTAssertEqual(statement.arguments, [60])
        // Reds: Zed (50) only (Max's NULL score fails the test); Blues: Kim (30); Greens: no player, dropped.
        XCTAssertEqual(try db.fetchAll(request).map { $0["playerCount"] }, [1, 1])
    }

    /// The default aggregate name comes from the key: `hasMany(player, key: "customPlayers").count` → `customPlayerCount`.
    func testAssociationAggregates_defaultNameFromCustomKey() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let request = team.annotated(with: team.hasMany(Table("player"), key: "customPlayers").count).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "customPlayerCount" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id" ORDER BY "team"."id""#
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["customPlayerCount"] }, [3, 1, 0])
    }

    /// fetchCount and LIMIT on a joined request count joined rows.
    func testFetchingValues_countAndLimitWithJoins() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let joined = team.including(required: team.players.order(Column("position"))).order(Column("id"))
        XCTAssertEqual(try db.fetchCount(joined), 4)
        let page = joined.limit(2, offset: 1)
        XCTAssertEqual(
            try db.mainStatement(for: page).sql,
            #"SELECT "team".*, "player".* FROM "team" JOIN "player" ON "player"."teamId" = "team"."id" ORDER BY "team"."id", "player"."position" LIMIT 2 OFFSET 1"#
        )
        // Reds: Amy (1), Max (2), Zed (3); Blues: Kim. Skip Amy.
        XCTAssertEqual(try db.fetchAll(page).map { $0.scope("player")?["name"] }, [.text("Max"), .text("Zed")])
    }
}
