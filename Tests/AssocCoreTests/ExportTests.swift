import TestSupport
import XCTest

@testable import AssocCore

final class ExportTests: XCTestCase {
    func makeDatabase() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), title TEXT, cover BLOB, price REAL);
            INSERT INTO person VALUES (1, 'Ann "A", Jr.'), (2, NULL);
            INSERT INTO book VALUES (1, 1, 'Line
            break', X'FF00', 2.5), (2, 2, ' padded ', NULL, NULL), (3, NULL, 'Plain', NULL, 1);
            """)
    }

    func testCSVQuotesAndFlattensScopes() throws {
        let db = try makeDatabase()
        let book = Table("book")
        let rows = try db.fetchAll(
            book.select(Column("id"), Column("title"), Column("cover"), Column("price"))
                .including(optional: book.author.select(Column("name"))).order(Column("id")))
        XCTAssertEqual(
            try RowCSV.render(rows),
            [
                "id,title,cover,price,author.name",
                "1,\"Line\nbreak\",/wA=,2.5,\"Ann \"\"A\"\", Jr.\"",
                "2,\" padded \",,,",
                "3,Plain,,1.0,",
                ""
            ].joined(separator: "\r\n"))
    }

    func testCSVPrefetchedRowsAreJSONFields() throws {
        let db = try makeDatabase()
        let person = Table("person")
        let rows = try db.fetchAll(person.including(all: person.books.select(Column("id"))).order(Column("id")))
        XCTAssertEqual(try RowCSV.render(rows), "id,name,books\r\n1,\"Ann \"\"A\"\", Jr.\",\"[{\"\"id\"\":1}]\"\r\n2,,\"[{\"\"id\"\":2}]\"\r\n")
    }

    func testJSONOfAnEmptyResultIsAnEmptyArray() throws {
        XCTAssertEqual(try RowJSON.render([]), "[]\n")
        XCTAssertEqual(try RowCSV.render([]), "")
    }
}
