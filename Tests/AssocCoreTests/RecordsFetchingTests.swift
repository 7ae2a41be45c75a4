import XCTest

@testable import AssocCore

/// request(for:) results, rows decoded without a request, column value types, through helpers.
final class RecordsFetchingTests: XCTestCase {
    typealias Book = Library.Book
    typealias Person = Library.Person
    typealias Country = Library.Country
    typealias Prize = Library.Prize

    func testDecodingRequestForResults() throws {
        let db = try makeLibraryDatabase()
        let bookRow = try XCTUnwrap(try db.fetchOne(Book.filter(Column("id") == 2)))
        // B2's author is Bob.
        let authorRequest = try db.request(for: Book.author, of: bookRow, in: Book.databaseTableName)
        XCTAssertEqual(try Person.fetchOne(db, authorRequest), Person(id: 2, name: "Bob", countryCode: "US"))
        // B2's prizes.
        let prizesRequest = try db.request(for: Book.prizes, of: bookRow, in: Book.databaseTableName)
        XCTAssertEqual(try Prize.fetchAll(db, prizesRequest).map(\.name), ["Pulitzer"])

        // France's books, through its people.
        let countryRow = try XCTUnwrap(try db.fetchOne(Country.filter(Column("code") == "FR")))
        let booksRequest = try db.request(for: Country.books.order(Column("title")), of: countryRow, in: "country")
        XCTAssertEqual(try Book.fetchAll(db, booksRequest).map(\.title), ["B1", "B3"])
    }

    struct BookInfo: FetchableRecord {
        var book: Book
        var author: Person
        var prizes: [Prize]
    }

    func testDecodingRowsWithoutRequest() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(required: Book.author).including(all: Book.prizes.order(Column("id"))).order(Column("id"))
        let rows = try db.fetchAll(request)
        // The row's table is unknown: the first record property that matches no key decodes from the root.
        let infos = try rows.map { try BookInfo(row: $0) }
        XCTAssertEqual(infos.map(\.book.title), ["B1", "B2", "B3", "B4"])
        XCTAssertEqual(infos.map(\.author.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map(\.prizes.count), [2, 1, 0, 0])
        XCTAssertEqual(
            try Person(row: Row(columnNames: ["id", "name", "countryCode"], values: [9, "Zed", nil])),
            Person(id: 9, name: "Zed", countryCode: nil))
        // A malformed row (fewer values than names) throws instead of trapping.
        let short = decodingError { _ = try Person(row: Row(columnNames: ["id", "name"], values: [9])) }
        XCTAssertEqual(short?.message, #"column not found: "name" - available columns: ["id"]"#)
    }

    struct TwoRoots: FetchableRecord {
        var book: Book
        var other: Book
    }

    func testOnlyOneRootPropertyWithoutRequest() throws {
        let db = try makeLibraryDatabase()
        let row = try XCTUnwrap(try db.fetchOne(Book.all))
        let error = decodingError { _ = try TwoRoots(row: row) }
        XCTAssertEqual(error?.kind, .scopeNotFound)
        XCTAssertEqual(error?.message, #"scope not found: "other""#)
    }

    enum Shape: String, Decodable {
        case circle, square
    }

    struct Item: TableRecord, FetchableRecord {
        var id: Int64
        var shape: Shape
        var weight: Double
        var isActive: Bool
        var payload: [UInt8]
        var note: String?
        var small: Int8
    }

    func testColumnValueTypes() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE item(id INTEGER PRIMARY KEY, shape TEXT, weight REAL, isActive INTEGER, payload BLOB, note TEXT, small INTEGER);
            INSERT INTO item VALUES (1, 'circle', 2, 1, X'0102FF', NULL, -5), (2, 'square', 0.5, 0, 'ab', 'n', 127);
            """)
        let db = try Database(connection: connection)
        let items = try Item.fetchAll(db)
        XCTAssertEqual(items.map(\.shape), [.circle, .square])
        XCTAssertEqual(items.map(\.weight), [2.0, 0.5])
        XCTAssertEqual(items.map(\.isActive), [true, false])
        XCTAssertEqual(items.map(\.payload), [[1, 2, 255], [97, 98]])
        XCTAssertEqual(items.map(\.note), [nil, "n"])
        XCTAssertEqual(items.map(\.small), [-5, 127])

        try connection.execute("INSERT INTO item VALUES (3, 'triangle', 1, 1, X'', NULL, 0)")
        let badEnum = decodingError { _ = try Item.fetchAll(db) }
        XCTAssertEqual(badEnum?.kind, .typeMismatch)
        XCTAssertTrue(
            badEnum?.message.hasPrefix(#"could not decode Shape from column "shape" with value "triangle" (TEXT): "#) == true,
            badEnum?.message ?? "")
        try connection.execute("UPDATE item SET shape = 'circle', small = 300 WHERE id = 3")
        let overflow = decodingError { _ = try Item.fetchAll(db) }
        XCTAssertEqual(overflow?.message, #"could not decode Int8 from column "small" with value 300 (INTEGER)"#)
    }

    struct BookCountry: FetchableRecord {
        var book: Book
        var country: Country?
    }

    func testHasOneThroughHelperWithDefaultKey() throws {
        let db = try makeLibraryDatabase()
        let authorCountry = Book.hasOne(Country.self, through: Book.author, using: Person.country)
        let request = Book.including(optional: authorCountry).order(Column("id"))
        let infos = try BookCountry.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.country?.name), ["France", "USA", "France", nil])
    }

    struct PersonTitles: FetchableRecord {
        var person: Person
        var books: [String]
    }

    func testPrefetchedValuesReadTheFirstColumn() throws {
        let db = try makeLibraryDatabase()
        let request = Person.including(all: Person.books.select(Column("title")).order(Column("title"))).order(Column("id"))
        let infos = try PersonTitles.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.books), [["B1", "B3"], ["B2"], ["B4"]])
    }
}
