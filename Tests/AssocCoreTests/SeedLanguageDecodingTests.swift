import XCTest

@testable import AssocCore

/// The decoding examples of GRDB's Associations guide, with requests written in the request language and decoded into typed
/// records (Sources/AssocCore/Records); each is also decoded from the Swift API request, with the same result.
final class SeedLanguageDecodingTests: XCTestCase {
    // MARK: Records of SeedSchemas.library()

    struct Country: TableRecord, FetchableRecord, Equatable {
        var code: String
        var name: String
    }

    struct Person: TableRecord, FetchableRecord, Equatable {
        var id: Int64
        var name: String
        var countryCode: String?
    }

    struct Book: TableRecord, FetchableRecord, Equatable {
        var id: Int64
        var title: String
        var year: Int?
    }

    struct CoverImage: TableRecord, FetchableRecord, Equatable {
        var path: String
    }

    /// Decoding a Hierarchical Decodable Record (GRDB's Associations guide).
    struct BookInfo: FetchableRecord, Equatable {
        struct AuthorInfo: Decodable, Equatable {
            var author: Person
            var country: Country?
        }
        var book: Book
        var coverImage: CoverImage?
        var authorInfo: AuthorInfo
        var translatorInfo: AuthorInfo?
    }

    func testHierarchicalBookInfo() throws {
        let db = try SeedSchemas.library()
        let book = Table("book")
        let person = Table("person")
        let text = """
            book.including(optional: coverImage)
                .including(required: author.forKey("authorInfo").including(optional: country))
                .including(optional: translator.forKey("translatorInfo").including(optional: country))
                .order(id)
            """
        let swift =
            book
            .including(optional: book.coverImage)
            .including(required: book.author.forKey("authorInfo").including(optional: person.country))
            .including(optional: book.translator.forKey("translatorInfo").including(optional: person.country))
            .order(Column("id"))
        try assertLanguageTwin(db, text, swift)
        let infos = try db.request(parsing: text).fetchAll(db, as: BookInfo.self)
        XCTAssertEqual(infos, try BookInfo.fetchAll(db, swift))
        XCTAssertEqual(infos.map(\.book.title), ["Zeta", "Alpha", "Mid", "Beta"])
        XCTAssertEqual(infos.map(\.coverImage?.path), ["z.png", nil, nil, nil])
        XCTAssertEqual(infos.map(\.authorInfo.author.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map(\.authorInfo.country?.code), ["FR", nil, "FR", "US"])
        XCTAssertEqual(infos.map(\.translatorInfo?.author.name), ["Carol", nil, nil, "Bob"])
        XCTAssertEqual(infos.map(\.translatorInfo?.country?.name), ["USA", nil, nil, nil])
        XCTAssertEqual(infos.first?.book, Book(id: 1, title: "Zeta", year: 2000))
    }

    /// A prefetch under an included to-one association, decoded as a nested record with an array.
    struct BookWithAuthorBooks: FetchableRecord, Equatable {
        struct AuthorBooks: Decodable, Equatable {
            var person: Person
            var otherBooks: [Book]
        }
        var book: Book
        var author: AuthorBooks
    }

    func testPrefetchUnderToOne() throws {
        let db = try SeedSchemas.library()
        let text = #"book.including(required: author.including(all: booksAsAuthor.order(id).forKey("otherBooks"))).order(id)"#
        let request = try db.request(parsing: text)
        let infos = try BookWithAuthorBooks.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.author.person.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map { $0.author.otherBooks.map(\.title) }, [["Zeta", "Mid"], ["Alpha"], ["Zeta", "Mid"], ["Beta"]])
        let book = Table("book")
        let person = Table("person")
        let swift =
            book
            .including(required: book.author.including(all: person.booksAsAuthor.order(Column("id")).forKey("otherBooks")))
            .order(Column("id"))
        XCTAssertEqual(infos, try swift.fetchAll(db, as: BookWithAuthorBooks.self))
    }

    // MARK: Records of SeedSchemas.authors() and teams()

    struct Author: TableRecord, FetchableRecord, Equatable {
        var id: Int64
        var name: String
        var country: String?
    }

    /// The aggregates chapter's `AuthorInfo`: the author and its annotations.
    struct AuthorInfo: FetchableRecord, Equatable {
        var author: Author
        var bookCount: Int
        var maxBookYear: Int?
        var averageBookPrice: Double?
    }

    func testAnnotatedAuthorInfo() throws {
        let db = try SeedSchemas.authors()
        let text = "author.annotated(with: books.count, books.max(year), books.average(price)).order(id)"
        let infos = try db.request(parsing: text).fetchAll(db, as: AuthorInfo.self)
        XCTAssertEqual(
            infos,
            [
                AuthorInfo(author: Author(id: 1, name: "Ann", country: "FR"), bookCount: 3, maxBookYear: 2012, averageBookPrice: 20),
                AuthorInfo(author: Author(id: 2, name: "Ben", country: "US"), bookCount: 1, maxBookYear: 1999, averageBookPrice: 5),
                AuthorInfo(author: Author(id: 3, name: "Cid", country: "FR"), bookCount: 0, maxBookYear: nil, averageBookPrice: nil),
                AuthorInfo(author: Author(id: 4, name: "Dan", country: nil), bookCount: 0, maxBookYear: nil, averageBookPrice: nil)
            ])
        let author = Table("author")
        let swift = author.annotated(with: author.books.count, author.books.max(Column("year")), author.books.average(Column("price")))
            .order(Column("id"))
        XCTAssertEqual(infos, try AuthorInfo.fetchAll(db, swift))
    }

    /// `hasBooks` and `workCount` keys decode as Bool and Int; `having` keeps the productive authors.
    struct AuthorWork: FetchableRecord, Equatable {
        var author: Author
        var hasBooks: Bool
        var workCount: Int
    }

    func testHavingAndKeyedAggregates() throws {
        let db = try SeedSchemas.authors()
        let text =
            #"author.annotated(with: (books.isEmpty = false).forKey("hasBooks"), (books.count + paintings.count).forKey("workCount")).having(books.count + paintings.count > 0).order(id)"#
        let infos = try db.request(parsing: text).fetchAll(db, as: AuthorWork.self)
        XCTAssertEqual(infos.map(\.author.name), ["Ann", "Ben", "Dan"])
        XCTAssertEqual(infos.map(\.hasBooks), [true, true, false])
        XCTAssertEqual(infos.map(\.workCount), [3, 3, 1])
        let author = Table("author")
        let swift =
            author
            .annotated(with: (author.books.isEmpty == false).forKey("hasBooks"), (author.books.count + author.paintings.count).forKey("workCount"))
            .having(author.books.count + author.paintings.count > 0).order(Column("id"))
        XCTAssertEqual(infos, try AuthorWork.fetchAll(db, swift))
    }

    struct Team: TableRecord, FetchableRecord, Equatable {
        var id: Int64
        var name: String
    }

    struct Player: TableRecord, FetchableRecord, Equatable {
        var name: String
        var score: Int?
    }

    struct TeamInfo: FetchableRecord, Equatable {
        var team: Team
        var players: [Player]
        var minPlayerScore: Int
    }

    func testPrefetchedPlayersWithIfNullAggregate() throws {
        let db = try SeedSchemas.teams()
        let text = "team.annotated(with: players.min(score) ?? 0).including(all: players.order(position)).order(id)"
        let infos = try db.request(parsing: text).fetchAll(db, as: TeamInfo.self)
        XCTAssertEqual(infos.map(\.team.name), ["Reds", "Blues", "Greens"])
        XCTAssertEqual(infos.map { $0.players.map(\.name) }, [["Amy", "Max", "Zed"], ["Kim"], []])
        XCTAssertEqual(infos.first?.players.map(\.score), [80, nil, 50])
        XCTAssertEqual(infos.map(\.minPlayerScore), [50, 30, 0])
        let team = Table("team")
        let swift = team.annotated(with: team.players.min(Column("score")) ?? 0)
            .including(all: team.players.order(Column("position"))).order(Column("id"))
        XCTAssertEqual(infos, try TeamInfo.fetchAll(db, swift))
    }
}
