import XCTest

@testable import AssocCore

/// Decoding errors are thrown, never trapped, and name what is at fault.
final class RecordsErrorsTests: XCTestCase {
    typealias Book = Library.Book
    typealias Person = Library.Person
    typealias CoverImage = Library.CoverImage
    typealias Prize = Library.Prize

    struct PersonWithNickname: FetchableRecord {
        var id: Int
        var nickname: String
    }

    func testMissingColumnIsNamed() throws {
        let db = try makeLibraryDatabase()
        let error = decodingError { _ = try PersonWithNickname.fetchAll(db, Person.all) }
        XCTAssertEqual(error?.kind, .columnNotFound)
        XCTAssertEqual(error?.message, #"column not found: "nickname" - available columns: ["id", "name", "countryCode"]"#)
        XCTAssertEqual(error?.codingPath, ["nickname"])
    }

    struct Counter: FetchableRecord {
        var id: Int
        var n: Int
    }

    func testTypeMismatchNamesColumnAndValue() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE counter(id INTEGER PRIMARY KEY, n);
            INSERT INTO counter VALUES (1, 7), (2, 'abc');
            """)
        let db = try Database(connection: connection)
        XCTAssertEqual(try Counter.fetchAll(db, Table("counter").filter(Column("id") == 1)).map(\.n), [7])
        let error = decodingError { _ = try Counter.fetchAll(db, Table("counter").all) }
        XCTAssertEqual(error?.kind, .typeMismatch)
        XCTAssertEqual(error?.message, #"could not decode Int from column "n" with value "abc" (TEXT)"#)
        XCTAssertEqual(error?.description, #"could not decode Int from column "n" with value "abc" (TEXT) (decoding n)"#)
    }

    func testRealDecodesIntoIntOnlyWhenExact() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE counter(id INTEGER PRIMARY KEY, n REAL);
            INSERT INTO counter VALUES (1, 3.0), (2, 3.5);
            """)
        let db = try Database(connection: connection)
        XCTAssertEqual(try Counter.fetchOne(db, Table("counter").all)?.n, 3)
        let error = decodingError { _ = try Counter.fetchAll(db, Table("counter").all) }
        XCTAssertEqual(error?.message, #"could not decode Int from column "n" with value 3.5 (REAL)"#)
    }

    struct StrictBook: FetchableRecord {
        var title: String
        var year: Int
    }

    func testNullInNonOptionalProperty() throws {
        let db = try makeLibraryDatabase()
        let error = decodingError { _ = try StrictBook.fetchAll(db, Book.order(Column("id"))) }
        XCTAssertEqual(error?.kind, .valueNotFound)
        XCTAssertEqual(error?.message, #"could not decode Int from column "year": NULL found (declare the property optional)"#)
    }

    struct BookAuthor: FetchableRecord {
        var book: Book
        var author: Person
    }

    func testRequiredScopeAbsent() throws {
        let db = try makeLibraryDatabase()
        let noScope = decodingError { _ = try BookAuthor.fetchAll(db, Book.all) }
        XCTAssertEqual(noScope?.kind, .scopeNotFound)
        XCTAssertEqual(noScope?.message, #"scope not found: "author""#)
        XCTAssertEqual(noScope?.codingPath, ["author"])

        let otherScopes = decodingError {
            _ = try BookAuthor.fetchAll(db, Book.including(optional: Book.coverImage).including(optional: Book.translator))
        }
        XCTAssertEqual(otherScopes?.message, #"scope not found: "author" - available scopes: ["coverImage", "translator"]"#)
    }

    struct BookRequiredTranslator: FetchableRecord {
        var book: Book
        var translator: Person
    }

    func testRequiredScopeWithOnlyNullValues() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(optional: Book.translator).order(Column("id"))
        XCTAssertEqual(try BookRequiredTranslator.fetchOne(db, request)?.translator.name, "Bob")
        let error = decodingError { _ = try BookRequiredTranslator.fetchAll(db, request) }
        XCTAssertEqual(error?.kind, .scopeContainsOnlyNull)
        XCTAssertEqual(error?.message, #"scope "translator" only contains null values (declare the property optional for an optional association)"#)
    }

    struct BookPrizes: FetchableRecord {
        var book: Book
        var prizes: [Prize]
    }

    struct BookOptionalPrizes: FetchableRecord {
        var book: Book
        var prizes: [Prize]?
    }

    func testPrefetchedRowsAbsent() throws {
        let db = try makeLibraryDatabase()
        let error = decodingError { _ = try BookPrizes.fetchAll(db, Book.all) }
        XCTAssertEqual(error?.kind, .prefetchedRowsNotFound)
        XCTAssertEqual(error?.message, #"key for prefetched rows not found: "prizes""#)

        let withOtherKey = decodingError {
            _ = try BookPrizes.fetchAll(db, Book.including(all: Book.prizes.forKey("awards")))
        }
        XCTAssertEqual(withOtherKey?.message, #"key for prefetched rows not found: "prizes" - available keys: ["awards"]"#)
        // Optional collections are nil when not prefetched.
        XCTAssertEqual(try BookOptionalPrizes.fetchAll(db, Book.order(Column("id"))).map { $0.prizes == nil }, [true, true, true, true])
    }

    struct BookWithCoverAsText: FetchableRecord {
        var book: Book
        var coverImage: String
    }

    func testValuePropertyReadsColumnsOnly() throws {
        let db = try makeLibraryDatabase()
        // `coverImage` names a scope, but a String property only reads columns.
        let error = decodingError { _ = try BookWithCoverAsText.fetchAll(db, Book.including(required: Book.coverImage)) }
        XCTAssertEqual(error?.kind, .columnNotFound)
        XCTAssertEqual(
            error?.message,
            #"column not found: "coverImage" - available columns: ["id", "authorId", "translatorId", "title", "year"]"#)
    }
}
