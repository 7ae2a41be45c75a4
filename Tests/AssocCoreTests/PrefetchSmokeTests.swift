import TestSupport
import XCTest

@testable import AssocCore

final class PrefetchSmokeTests: XCTestCase {
    func makeDatabase() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE citizen(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE passport(countryCode TEXT NOT NULL REFERENCES country(code), citizenId INTEGER NOT NULL REFERENCES citizen(id), PRIMARY KEY (countryCode, citizenId));
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), title TEXT, year INTEGER);
            INSERT INTO country VALUES ('FR', 'France'), ('US', 'USA'), ('DE', 'Germany');
            INSERT INTO citizen VALUES (1, 'Ann'), (2, 'Ben'), (3, 'Cid');
            INSERT INTO passport VALUES ('FR', 1), ('US', 1), ('FR', 2), ('US', 3);
            INSERT INTO person VALUES (1, 'Alice'), (2, 'Bob'), (3, 'Carol');
            INSERT INTO book VALUES (1, 1, 'B1', 2000), (2, 2, 'B2', 2010), (3, 1, 'B3', 1990), (4, NULL, 'B4', 2020);
            """)
    }

    func testHasManyPrefetch() throws {
        let db = try makeDatabase()
        let person = Table("person")
        let book = Table("book")
        let books = person.hasMany(book, key: "books", using: ForeignKey(["authorId"]))
        let request = person.including(all: books.order(Column("year"))).order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "person" ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?) ORDER BY "year""#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3])
        let rows = try db.fetchAll(request)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("books")?.map { $0["title"] } },
            [
                [.text("B3"), .text("B1")], [.text("B2")], []
            ])
        XCTAssertEqual(rows[0].prefetchedRows("books")?.first?.columnNames, ["id", "authorId", "title", "year"])
        XCTAssertEqual(try db.fetchCount(request), 3)
        XCTAssertEqual(try db.executedStatements(for: request.filter(Column("id") > 10)).count, 1)
    }

    func testHasManyThroughPrefetchWithCompositeKeyTable() throws {
        let db = try makeDatabase()
        let country = Table("country")
        let passport = Table("passport")
        let citizen = Table("citizen")
        let passports = country.hasMany(passport, key: "passports")
        let citizens = country.hasMany(through: passports, using: passport.belongsTo(citizen), key: "citizens")
        let request = country.including(all: citizens.order(Column("name"))).including(all: passports).order(Column("code"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "country" ORDER BY "code""#,
                #"SELECT "citizen".*, "passport"."countryCode" FROM "citizen" JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") AND ("passport"."countryCode" IN (?, ?, ?)) ORDER BY "citizen"."name""#,
                #"SELECT *, "countryCode" FROM "passport" WHERE "countryCode" IN (?, ?, ?)"#
            ])
        let rows = try db.fetchAll(request)
        // DE, FR, US
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("citizens")?.map { $0["name"] } },
            [
                [], [.text("Ann"), .text("Ben")], [.text("Ann"), .text("Cid")]
            ])
        XCTAssertEqual(rows.map { $0.prefetchedRows("passports")?.count }, [0, 2, 2])
    }

    /// A known issue of GRDB's Associations guide: a prefetched association filtered with an alias of its parent.
    func testPrefetchFilterReferringToTheParentAlias() throws {
        let db = try makeDatabase()
        try db.connection.execute("ALTER TABLE person ADD COLUMN deathYear INTEGER")
        try db.connection.execute("UPDATE person SET deathYear = 1995 WHERE id = 1")
        let fresh = try Database(connection: db.connection)
        let person = Table("person")
        let book = Table("book")
        let author = TableAlias("author")
        let books = person.hasMany(book, key: "books", using: ForeignKey(["authorId"]))
        let request = person.aliased(author)
            .including(all: books.filter(Column("year") > author["deathYear"]).forKey("posthumousBooks"))
            .order(Column("id"))
        let statements = try fresh.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT "author".* FROM "person" "author" ORDER BY "author"."id""#,
                #"SELECT "book".*, "book"."authorId" FROM "book" JOIN "person" "author" ON "author"."id" = "book"."authorId" WHERE ("book"."year" > "author"."deathYear") AND ("book"."authorId" IN (?, ?, ?))"#
            ])
        let rows = try fresh.fetchAll(request)
        XCTAssertEqual(rows.map { $0.prefetchedRows("posthumousBooks")?.map { $0["title"] } }, [[.text("B1")], [], []])
    }
}
