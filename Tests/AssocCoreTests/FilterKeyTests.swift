import TestSupport
import XCTest

@testable import AssocCore

/// `filter(key:)` and `filter(keys:)` in the request language: rows by primary key (a rowid
/// alias, a composite key by column, the rowid of a table without a declared key), expanded
/// against the schema; the text form prints back as typed.
final class FilterKeyTests: XCTestCase {
    func database() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE pair (a INTEGER NOT NULL, b TEXT NOT NULL, v TEXT, PRIMARY KEY (a, b));
            CREATE TABLE loose (v TEXT);
            CREATE VIEW names AS SELECT name FROM genre;
            INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Pop');
            INSERT INTO pair VALUES (1, 'x', 'one-x'), (1, 'y', 'one-y'), (2, 'x', 'two-x');
            INSERT INTO loose VALUES ('first'), ('second');
            """)
    }

    func names(_ text: String, _ column: String = "name", in db: Database) throws -> [DatabaseValue?] {
        try db.fetchAll(db.request(parsing: text)).map { $0[column] }
    }

    func testKeysOfEveryKind() throws {
        let db = try database()
        XCTAssertEqual(try names("genre.filter(key: 2)", in: db), ["Jazz"])
        XCTAssertEqual(try names("genre.filter(keys: [3, 1])", in: db), ["Rock", "Pop"])
        XCTAssertEqual(try names("genre.filter(keys: [9])", in: db), [])
        XCTAssertEqual(try names("pair.filter(key: [b: 'y', a: 1])", "v", in: db), ["one-y"])
        XCTAssertEqual(try names("pair.filter(keys: [[a: 1, b: 'x'], [a: 2, b: 'x']])", "v", in: db), ["one-x", "two-x"])
        XCTAssertEqual(try names("loose.filter(key: 2)", "v", in: db), ["second"])
        XCTAssertEqual(
            try db.mainStatement(for: db.request(parsing: "genre.filter(keys: [1, 2]).filter(name != 'Pop')")).sql,
            #"SELECT * FROM "genre" WHERE ("id" IN (?, ?)) AND ("name" <> ?)"#)
    }

    func testTheTextFormPrintsBackAsTyped() throws {
        for text in ["genre.filter(key: 2)", "pair.filter(keys: [[a: 1, b: 'x'], [a: 2, b: 'x']])", "genre.filter(key: 1).request(for: x)"] {
            XCTAssertEqual(RequestPrinter.print(try RequestParser.parse(text)), text)
        }
    }

    func testErrorsNameTheKey() throws {
        let db = try database()
        let cases = [
            ("pair.filter(key: 1)", "the primary key of \"pair\" has several columns (a, b): write filter(key: [a: …, b: …])"),
            ("pair.filter(key: [a: 1])", "the primary key of \"pair\" is (a, b); the key given names (a)"),
            ("names.filter(key: 1)", "\"names\" has no primary key (a view): filter on its columns instead of filter(key:)")
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try db.request(parsing: text), text) { error in
                XCTAssertEqual((error as? AssocError)?.message, message)
            }
        }
        XCTAssertThrowsError(try RequestParser.parse("genre.filter(keys: 1)")) { error in
            XCTAssertTrue("\(error)".contains("expected '[' after 'keys:'"), "\(error)")
        }
        XCTAssertThrowsError(try RequestParser.parse("pair.filter(key: [1, 2])")) { error in
            XCTAssertTrue("\(error)".contains("expected 'column: value' in a composite key"), "\(error)")
        }
    }

    func testTheSwiftAPIBuildsTheSameRequests() throws {
        let db = try database()
        let genre = Table("genre")
        let pair = Table("pair")
        XCTAssertEqual(genre.filter(key: 2), try db.request(parsing: "genre.filter(key: 2)"))
        XCTAssertEqual(genre.all.filter(keys: [3, 1]), try db.request(parsing: "genre.filter(keys: [3, 1])"))
        XCTAssertEqual(pair.all.filter(key: ["a": 1, "b": "y"]), try db.request(parsing: "pair.filter(key: [a: 1, b: 'y'])"))
        XCTAssertEqual(try db.fetchAll(pair.all.filter(key: ["b": "y", "a": 1])).map { $0["v"] }, ["one-y"])
        XCTAssertEqual(try db.fetchAll(genre.all.filter(id: 3)).map { $0["name"] }, ["Pop"])
        // The request line writes the key form back.
        XCTAssertEqual(
            try genre.all.filter(keys: [3, 1]).filter(Column("name") != "Pop").languageText(),
            "genre.filter(keys: [3, 1]).filter(name != 'Pop')")
    }

    /// The guides: filter(key:) and filter(keys:) "can filter associated records as well": the
    /// association's destination rows, by their primary key.
    func testOnAnAssociationTheDestinationIsFilteredByItsKey() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
            CREATE TABLE tag (bookId INTEGER REFERENCES book(id), label TEXT NOT NULL, PRIMARY KEY (bookId, label));
            INSERT INTO author VALUES (1, 'Zola'), (2, 'Hugo');
            INSERT INTO book VALUES (1, 1, 'Nana'), (2, 2, 'Les Misérables'), (3, 1, 'Germinal');
            INSERT INTO tag VALUES (1, 'novel'), (1, 'paris'), (3, 'mine');
            """)
        let required = try db.request(parsing: "book.including(required: author.filter(key: 1)).order(id)")
        XCTAssertEqual(
            try db.mainStatement(for: required).sql,
            #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."id" = ?) ORDER BY "book"."id""#
        )
        XCTAssertEqual(try db.fetchAll(required).map { $0["title"] }, ["Nana", "Germinal"])
        XCTAssertEqual(try required.languageText(), "book.including(required: author.filter(key: 1)).order(id)")
        let book = Table("book")
        XCTAssertEqual(required, book.including(required: book.author.filter(key: 1)).order(Column("id")))
        let code = try SwiftCodeGenerator.code(for: required, in: db)
        XCTAssertTrue(code.contains("including(required: Book.author.filter(key: 1))"), code)
        // keys:, a prefetch, an aggregate, a composite key.
        let prefetched = try db.fetchAll(db.request(parsing: "author.including(all: books.filter(keys: [3, 2])).order(id)"))
        XCTAssertEqual(prefetched.map { $0.prefetchedRows("books")?.map { $0["title"] } }, [["Germinal"], ["Les Misérables"]])
        XCTAssertEqual(
            try db.fetchAll(db.request(parsing: "author.annotated(with: books.filter(keys: [1, 2]).count).order(id)")).map { $0["bookCount"] }, [1, 1]
        )
        XCTAssertEqual(
            try db.fetchAll(book.all.including(all: book.tags.filter(key: ["bookId": 1, "label": "paris"])).filter(key: 1))
                .first?.prefetchedRows("tags")?.map { $0["label"] }, ["paris"])
        XCTAssertThrowsError(try db.request(parsing: "book.including(required: tags.filter(key: 1))")) { error in
            XCTAssertEqual(
                (error as? AssocError)?.message,
                "the primary key of \"tag\" has several columns (bookId, label): write filter(key: [bookId: …, label: …])")
        }
    }
}
