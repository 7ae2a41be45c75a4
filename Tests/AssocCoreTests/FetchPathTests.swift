import TestSupport
import XCTest

@testable import AssocCore

/// The fast fetch paths: rows read scope by scope, prefetch grouping by single values, records
/// decoded as rows are read (and all at once when something is prefetched).
final class FetchPathTests: XCTestCase {
    func makeDatabase() throws -> Database {
        let connection = try Connection.inMemory()
        // `authorId` has no declared type: 2.0 stays a REAL, and must still group under person 2.
        try connection.execute(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId REFERENCES person(id), title TEXT NOT NULL);
            INSERT INTO person VALUES (1, 'Alice'), (2, 'Bob'), (3, 'Carol');
            INSERT INTO book VALUES (1, 1, 'B1'), (2, 2.0, 'B2'), (3, 1, 'B3'), (4, NULL, 'B4');
            """)
        return try Database(connection: connection)
    }

    struct Person: FetchableRecord, TableRecord {
        var id: Int64
        var name: String
    }

    struct Book: FetchableRecord, TableRecord {
        var id: Int64
        var title: String
    }

    struct BookInfo: FetchableRecord {
        var book: Book
        var author: Person?
    }

    struct PersonInfo: FetchableRecord {
        var person: Person
        var books: [Book]
    }

    func testPrefetchGroupsIntegralRealKeysWithIntegers() throws {
        let db = try makeDatabase()
        let person = Table("person")
        let rows = try db.fetchAll(person.including(all: person.books).order(Column("id")))
        XCTAssertEqual(rows.map { $0["name"] }, ["Alice", "Bob", "Carol"])
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("books")?.map { $0["title"] } },
            [
                [.text("B1"), .text("B3")], [.text("B2")], []
            ])
        // The hidden grouping column is stripped from the prefetched rows.
        XCTAssertEqual(rows[1].prefetchedRows("books")?.first?.columnNames, ["id", "authorId", "title"])
        XCTAssertEqual(rows[1].prefetchedRows("books")?.first?.values, [2, .real(2.0), "B2"])
    }

    func testJoinedRowsHaveTheirScopeColumnsAndValues() throws {
        let db = try makeDatabase()
        let book = Table("book")
        let rows = try db.fetchAll(book.including(optional: book.author).order(Column("id")))
        XCTAssertEqual(rows.count, 4)
        for row in rows {
            XCTAssertEqual(row.columnNames, ["id", "authorId", "title"])
            XCTAssertEqual(row.scopes.map(\.key), ["author"])
            XCTAssertEqual(row.scopes.first?.row.columnNames, ["id", "name"])
        }
        XCTAssertEqual(rows.map { $0.scope("author")?["name"] }, ["Alice", "Bob", "Alice", nil])
        XCTAssertEqual(rows[3].scopes.first?.row.values, [.null, .null])
    }

    func testRecordsDecodedRowByRowAndWithPrefetchedRows() throws {
        let db = try makeDatabase()
        let book = Table("book")
        let person = Table("person")
        let infos = try BookInfo.fetchAll(db, book.including(optional: book.author).order(Column("id")))
        XCTAssertEqual(infos.map(\.book.title), ["B1", "B2", "B3", "B4"])
        XCTAssertEqual(infos.map { $0.author?.name }, ["Alice", "Bob", "Alice", nil])
        let recorder = StatementRecorder(db.connection)
        let people = try PersonInfo.fetchAll(db, person.including(all: person.books).order(Column("id")))
        XCTAssertEqual(people.map(\.person.name), ["Alice", "Bob", "Carol"])
        XCTAssertEqual(people.map { $0.books.map(\.title) }, [["B1", "B3"], ["B2"], []])
        // Both ran their statements once, in order.
        XCTAssertEqual(
            recorder.sql,
            [
                #"SELECT * FROM "person" ORDER BY "id""#,
                #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?)"#
            ])
    }
}
