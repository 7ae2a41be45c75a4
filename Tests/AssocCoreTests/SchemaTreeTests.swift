import XCTest

@testable import AssocCore

final class SchemaTreeTests: XCTestCase {
    func testTreeAroundATable() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY);
            CREATE TABLE person(id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code));
            CREATE TABLE library(id INTEGER PRIMARY KEY);
            CREATE TABLE address(id INTEGER PRIMARY KEY, libraryId INTEGER UNIQUE REFERENCES library(id));
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES person(id), libraryId INTEGER REFERENCES library(id));
            """)
        let db = try Database(connection: connection)
        let tree = SchemaTree(around: "book", in: db.graph, depth: 2)
        XCTAssertEqual(
            tree.lines.map(\.text),
            [
                "book",
                "├─→ author: person",
                "│ ├─→ country: country",
                "│ ├─⇉ books: book …",
                "│ └─⇶ libraries: library (via books.library)",
                "├─→ library: library",
                "│ ├─↣ address: address",
                "│ ├─⇉ books: book …",
                "│ └─⇶ authors: person (via books.author)",
                "├─⤳ address: address (via library.address)",
                "└─⤳ country: country (via author.country)"
            ])
        XCTAssertEqual(tree.lines[1].table, "person")
        XCTAssertTrue(tree.lines[3].isRepeat)
    }

    func testUnknownTableGivesJustItsName() throws {
        let db = try Database(connection: Connection.inMemory())
        XCTAssertEqual(SchemaTree(around: "nothing", in: db.graph).lines.map(\.text), ["nothing"])
    }
}
