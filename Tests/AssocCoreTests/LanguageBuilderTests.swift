import XCTest

@testable import AssocCore

/// The request language builds the same requests as the Swift API: same SQL, same arguments.
final class LanguageBuilderTests: XCTestCase {
    static let db: Database? = try? Database(connection: DemoDatabase.make())

    func database() throws -> Database { try XCTUnwrap(Self.db) }

    func assertSame(_ text: String, _ request: Request, file: StaticString = #filePath, line: UInt = #line) throws {
        let db = try database()
        let parsed = try db.request(parsing: text)
        XCTAssertEqual(try db.mainStatement(for: parsed), try db.mainStatement(for: request), file: file, line: line)
    }

    func testIssueExample() throws {
        let book = Table("book")
        let person = Table("person")
        try assertSame(
            "book.including(required: author.including(optional: country)).including(optional: coverImage).filter(year >= 2000 AND kind = 'novel').order(title, year.desc).limit(10)",
            book.including(required: book.author.including(optional: person.country))
                .including(optional: book.coverImage)
                .filter(Column("year") >= 2000 && Column("kind") == "novel")
                .order(Column("title"), Column("year").desc)
                .limit(10))
        let db = try database()
        XCTAssertEqual(
            try db.mainStatement(
                for: db.request(
                    parsing:
                        "book.including(required: author.including(optional: country)).including(optional: coverImage).filter(year >= 2000 AND kind = 'novel').order(title, year.desc).limit(10)"
                )
            ).sql,
            #"SELECT "book".*, "person".*, "country".*, "coverImage".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode" LEFT JOIN "coverImage" ON "coverImage"."bookId" = "book"."id" WHERE ("book"."year" >= ?) AND ("book"."kind" = ?) ORDER BY "book"."title", "book"."year" DESC LIMIT 10"#
        )
    }

    func testJoiningAliasesAndQualifiedColumns() throws {
        let book = Table("book")
        try assertSame(
            "book.joining(required: author.aliased(\"a\").filter(name LIKE 'A%')).filter(a.birthYear > 1900 OR a.birthYear IS NULL)",
            book.joining(required: book.author.aliased("a").filter(Column("name").like("A%")))
                .filter(TableAlias("a")["birthYear"] > 1900 || TableAlias("a")["birthYear"].isNull))
    }

    func testAggregatesHavingAndForKey() throws {
        let person = Table("person")
        try assertSame(
            "person.annotated(with: booksAsAuthor.count, booksAsAuthor.max(year), paintings.count.forKey(\"works\")).having(booksAsAuthor.count >= 2 AND NOT paintings.isEmpty)",
            person.annotated(with: person.booksAsAuthor.count, person.booksAsAuthor.max(Column("year")), person.paintings.count.forKey("works"))
                .having(person.booksAsAuthor.count >= 2 && !person.paintings.isEmpty))
        let db = try database()
        let sql = try db.mainStatement(for: db.request(parsing: "person.annotated(with: booksAsAuthor.count, booksAsAuthor.min(year) ?? 0)")).sql
        XCTAssertEqual(
            sql,
            #"SELECT "person".*, COUNT(DISTINCT "book"."id") AS "bookAsAuthorCount", IFNULL(MIN("book"."year"), ?) AS "minBookAsAuthorYear" FROM "person" LEFT JOIN "book" ON "book"."authorId" = "person"."id" GROUP BY "person"."id""#
        )
    }

    func testInListNullAndArithmetic() throws {
        let book = Table("book")
        try assertSame(
            "book.filter(kind IN ('novel', 'poem') AND translatorId IS NOT NULL AND price * 2 - 1 < 30 AND year != 2000).select(id, title)",
            book.filter(
                Column("kind").in(["novel", "poem"]) && Column("translatorId").isNotNull
                    && Column("price") * 2 - 1 < 30 && Column("year") != 2000
            )
            .select(Column("id"), Column("title")))
    }

    func testEqualsNullKeepsSQLMeaning() throws {
        let db = try database()
        let request = try db.request(parsing: "book.filter(translatorId = NULL)")
        XCTAssertEqual(try db.mainStatement(for: request).sql, #"SELECT * FROM "book" WHERE "translatorId" = ?"#)
        XCTAssertEqual(try db.fetchCount(request), 0)
    }

    func testPrefetchAndQuotedNames() throws {
        let team = Table("team")
        try assertSame(
            "`team`.including(all: \"players\".select(name, position).order(position)).limit(2, offset: 1)",
            team.including(all: team.players.select(Column("name"), Column("position")).order(Column("position"))).limit(2, offset: 1))
    }

    func testErrorsNameTheCulpritWithSuggestions() throws {
        let db = try database()
        XCTAssertThrowsError(try db.request(parsing: "bok.limit(1)")) { error in
            XCTAssertEqual((error as? AssocError)?.message, #"no such table: "bok" (did you mean "book"?)"#)
        }
        XCTAssertThrowsError(try db.request(parsing: "book.filter(yeer > 1)")) { error in
            XCTAssertEqual((error as? AssocError)?.message, #"table "book" has no column named "yeer" (did you mean "year"?)"#)
        }
        XCTAssertThrowsError(try db.request(parsing: "book.including(required: autor)")) { error in
            XCTAssertEqual((error as? AssocError)?.message, #"table "book" has no association named "autor" (did you mean "author"?)"#)
        }
        XCTAssertThrowsError(try db.request(parsing: "book.filter(x.year > 1)")) { error in
            guard case .unknownAlias(let alias, _, let known)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(alias, "x")
            XCTAssertEqual(known, [])
        }
        XCTAssertThrowsError(try db.request(parsing: "book.filter(year > )")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.column, 20)
        }
        XCTAssertThrowsError(try db.request(parsing: "book.including(all: author)")) { error in
            XCTAssert((error as? AssocError)?.message.contains("to-many") == true)
        }
    }

    func testHavingWithoutAggregateIsAClearError() throws {
        let db = try database()
        XCTAssertThrowsError(try db.request(parsing: "book.having(year > 2000)")) { error in
            guard case .invalidRequest(let table, _)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(table, "book")
            XCTAssert((error as? AssocError)?.message.contains("use filter(_:)") == true)
        }
    }

    func testOrderingOfAnAggregatedAssociationIsDropped() throws {
        let db = try database()
        let sql = try db.mainStatement(for: db.request(parsing: "team.annotated(with: players.order(name).count).order(id)")).sql
        XCTAssertEqual(
            sql,
            #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id" ORDER BY "team"."id""#
        )
    }
}
