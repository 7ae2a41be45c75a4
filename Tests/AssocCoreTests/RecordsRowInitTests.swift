import XCTest

@testable import AssocCore

/// Records that implement `init(row:)` themselves (no `Decodable` on the way), and the
/// per-fetch key plans of the `Decodable` path.
final class RecordsRowInitTests: XCTestCase {
    typealias Book = Library.Book
    typealias Person = Library.Person
    typealias Country = Library.Country
    typealias Prize = Library.Prize

    struct RowBook: FetchableRecord, Equatable {
        var id: Int64, title: String, year: Int?
        init(id: Int64, title: String, year: Int?) {
            self.id = id
            self.title = title
            self.year = year
        }
        init(row: Row) throws {
            id = try row.decode(column: "id")
            title = try row.decode(column: "title")
            year = try row.decodeIfPresent(column: "year")
        }
    }

    struct RowPerson: FetchableRecord, Equatable {
        var name: String, countryCode: String?
        init(row: Row) throws {
            name = try row.decode(column: "name")
            countryCode = try row.decodeIfPresent(column: "countryCode")
        }
    }

    struct RowPrize: FetchableRecord, Equatable {
        var name: String, year: Int
        init(row: Row) throws {
            name = try row.decode(atIndex: 2)
            year = try row.decode(column: "YEAR")  // case-insensitive, as Decodable keys
        }
    }

    /// A hand-written record over scopes (required, nullable, nested breadth-first), prefetched
    /// rows, and a `Decodable` record (`Country`) decoded through its default `init(row:)`.
    struct RowBookInfo: FetchableRecord {
        var book: RowBook
        var author: RowPerson
        var translator: RowPerson?
        var country: Country?
        var prizes: [RowPrize]
        init(row: Row) throws {
            book = try RowBook(row: row)
            author = try row.decode(scope: "author")
            translator = try row.decodeIfPresent(scope: "translator")
            country = try row.decodeIfPresent(scope: "country")
            prizes = try row.decode(prefetched: "prizes")
        }
    }

    var infoRequest: Request {
        Book
            .including(required: Book.author.including(optional: Person.country))
            .including(optional: Book.translator)
            .including(all: Book.prizes.order(Column("year")))
            .order(Column("id"))
    }

    func testHandWrittenInitWithScopesNullableScopesAndPrefetchedRows() throws {
        let db = try makeLibraryDatabase()
        let infos = try RowBookInfo.fetchAll(db, infoRequest)
        XCTAssertEqual(
            infos.map(\.book),
            [
                RowBook(id: 1, title: "B1", year: 2000), RowBook(id: 2, title: "B2", year: 2010),
                RowBook(id: 3, title: "B3", year: nil), RowBook(id: 4, title: "B4", year: 2020)
            ])
        XCTAssertEqual(infos.map(\.author.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map(\.translator?.name), ["Bob", nil, nil, nil])
        XCTAssertEqual(infos.map(\.country?.name), ["France", "USA", "France", nil])
        XCTAssertEqual(infos.map { $0.prizes.map(\.name) }, [["Nobel", "Goncourt"], ["Pulitzer"], [], []])
        XCTAssertEqual(infos.first?.prizes.first?.year, 2001)
        XCTAssertEqual(try RowBookInfo.fetchOne(db, infoRequest)?.author.name, "Alice")
    }

    /// The same rows decoded by hand and by `Decodable` give the same records.
    func testHandWrittenAndDecodableAgree() throws {
        struct CodableInfo: FetchableRecord {
            var book: Book
            var author: Person
            var translator: Person?
            var country: Country?
            var prizes: [Prize]
        }
        let db = try makeLibraryDatabase()
        let byHand = try RowBookInfo.fetchAll(db, infoRequest)
        let decoded = try CodableInfo.fetchAll(db, infoRequest)
        XCTAssertEqual(byHand.map(\.book.title), decoded.map(\.book.title))
        XCTAssertEqual(byHand.map(\.book.year), decoded.map(\.book.year))
        XCTAssertEqual(byHand.map(\.author.name), decoded.map(\.author.name))
        XCTAssertEqual(byHand.map(\.translator?.name), decoded.map(\.translator?.name))
        XCTAssertEqual(byHand.map(\.country), decoded.map(\.country))
        XCTAssertEqual(byHand.map { $0.prizes.map(\.name) }, decoded.map { $0.prizes.map(\.name) })
    }

    func testHandWrittenErrorsNameTheColumnScopeOrKey() throws {
        let db = try makeLibraryDatabase()

        struct Misspelt: FetchableRecord {
            var title: String
            init(row: Row) throws { title = try row.decode(column: "titel") }
        }
        let missing = decodingError { _ = try Misspelt.fetchAll(db, Book.all) }
        XCTAssertEqual(missing?.kind, .columnNotFound)
        XCTAssertEqual(missing?.message.hasPrefix(#"column not found: "titel" - available columns: ["id""#), true)

        struct WrongType: FetchableRecord {
            var title: Int
            init(row: Row) throws { title = try row.decode(column: "title") }
        }
        let mismatch = decodingError { _ = try WrongType.fetchAll(db, Book.all) }
        XCTAssertEqual(mismatch?.kind, .typeMismatch)
        XCTAssertEqual(mismatch?.message, #"could not decode Int from column "title" with value "B1" (TEXT)"#)
        XCTAssertEqual(mismatch?.codingPath, ["title"])

        struct NullYear: FetchableRecord {
            var year: Int
            init(row: Row) throws { year = try row.decode(column: "year") }
        }
        let null = decodingError { _ = try NullYear.fetchAll(db, Book.order(Column("year"))) }
        XCTAssertEqual(null?.kind, .valueNotFound)

        // An error inside a scope's record names the scope in its path.
        struct AuthorAge: FetchableRecord {
            var age: Int
            init(row: Row) throws { age = try row.decode(column: "age") }
        }
        struct BookAuthorAge: FetchableRecord {
            var author: AuthorAge
            init(row: Row) throws { author = try row.decode(scope: "author") }
        }
        let nested = decodingError { _ = try BookAuthorAge.fetchAll(db, Book.including(required: Book.author)) }
        XCTAssertEqual(nested?.kind, .columnNotFound)
        XCTAssertEqual(nested?.codingPath, ["author", "age"])

        // A required scope that is absent, or only NULL; a misspelt optional scope is an error too.
        let noScope = decodingError { _ = try BookAuthorAge.fetchAll(db, Book.all) }
        XCTAssertEqual(noScope?.kind, .scopeNotFound)
        struct RequiredTranslator: FetchableRecord {
            var translator: RowPerson
            init(row: Row) throws { translator = try row.decode(scope: "translator") }
        }
        let onlyNull = decodingError {
            _ = try RequiredTranslator.fetchAll(db, Book.including(optional: Book.translator).order(Column("id")))
        }
        XCTAssertEqual(onlyNull?.kind, .scopeContainsOnlyNull)
        struct MisspeltScope: FetchableRecord {
            var translator: RowPerson?
            init(row: Row) throws { translator = try row.decodeIfPresent(scope: "translater") }
        }
        let misspelt = decodingError { _ = try MisspeltScope.fetchAll(db, Book.including(optional: Book.translator)) }
        XCTAssertEqual(misspelt?.message, #"scope not found: "translater" - available scopes: ["translator"]"#)

        // Prefetched rows: absent key, and an element's error with its position.
        struct NoPrizes: FetchableRecord {
            var prizes: [RowPrize]
            init(row: Row) throws { prizes = try row.decode(prefetched: "prizes") }
        }
        XCTAssertEqual(decodingError { _ = try NoPrizes.fetchAll(db, Book.all) }?.kind, .prefetchedRowsNotFound)
        struct BadPrize: FetchableRecord {
            var year: String
            init(row: Row) throws { year = try row.decode(column: "year") }
        }
        struct BadPrizes: FetchableRecord {
            var prizes: [BadPrize]
            init(row: Row) throws { prizes = try row.decode(prefetched: "prizes") }
        }
        let element = decodingError { _ = try BadPrizes.fetchAll(db, Book.including(all: Book.prizes).order(Column("id"))) }
        XCTAssertEqual(element?.codingPath, ["prizes", "0", "year"])

        // An index out of range.
        struct Index: FetchableRecord {
            var value: Int64
            init(row: Row) throws { value = try row.decode(atIndex: 99) }
        }
        XCTAssertEqual(decodingError { _ = try Index.fetchAll(db, Book.all) }?.message, "no column at index 99: the scope has 5 columns")
    }

    /// Rows built by hand (no fetch) decode with the same API.
    func testHandWrittenInitOnRowsBuiltByHand() throws {
        let author = Row(columnNames: ["name", "countryCode"], values: [.text("Zoe"), .null])
        let row = Row(
            columnNames: ["id", "title", "year"], values: [.integer(9), .text("B9"), .null],
            scopes: [("author", author), ("translator", Row(columnNames: ["name", "countryCode"], values: [.null, .null]))])
        struct Info: FetchableRecord {
            var book: RowBook, author: RowPerson, translator: RowPerson?
            init(row: Row) throws {
                book = try RowBook(row: row)
                author = try row.decode(scope: "author")
                translator = try row.decodeIfPresent(scope: "translator")
            }
        }
        let info = try Info(row: row)
        XCTAssertEqual(info.book, RowBook(id: 9, title: "B9", year: nil))
        XCTAssertEqual(info.author, try RowPerson(row: author))
        XCTAssertNil(info.translator)
    }

    // MARK: The Decodable path's key plans

    struct PersonName: FetchableRecord {
        var name: String
        var countryCode: String?
    }
    struct BookTitle: FetchableRecord {
        var title: String
        var year: Int?
    }
    struct TitleAndAuthor: FetchableRecord {
        var book: BookTitle
        var author: PersonName
        var country: Country?
    }

    /// Two record types decoded in one process and in one fetch (each `CodingKey` type has its
    /// own plan), then again in other fetches of other shapes: each fetch resolves its own keys.
    func testKeyPlansOfSeveralRecordTypes() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(required: Book.author.including(optional: Person.country)).order(Column("id"))
        for _ in 0..<2 {
            let infos = try TitleAndAuthor.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.book.title), ["B1", "B2", "B3", "B4"])
            XCTAssertEqual(infos.map(\.author.name), ["Alice", "Bob", "Alice", "Carol"])
            XCTAssertEqual(infos.map(\.country?.code), ["FR", "US", "FR", nil])
            XCTAssertEqual(try PersonName.fetchAll(db, Person.order(Column("id"))).map(\.name), ["Alice", "Bob", "Carol"])
            // The same type over rows whose columns come in another order.
            let reordered = try PersonName.fetchAll(db, Person.select(Column("countryCode"), Column("name")).order(Column("id")))
            XCTAssertEqual(reordered.map(\.countryCode), ["FR", "US", nil])
            XCTAssertEqual(try BookTitle.fetchAll(db, Book.order(Column("id"))).map(\.year), [2000, 2010, nil, 2020])
        }
    }

    /// A record whose keys depend on the row (decoded conditionally, in another order): the plan
    /// is a guess checked against each row, never a wrong column.
    func testKeyPlanWithConditionalKeys() throws {
        struct Conditional: FetchableRecord {
            var label: String
            enum CodingKeys: String, CodingKey { case id, title, year }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                if try container.decode(Int64.self, forKey: .id) % 2 == 0 {
                    label = try container.decode(String.self, forKey: .title)
                } else {
                    label = String(try container.decodeIfPresent(Int.self, forKey: .year) ?? 0)
                }
            }
        }
        let db = try makeLibraryDatabase()
        XCTAssertEqual(try Conditional.fetchAll(db, Book.order(Column("id"))).map(\.label), ["2000", "B2", "0", "B4"])
    }

    /// A decoding error in a later row of a fetch (after the plan is made) still names its column.
    func testErrorAfterThePlanNamesTheColumn() throws {
        struct Year: FetchableRecord {
            var title: String
            var year: Int
        }
        let db = try makeLibraryDatabase()
        let error = decodingError { _ = try Year.fetchAll(db, Book.order(Column("id"))) }
        XCTAssertEqual(error?.kind, .valueNotFound)
        XCTAssertEqual(error?.message, #"could not decode Int from column "year": NULL found (declare the property optional)"#)
        XCTAssertEqual(error?.codingPath, ["year"])
    }
}
