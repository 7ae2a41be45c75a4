import Foundation
import XCTest
import TestSupport
@testable import AssocCore

/// SwiftCodeGenerator: expected code written by hand for requests on a small library schema.
final class SwiftCodeTests: XCTestCase {
    static let schemaSQL = """
        CREATE TABLE country (code TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL);
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
        CREATE TABLE passport (id INTEGER PRIMARY KEY, countryCode TEXT NOT NULL REFERENCES country(code),
            citizenId INTEGER NOT NULL REFERENCES person(id));
        CREATE TABLE library (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE address (id INTEGER PRIMARY KEY, libraryId INTEGER NOT NULL UNIQUE REFERENCES library(id), street TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER, price REAL, cover BLOB, notes,
            authorId INTEGER NOT NULL REFERENCES person(id), translatorId INTEGER REFERENCES person(id),
            libraryId INTEGER REFERENCES library(id));
        CREATE TABLE prize (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), name TEXT NOT NULL, year INTEGER);
        CREATE TABLE "Order Details" (OrderID INTEGER NOT NULL, "default" TEXT, "Unit Price" NUMERIC(10,2) NOT NULL,
            bookId INTEGER REFERENCES book(id));
        CREATE TABLE "column" (id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id));
        """

    static func makeDatabase() throws -> Database {
        return try TestDatabase.make(schemaSQL)
    }

    // MARK: - Helpers

    let book = Table("book"), person = Table("person"), country = Table("country")

    func code(_ request: Request, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try SwiftCodeGenerator.code(for: request, in: Self.makeDatabase())
    }

    /// Asserts that `code` contains `block` (lines joined with newlines).
    func assertContains(_ code: String, _ block: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(code.contains(block), "missing:\n\(block)\n--- in:\n\(code)", file: file, line: line)
    }

    static let bookStruct = """
        struct Book: TableRecord, FetchableRecord, Decodable {
        %STATICS%    var id: Int64
            var title: String
            var year: Int64?
            var price: Double?
            var cover: [UInt8]?
            var notes: [UInt8]?
            var authorId: Int64
            var translatorId: Int64?
            var libraryId: Int64?
        }
        """

    static func book(statics: [String]) -> String {
        bookStruct.replacingOccurrences(of: "%STATICS%", with: statics.map { "    " + $0 + "\n" }.joined())
    }

    static let personStruct = """
        struct Person: TableRecord, FetchableRecord, Decodable {
        %STATICS%    var id: Int64
            var name: String
            var countryCode: String?
        }
        """

    static func person(statics: [String]) -> String {
        personStruct.replacingOccurrences(of: "%STATICS%", with: statics.map { "    " + $0 + "\n" }.joined())
    }

    static let countryStruct = """
        struct Country: TableRecord, FetchableRecord, Decodable {
            var code: String
            var name: String
        }
        """

    // MARK: - Plain table and column types

    func testPlainTableIsFetchedAsItsRecord() throws {
        XCTAssertEqual(try code(country.all), """
            import AssocCore

            struct Country: TableRecord, FetchableRecord, Decodable {
                var code: String
                var name: String
            }

            let request = Country.all
            let rows = try Country.fetchAll(db, request)

            """)
    }

    func testColumnTypesFollowAffinityAndNullability() throws {
        // id: rowid alias, never NULL; year INTEGER; price REAL; cover BLOB; notes untyped; authorId NOT NULL.
        let text = try code(book.filter(Column("year") >= 2000))
        assertContains(text, Self.book(statics: []))
        assertContains(text, "let request = Book.filter(Column(\"year\") >= 2000)\nlet rows = try Book.fetchAll(db, request)")
    }

    // MARK: - belongsTo, chains, prefetch

    func testRequiredChainWithOptionalLeafAndPrefetch() throws {
        let request = book.including(required: book.author.including(optional: person.country)).including(all: book.prizes)
        XCTAssertEqual(try code(request), """
            import AssocCore

            \(Self.book(statics: [
                "static let author = belongsTo(Person.self, key: \"author\", using: ForeignKey([\"authorId\"], to: [\"id\"]))",
                "static let prizes = hasMany(Prize.self, key: \"prizes\", using: ForeignKey([\"bookId\"], to: [\"id\"]))",
            ]))

            \(Self.person(statics: [
                "static let country = belongsTo(Country.self, key: \"country\", using: ForeignKey([\"countryCode\"], to: [\"code\"]))",
            ]))

            \(Self.countryStruct)

            struct Prize: TableRecord, FetchableRecord, Decodable {
                var id: Int64
                var bookId: Int64
                var name: String
                var year: Int64?
            }

            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var author: Person
                var country: Country?
                var prizes: [Prize]
            }

            let request = Book.including(required: Book.author.including(optional: Person.country))
                .including(all: Book.prizes)
            let rows = try BookInfo.fetchAll(db, request)

            """)
    }

    func testOptionalBelongsToIsOptionalAndJoiningAddsNothing() throws {
        let request = book.including(optional: book.translator).joining(required: book.author.filter(Column("name") != nil))
        let text = try code(request)
        assertContains(text, "static let translator = belongsTo(Person.self, key: \"translator\", using: ForeignKey([\"translatorId\"], to: [\"id\"]))")
        assertContains(text, "static let author = belongsTo(Person.self, key: \"author\", using: ForeignKey([\"authorId\"], to: [\"id\"]))")
        assertContains(text, """
            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var translator: Person?
            }

            let request = Book.including(optional: Book.translator)
                .joining(required: Book.author.filter(Column("name") != nil))
            let rows = try BookInfo.fetchAll(db, request)
            """)
    }

    func testRequiredBehindOptionalIsOptional() throws {
        let request = book.including(optional: book.translator.including(required: person.country))
        assertContains(try code(request), """
            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var translator: Person?
                var country: Country?
            }
            """)
    }

    func testCollidingKeysGetNestedStructs() throws {
        let request = book
            .including(required: book.author.including(optional: person.country))
            .including(optional: book.translator.including(optional: person.country))
        let text = try code(request)
        assertContains(text, """
            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var author: AuthorInfo
                var translator: TranslatorInfo?
            }

            struct AuthorInfo: FetchableRecord, Decodable {
                var person: Person
                var country: Country?
            }

            struct TranslatorInfo: FetchableRecord, Decodable {
                var person: Person
                var country: Country?
            }
            """)
        // One static for both uses of person.country.
        XCTAssertEqual(text.components(separatedBy: "static let country =").count, 2)
    }

    // MARK: - Through associations

    func testHasManyThroughPrefetchDeclaresPivotAndTarget() throws {
        XCTAssertEqual(try code(country.including(all: country.citizens)), """
            import AssocCore

            struct Country: TableRecord, FetchableRecord, Decodable {
                static let passports = hasMany(Passport.self, key: "passports", using: ForeignKey(["countryCode"], to: ["code"]))
                static let citizens = hasMany(Person.self, through: Country.passports, using: Passport.citizen, key: "citizens")
                var code: String
                var name: String
            }

            struct Passport: TableRecord, FetchableRecord, Decodable {
                static let citizen = belongsTo(Person.self, key: "citizen", using: ForeignKey(["citizenId"], to: ["id"]))
                var id: Int64
                var countryCode: String
                var citizenId: Int64
            }

            \(Self.person(statics: []))

            struct CountryInfo: FetchableRecord, Decodable {
                var country: Country
                var citizens: [Person]
            }

            let request = Country.including(all: Country.citizens)
            let rows = try CountryInfo.fetchAll(db, request)

            """)
    }

    func testHasOneThroughJoinedOptionally() throws {
        let text = try code(book.including(optional: book.address))
        assertContains(text, """
            static let library = belongsTo(Library.self, key: "library", using: ForeignKey(["libraryId"], to: ["id"]))
                static let address = hasOne(Address.self, through: Book.library, using: Library.address, key: "address")
            """)
        assertContains(text, """
            struct Library: TableRecord, FetchableRecord, Decodable {
                static let address = hasOne(Address.self, key: "address", using: ForeignKey(["libraryId"], to: ["id"]))
                var id: Int64
                var name: String
            }

            struct Address: TableRecord, FetchableRecord, Decodable {
                var id: Int64
                var libraryId: Int64
                var street: String?
            }

            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var address: Address?
            }

            let request = Book.including(optional: Book.address)
            """)
    }

    // MARK: - Aggregates, selection

    func testAggregatesUseTheGraphsSingularKey() throws {
        // person.booksAsAuthor joined as to-one is keyed `bookAsAuthor` (graph's singular name), which
        // plain inflection of the declared key would not give: the code adds forKey.
        let books = person.booksAsAuthor
        let request = person.annotated(with: books.count, books.max(Column("year")), books.average(Column("price")).forKey("meanPrice"))
            .having(books.count >= 2)
        assertContains(try code(request), """
            struct PersonInfo: FetchableRecord, Decodable {
                var person: Person
                var bookAsAuthorCount: Int64
                var maxBookAsAuthorYear: Int64?
                var meanPrice: Double?
            }

            let request = Person.annotated(with: Person.booksAsAuthor.forKey("bookAsAuthor").count, Person.booksAsAuthor.forKey("bookAsAuthor").max(Column("year")), Person.booksAsAuthor.forKey("bookAsAuthor").average(Column("price")).forKey("meanPrice"))
                .having(Person.booksAsAuthor.forKey("bookAsAuthor").count >= 2)
            let rows = try PersonInfo.fetchAll(db, request)
            """)
    }

    func testCustomSelectionDecodesColumnsWithoutRecord() throws {
        let request = book.select(Column("id"), Column("title").expression.forKey("name")).annotated(with: book.prizes.isEmpty)
        assertContains(try code(request), """
            struct BookInfo: FetchableRecord, Decodable {
                var id: Int64
                var name: String
                var hasNoPrize: Bool
            }

            let request = Book.select(Column("id"), Column("title").expression.forKey("name"))
                .annotated(with: Book.prizes.isEmpty)
            """)
    }

    func testPrefetchWithRefinementsAndKey() throws {
        let request = book.including(all: book.prizes.filter(Column("year") > 2000).order(Column("year").desc).forKey("recentPrizes"))
        assertContains(try code(request), """
            struct BookInfo: FetchableRecord, Decodable {
                var book: Book
                var recentPrizes: [Prize]
            }

            let request = Book.including(all: Book.prizes.filter(Column("year") > 2000).order(Column("year").desc).forKey("recentPrizes"))
            """)
    }

    // MARK: - Expressions and literals

    func testAliasesFiltersOrderingAndLimit() throws {
        let request = book.aliased("b")
            .including(required: book.author.filter(Column("name").like("A%") || TableAlias("b")["year"] > 2000))
            .filter((Column("year") >= 2000 && Column("title") != nil) || !(Column("price") < 10.5))
            .order(Column("title").desc, Column("year"))
            .limit(10, offset: 20)
        assertContains(try code(request), """
            let request = Book.aliased(TableAlias("b"))
                .filter(Column("year") >= 2000 && Column("title") != nil || !(Column("price") < 10.5))
                .including(required: Book.author.filter(Column("name").like("A%") || TableAlias("b")["year"] > 2000))
                .order(Column("title").desc, Column("year"))
                .limit(10, offset: 20)
            """)
    }

    func testValueLiteralsAreEscaped() throws {
        let request = book
            .filter(Column("title") == "say \"hi\"\\\n" || Column("cover") == DatabaseValue.blob([1, 255]))
            .filter(Column("year").in([1999, -5]) && (Column("price") + 1) * 2 > 3)
            .filter(Column("notes").expression ?? "none" == "x")
        assertContains(try code(request), """
            let request = Book.filter(Column("title") == "say \\"hi\\"\\\\\\n" || Column("cover") == DatabaseValue.blob([0x01, 0xFF]))
                .filter(Column("year").in([1999, -5]) && (Column("price") + 1) * 2 > 3)
                .filter(Column("notes").expression ?? "none" == "x")
            """)
    }

    // MARK: - Names

    func testOddTableAndColumnNames() throws {
        let details = Table("Order Details")
        let text = try code(details.including(optional: details.book).filter(Column("default") != nil))
        assertContains(text, """
            struct OrderDetail: TableRecord, FetchableRecord, Decodable {
                static let databaseTableName = "Order Details"
                static let book = belongsTo(Book.self, key: "book", using: ForeignKey(["bookId"], to: ["id"]))
                var orderId: Int64
                var `default`: String?
                var unitPrice: Double
                var bookId: Int64?

                enum CodingKeys: String, CodingKey {
                    case orderId = "OrderID", `default`, unitPrice = "Unit Price", bookId
                }
            }
            """)
        assertContains(text, """
            struct OrderDetailInfo: FetchableRecord, Decodable {
                var orderDetail: OrderDetail
                var book: Book?
            }

            let request = OrderDetail.filter(Column("default") != nil)
                .including(optional: Book.book)
            """.replacingOccurrences(of: "Book.book", with: "OrderDetail.book"))
    }

    func testTypeNamesDoNotShadowAssocCore() throws {
        let text = try code(book.including(all: book.columns))
        assertContains(text, """
            struct ColumnRecord: TableRecord, FetchableRecord, Decodable {
                static let databaseTableName = "column"
                var id: Int64
                var bookId: Int64?
            }
            """)
        assertContains(text, "var columns: [ColumnRecord]")
    }

    func testUnknownAssociationThrowsNamingIt() throws {
        XCTAssertThrowsError(try code(book.including(required: book.editor))) { error in
            guard case .unknownAssociation("book", "editor", _, _)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(String(describing: error).contains("editor"), "\(error)")
        }
    }

    // MARK: - Compiling the generated code

    func compileAndRun(_ code: String, postlude: String, arguments: [String]) throws -> String {
        let result = try SwiftProgram.compileAndRun(code + "\n" + postlude, arguments: arguments)
        XCTAssertEqual(result.compileStatus, 0, "swiftc failed:\n\(result.output)\n--- source:\n\(code + postlude)")
        XCTAssertEqual(result.runStatus, 0, result.output)
        return result.compileStatus == 0 ? result.output : ""
    }

    /// A database file with the test schema and a few rows.
    func makeDatabaseFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swiftcode-\(UUID().uuidString).sqlite").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute(Self.schemaSQL + """
            INSERT INTO country VALUES ('FR', 'France'), ('JP', 'Japan');
            INSERT INTO person VALUES (1, 'Ann', 'FR'), (2, 'Bob', NULL), (3, 'Chiyo', 'JP');
            INSERT INTO passport VALUES (1, 'FR', 1), (2, 'JP', 3), (3, 'FR', 3);
            INSERT INTO library VALUES (1, 'Central');
            INSERT INTO address VALUES (1, 1, 'Main "Street"');
            INSERT INTO book (id, title, year, price, cover, notes, authorId, translatorId, libraryId) VALUES
                (1, 'Dune', 2001, 9.5, X'01FF', NULL, 1, NULL, 1),
                (2, 'Emma', 1999, NULL, NULL, 'old', 2, 3, NULL),
                (3, 'Zoo', 2010, 3.0, NULL, NULL, 2, NULL, NULL);
            INSERT INTO prize VALUES (1, 1, 'Hugo', 2002), (2, 1, 'Nebula', 2001), (3, 3, 'Booker', NULL);
            INSERT INTO "Order Details" VALUES (10, 'yes', 4.25, 1), (11, NULL, 1, NULL);
            """)
        return path
    }

    func testGeneratedCodeCompilesAndDecodesRows() throws {
        let path = try makeDatabaseFile()
        let request = book.including(required: book.author.including(optional: person.country))
            .including(optional: book.address)
            .including(all: book.prizes.order(Column("name")))
            .filter(Column("year") >= 2000)
            .order(Column("title").desc)
        let output = try compileAndRun(try code(request), postlude: """
            for row in rows {
                print(row.book.title, row.book.cover ?? [], row.author.name, row.country?.name ?? "-", row.address?.street ?? "-", row.prizes.map(\\.name))
            }
            """, arguments: [path])
        // Hand-checked: books of 2000 and later, by title descending; Zoo's author Bob has no country.
        XCTAssertEqual(output, """
            Zoo [] Bob - - ["Booker"]
            Dune [1, 255] Ann France Main "Street" ["Hugo", "Nebula"]

            """)
    }

    func testGeneratedCodeWithOddNamesAggregatesAndThroughCompiles() throws {
        let path = try makeDatabaseFile()
        let details = Table("Order Details")
        let first = try compileAndRun(try code(details.including(optional: details.book).filter(Column("default") != nil)), postlude: """
            for row in rows { print(row.orderDetail.orderId, row.orderDetail.default ?? "-", row.orderDetail.unitPrice, row.book?.title ?? "-") }
            """, arguments: [path])
        XCTAssertEqual(first, "10 yes 4.25 Dune\n")
        let books = person.booksAsAuthor
        let second = try compileAndRun(try code(person.annotated(with: books.count).having(books.count >= 1)
                .order(Column("name"))), postlude: """
            for row in rows { print(row.person.name, row.bookAsAuthorCount) }
            """, arguments: [path])
        XCTAssertEqual(second, "Ann 1\nBob 2\n")
        let third = try compileAndRun(try code(country.including(all: country.citizens.order(Column("name").desc)).order(Column("code"))), postlude: """
            for row in rows { print(row.country.code, row.citizens.map(\\.name)) }
            """, arguments: [path])
        XCTAssertEqual(third, "FR [\"Chiyo\", \"Ann\"]\nJP [\"Chiyo\"]\n")
    }

    /// `request(for:)` on a whole request: the code calls `request.request(for:)`, and each citizen
    /// comes once though Chiyo holds two passports.
    func testRequestForAssociatedRecordsCompilesAndListsEachRecordOnce() throws {
        let path = try makeDatabaseFile()
        let db = try Database(connection: Connection(path: path))
        let request = try db.request(for: country.citizens, of: country.all).order(Column("name"))
        let code = try code(request)
        assertContains(code, """
            let request = Country.all
                .request(for: Country.citizens)
                .order(Column("name"))
            """)
        let output = try compileAndRun(code, postlude: """
            for row in rows { print(row.name) }
            """, arguments: [path])
        XCTAssertEqual(output, "Ann\nChiyo\n")
    }
}
