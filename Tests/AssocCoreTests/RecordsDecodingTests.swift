import XCTest

@testable import AssocCore

final class RecordsDecodingTests: XCTestCase {
    typealias Book = Library.Book
    typealias Person = Library.Person
    typealias Country = Library.Country
    typealias CoverImage = Library.CoverImage
    typealias Prize = Library.Prize

    func testPlainRecordsWithOptionalColumnNull() throws {
        let db = try makeLibraryDatabase()
        let books = try Book.fetchAll(db, Book.order(Column("id")))
        XCTAssertEqual(
            books,
            [
                Book(id: 1, authorId: 1, translatorId: 2, title: "B1", year: 2000),
                Book(id: 2, authorId: 2, translatorId: nil, title: "B2", year: 2010),
                Book(id: 3, authorId: 1, translatorId: nil, title: "B3", year: nil),
                Book(id: 4, authorId: 3, translatorId: nil, title: "B4", year: 2020)
            ])
        XCTAssertEqual(try Person.fetchAll(db).map(\.countryCode), ["FR", "US", nil])
    }

    func testFetchOneAndCount() throws {
        let db = try makeLibraryDatabase()
        XCTAssertEqual(try Person.fetchOne(db, Person.filter(Column("name") == "Bob"))?.id, 2)
        XCTAssertNil(try Person.fetchOne(db, Person.filter(Column("name") == "Zoe")))
        XCTAssertEqual(try Book.fetchCount(db), 4)
        XCTAssertEqual(try Book.fetchOne(db)?.title, "B1")
    }

    struct BookAuthor: FetchableRecord {
        var book: Book
        var author: Person
    }

    func testRequiredAuthorFromScope() throws {
        let db = try makeLibraryDatabase()
        let infos = try BookAuthor.fetchAll(db, Book.including(required: Book.author).order(Column("id")))
        XCTAssertEqual(infos.map(\.book.title), ["B1", "B2", "B3", "B4"])
        XCTAssertEqual(infos.map(\.author.name), ["Alice", "Bob", "Alice", "Carol"])
        // `book` decoded from the root columns, not from the author's (both have `id`).
        XCTAssertEqual(infos.map(\.book.id), [1, 2, 3, 4])
        XCTAssertEqual(infos.map(\.author.id), [1, 2, 1, 3])
    }

    struct BookTranslator: FetchableRecord {
        var book: Book
        var translator: Person?
    }

    func testOptionalTranslatorIsNilWhenNull() throws {
        let db = try makeLibraryDatabase()
        let infos = try BookTranslator.fetchAll(db, Book.including(optional: Book.translator).order(Column("id")))
        XCTAssertEqual(infos.map(\.translator?.name), ["Bob", nil, nil, nil])
    }

    struct BookCountry: FetchableRecord {
        var book: Book
        var author: Person
        var country: Country?
    }

    func testCountryThroughChainedScope() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(required: Book.author.including(optional: Person.country)).order(Column("id"))
        let infos = try BookCountry.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.country?.name), ["France", "USA", "France", nil])
        XCTAssertEqual(infos.map(\.author.name), ["Alice", "Bob", "Alice", "Carol"])
    }

    struct BookCover: FetchableRecord {
        var book: Book
        var coverImage: CoverImage?
    }

    func testOptionalCoverImage() throws {
        let db = try makeLibraryDatabase()
        let infos = try BookCover.fetchAll(db, Book.including(optional: Book.coverImage).order(Column("id")))
        XCTAssertEqual(infos.map(\.coverImage), [CoverImage(id: 1, bookId: 1, path: "b1.png"), nil, nil, nil])
    }

    struct BookPrizes: FetchableRecord {
        var book: Book
        var prizes: [Prize]
    }

    func testPrizesFromIncludingAll() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(all: Book.prizes.order(Column("year").desc)).order(Column("id"))
        let infos = try BookPrizes.fetchAll(db, request)
        XCTAssertEqual(infos.map { $0.prizes.map(\.name) }, [["Goncourt", "Nobel"], ["Pulitzer"], [], []])
        XCTAssertEqual(infos.first?.prizes.first, Prize(id: 2, bookId: 1, name: "Goncourt", year: 2002))
    }

    struct BookPrizeSet: FetchableRecord {
        var book: Book
        var prizes: Set<Prize>
    }

    func testPrizesIntoASet() throws {
        let db = try makeLibraryDatabase()
        let infos = try BookPrizeSet.fetchAll(db, Book.including(all: Book.prizes).order(Column("id")))
        XCTAssertEqual(infos.map { Set($0.prizes.map(\.year)) }, [[2001, 2002], [2011], [], []])
    }

    /// `BookInfo { book, author, country?, coverImage?, prizes }`, as in GRDB's Associations guide.
    struct BookInfo: FetchableRecord {
        var book: Book
        var author: Person
        var country: Country?
        var coverImage: CoverImage?
        var prizes: [Prize]
    }

    func testFullBookInfo() throws {
        let db = try makeLibraryDatabase()
        let request =
            Book
            .including(required: Book.author.including(optional: Person.country))
            .including(optional: Book.coverImage)
            .including(all: Book.prizes.order(Column("year")))
            .order(Column("id"))
        let infos = try BookInfo.fetchAll(db, request)
        XCTAssertEqual(infos.count, 4)
        let first = try XCTUnwrap(infos.first)
        XCTAssertEqual(first.book, Book(id: 1, authorId: 1, translatorId: 2, title: "B1", year: 2000))
        XCTAssertEqual(first.author, Person(id: 1, name: "Alice", countryCode: "FR"))
        XCTAssertEqual(first.country, Country(code: "FR", name: "France"))
        XCTAssertEqual(first.coverImage?.path, "b1.png")
        XCTAssertEqual(first.prizes.map(\.name), ["Nobel", "Goncourt"])
        XCTAssertEqual(infos.map(\.coverImage?.path), ["b1.png", nil, nil, nil])
        XCTAssertEqual(infos.map(\.country?.code), ["FR", "US", "FR", nil])
        XCTAssertEqual(infos.map(\.prizes.count), [2, 1, 0, 0])
        XCTAssertEqual(try request.fetchOne(db, as: BookInfo.self)?.book.title, "B1")
    }
}
