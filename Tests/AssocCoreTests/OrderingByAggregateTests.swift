import XCTest

@testable import AssocCore

/// Ordering by an annotation's name (`annotated(with: books.count).order(bookCount.desc)`, GRDB's
/// `Column("bookCount")`) and directly by an aggregate (`order(books.count.desc)`), checked
/// against SQL written by hand. Library: Ann wrote 1 book, Bob 2, Chiyo none.
final class OrderingByAggregateTests: XCTestCase {
    func database() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(
            SwiftCodeTests.schemaSQL + """
                INSERT INTO country VALUES ('FR', 'France');
                INSERT INTO person VALUES (1, 'Ann', 'FR'), (2, 'Bob', NULL), (3, 'Chiyo', NULL);
                INSERT INTO book (id, title, year, authorId) VALUES (1, 'Dune', 2001, 1), (2, 'Emma', 1999, 2), (3, 'Zoo', 2010, 2);
                """)
        return try Database(connection: connection)
    }

    func testOrderingByAnAnnotationName() throws {
        let db = try database()
        let request = try db.request(parsing: "person.annotated(with: booksAsAuthor.count).order(bookAsAuthorCount.desc, name)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT "person".*, COUNT(DISTINCT "book"."id") AS "bookAsAuthorCount" FROM "person" LEFT JOIN "book" \
            ON "book"."authorId" = "person"."id" GROUP BY "person"."id" ORDER BY "bookAsAuthorCount" DESC, "person"."name"
            """)
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["Bob", "Ann", "Chiyo"])
        // A forKey name too, and in having.
        let named = try db.request(parsing: "person.annotated(with: booksAsAuthor.max(year).forKey(\"latest\")).having(latest > 2000).order(latest)")
        XCTAssertEqual(try db.fetchAll(named).map { $0["name"] }, ["Ann", "Bob"])
    }

    func testOrderingByAnAggregate() throws {
        let db = try database()
        let request = try db.request(parsing: "person.order(booksAsAuthor.count.desc, name)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT "person".* FROM "person" LEFT JOIN "book" ON "book"."authorId" = "person"."id" \
            GROUP BY "person"."id" ORDER BY COUNT(DISTINCT "book"."id") DESC, "person"."name"
            """)
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["Bob", "Ann", "Chiyo"])
        let computed = try db.request(parsing: "person.order((booksAsAuthor.count + 0).desc, name.desc)")
        XCTAssertEqual(try db.fetchAll(computed).map { $0["name"] }, ["Bob", "Ann", "Chiyo"])
    }

    func testAnUnknownNameIsStillAnError() throws {
        let db = try database()
        XCTAssertThrowsError(try db.request(parsing: "person.order(bookCount.desc)")) { error in
            XCTAssertTrue("\(error)".contains("bookCount"), "\(error)")
        }
    }
}
