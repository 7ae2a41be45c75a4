import TestSupport
import XCTest

@testable import AssocCore

// Records of the library schema used by the Records*Tests files, and tests of the record types themselves.

/// The library schema's records, in a namespace so that other test files keep their own names.
enum Library {
    struct Country: TableRecord, FetchableRecord, Equatable, Hashable {
        static let people = hasMany(Person.self)
        static let books = hasMany(Book.self, through: people, using: Person.books)
        var code: String
        var name: String
    }

    struct Person: TableRecord, FetchableRecord, Equatable, Hashable {
        static let country = belongsTo(Country.self)
        static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
        var id: Int64
        var name: String
        var countryCode: String?
    }

    struct Book: TableRecord, FetchableRecord, Equatable, Hashable {
        static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
        static let translator = belongsTo(Person.self, key: "translator", using: ForeignKey(["translatorId"]))
        static let coverImage = hasOne(CoverImage.self)
        static let prizes = hasMany(Prize.self)
        var id: Int64
        var authorId: Int64
        var translatorId: Int64?
        var title: String
        var year: Int?
    }

    struct CoverImage: TableRecord, FetchableRecord, Equatable, Hashable {
        var id: Int64
        var bookId: Int64
        var path: String
    }

    struct Prize: TableRecord, FetchableRecord, Equatable, Hashable {
        var id: Int64
        var bookId: Int64
        var name: String
        var year: Int
    }
}

/// countries FR, US; people Alice (FR), Bob (US), Carol (no country);
/// books B1 (Alice, translated by Bob, 2000), B2 (Bob, 2010), B3 (Alice, no year), B4 (Carol, 2020);
/// one cover (B1); prizes Nobel 2001 and Goncourt 2002 (B1), Pulitzer 2011 (B2).
func makeLibraryDatabase() throws -> Database {
    return try TestDatabase.make(
        """
        CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
        CREATE TABLE book(
            id INTEGER PRIMARY KEY,
            authorId INTEGER NOT NULL REFERENCES person(id),
            translatorId INTEGER REFERENCES person(id),
            title TEXT NOT NULL,
            year INTEGER);
        CREATE TABLE coverImage(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL UNIQUE REFERENCES book(id), path TEXT NOT NULL);
        CREATE TABLE prize(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), name TEXT NOT NULL, year INTEGER NOT NULL);
        INSERT INTO country VALUES ('FR', 'France'), ('US', 'USA');
        INSERT INTO person VALUES (1, 'Alice', 'FR'), (2, 'Bob', 'US'), (3, 'Carol', NULL);
        INSERT INTO book VALUES (1, 1, 2, 'B1', 2000), (2, 2, NULL, 'B2', 2010), (3, 1, NULL, 'B3', NULL), (4, 3, NULL, 'B4', 2020);
        INSERT INTO coverImage VALUES (1, 1, 'b1.png');
        INSERT INTO prize VALUES (1, 1, 'Nobel', 2001), (2, 1, 'Goncourt', 2002), (3, 2, 'Pulitzer', 2011);
        """)
}

/// The error `body` throws, as a `RowDecodingError`, or a test failure.
func decodingError(
    _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line
) -> RowDecodingError? {
    do {
        try body()
        XCTFail("expected a RowDecodingError, got none", file: file, line: line)
    } catch AssocError.decoding(let error) {
        return error
    } catch {
        XCTFail("expected a RowDecodingError, got \(error)", file: file, line: line)
    }
    return nil
}

final class RecordsLibraryTests: XCTestCase {
    func testDefaultTableNamesOfNestedTypes() {
        XCTAssertEqual(Library.Book.databaseTableName, "book")
        XCTAssertEqual(Library.CoverImage.databaseTableName, "coverImage")
        XCTAssertEqual(Library.Person.table, Table("person"))
    }
}
