import TestSupport
import XCTest

@testable import AssocCore

final class RequestSmokeTests: XCTestCase {
    func makeLibrary() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES person(id),
                              translatorId INTEGER REFERENCES person(id), title TEXT, year INTEGER);
            INSERT INTO country VALUES ('FR', 'France'), ('US', 'USA');
            INSERT INTO person VALUES (1, 'Alice', 'FR'), (2, 'Bob', NULL), (3, 'Carol', 'US');
            INSERT INTO book VALUES (1, 1, 3, 'B1', 2000), (2, 2, NULL, 'B2', 2010), (3, 1, NULL, 'B3', 1990);
            """)
    }

    func testDeclaredAssociationsGenerateSeedSQL() throws {
        let db = try makeLibrary()
        let book = Table("book")
        let person = Table("person")
        let country = Table("country")
        let author = book.belongsTo(person, key: "author", using: ForeignKey(["authorId"]))
        let translator = book.belongsTo(person, key: "translator", using: ForeignKey(["translatorId"]))
        let personCountry = person.belongsTo(country)
        let request = book.including(required: author).including(optional: translator)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "book".*, "person1".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId""#
        )
        let chained = book.joining(optional: author.including(optional: personCountry))
        XCTAssertEqual(
            try db.mainStatement(for: chained).sql,
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode""#
        )
        let rows = try db.fetchAll(chained.order(Column("id")))
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows[0].scopeTree("country")?["name"], .text("France"))
        XCTAssertNil(rows[0].scope("country"))
        XCTAssertNil(rows[1].scopeTree("country"))

        let behindOptional = book.joining(optional: author.including(required: personCountry)).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: behindOptional).sql,
            #"SELECT "book".*, "country".* FROM "book" LEFT JOIN ("person" JOIN "country" ON "country"."code" = "person"."countryCode") ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#
        )
        let rows2 = try db.fetchAll(behindOptional)
        XCTAssertEqual(rows2.map { $0.scopeTree("country")?["code"] }, [.text("FR"), nil, .text("FR")])
    }
}
