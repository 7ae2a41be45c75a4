import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// SwiftCodeGenerator: the GRDB 7 code expected for requests on a small library schema, written by
/// hand from GRDB's rules (default table names and keys, foreign key inference, keys
/// inflected from table names). Compiling and running the code against GRDB is Conformance/'s job (`--codegen`).
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

    /// The `Columns` enum of a record, one `Column` per column.
    static func columns(_ pairs: [(String, String)]) -> String {
        (["    enum Columns {"] + pairs.map { "        static let \($0.0) = Column(\"\($0.1)\")" } + ["    }"]).joined(separator: "\n")
    }

    static func book(statics: [String]) -> String {
        var lines = ["struct Book: Codable, FetchableRecord, TableRecord {"]
        if !statics.isEmpty { lines += statics.map { "    " + $0 } + [""] }
        lines += [
            "    var id: Int64", "    var title: String", "    var year: Int64?", "    var price: Double?",
            "    var cover: Data?", "    var notes: AnyDatabaseValue?", "    var authorId: Int64", "    var translatorId: Int64?",
            "    var libraryId: Int64?", "",
            columns(["id", "title", "year", "price", "cover", "notes", "authorId", "translatorId", "libraryId"].map { ($0, $0) }),
            "}"
        ]
        return lines.joined(separator: "\n")
    }

    static func person(statics: [String]) -> String {
        var lines = ["struct Person: Codable, FetchableRecord, TableRecord {"]
        if !statics.isEmpty { lines += statics.map { "    " + $0 } + [""] }
        lines += [
            "    var id: Int64", "    var name: String", "    var countryCode: String?", "",
            columns(["id", "name", "countryCode"].map { ($0, $0) }), "}"
        ]
        return lines.joined(separator: "\n")
    }

    static let countryStruct = """
        struct Country: Codable, FetchableRecord, TableRecord {
            var code: String
            var name: String

        \(columns([("code", "code"), ("name", "name")]))
        }
        """

    static let prizeStruct = """
        struct Prize: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var bookId: Int64
            var name: String
            var year: Int64?

        \(columns(["id", "bookId", "name", "year"].map { ($0, $0) }))
        }
        """

    // book has two foreign keys to person: GRDB needs the one to use, and the key differs from
    // GRDB's default ("person").
    static let author = #"static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"], to: ["id"]))"#
    static let translator = #"static let translator = belongsTo(Person.self, key: "translator", using: ForeignKey(["translatorId"], to: ["id"]))"#

    // MARK: - Plain table and column types

    func testPlainTableIsFetchedAsItsRecord() throws {
        XCTAssertEqual(
            try code(country.all),
            """
            import GRDB

            \(Self.countryStruct)

            /// The request, in GRDB's query interface.
            func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Country> {
                return Country.all()
            }

            /// The rows of the request, decoded.
            func fetchRows(_ db: Database) throws -> [Country] {
                try Country.fetchAll(db, makeRequest(db))
            }

            // let rows = try dbQueue.read(fetchRows)

            """)
    }

    func testColumnTypesFollowAffinityAndNullability() throws {
        // id: rowid alias, never NULL; year INTEGER; price REAL; cover BLOB: Data; notes untyped (and no
        // rows to tell its storage classes): any value.
        let text = try code(book.filter(Column("year") >= 2000))
        assertContains(text, Self.book(statics: []))
        assertContains(text, "    return Book.filter(Book.Columns.year >= 2000)\n}")
    }

    // MARK: - Records, keys and foreign keys

    func testRequiredChainWithOptionalLeafAndPrefetch() throws {
        let request = book.including(required: book.author.including(optional: person.country)).including(all: book.prizes)
        XCTAssertEqual(
            try code(request),
            """
            import Foundation
            import GRDB

            \(SwiftAnyValueSupport.text)

            \(Self.book(statics: [Self.author, "static let prizes = hasMany(Prize.self)"]))

            \(Self.person(statics: ["static let country = belongsTo(Country.self)"]))

            \(Self.countryStruct)

            \(Self.prizeStruct)

            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: Person
                var country: Country?
                var prizes: [Prize]
            }

            /// The request, in GRDB's query interface.
            func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Book> {
                return Book.including(required: Book.author.including(optional: Person.country))
                    .including(all: Book.prizes)
            }

            /// The rows of the request, decoded.
            func fetchRows(_ db: Database) throws -> [BookInfo] {
                try BookInfo.fetchAll(db, makeRequest(db))
            }

            // let rows = try dbQueue.read(fetchRows)

            """)
    }

    func testOptionalBelongsToIsOptionalAndJoiningAddsNothing() throws {
        let request = book.including(optional: book.translator).joining(required: book.author.filter(Column("name") != nil))
        let text = try code(request)
        assertContains(text, Self.translator)
        assertContains(text, Self.author)
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var translator: Person?
            }
            """)
        assertContains(
            text,
            """
                return Book.including(optional: Book.translator)
                    .joining(required: Book.author.filter(Person.Columns.name != nil))
            """)
    }

    func testRequiredBehindOptionalIsOptional() throws {
        let request = book.including(optional: book.translator.including(required: person.country))
        let text = try code(request)
        // GRDB would stop with a fatal error: the code says so and makes the inner join optional.
        assertContains(text, "// Note: GRDB can not chain a required association behind an optional one")
        assertContains(text, "return Book.including(optional: Book.translator.including(optional: Person.country))")
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var translator: Person?
                var country: Country?
            }
            """)
    }

    func testCollidingKeysGetNestedStructs() throws {
        let request =
            book
            .including(required: book.author.including(optional: person.country))
            .including(optional: book.translator.including(optional: person.country))
        let text = try code(request)
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: AuthorInfo
                var translator: TranslatorInfo?
            }

            struct AuthorInfo: Decodable, FetchableRecord {
                var person: Person
                var country: Country?
            }

            struct TranslatorInfo: Decodable, FetchableRecord {
                var person: Person
                var country: Country?
            }
            """)
        // One static for both uses of person.country.
        XCTAssertEqual(text.components(separatedBy: "static let country =").count, 2)
    }

    // MARK: - Through associations

    func testHasManyThroughPrefetchDeclaresPivotAndTarget() throws {
        // passports: GRDB's default key for passport (plural "passports"); citizen: a key of its
        // own, the only foreign key from passport to person; citizens: the target's key, plural.
        let text = try code(country.including(all: country.citizens))
        assertContains(
            text,
            """
            struct Country: Codable, FetchableRecord, TableRecord {
                static let passports = hasMany(Passport.self)
                static let citizens = hasMany(Person.self, through: Country.passports, using: Passport.citizen)

                var code: String
            """)
        assertContains(
            text,
            """
            struct Passport: Codable, FetchableRecord, TableRecord {
                static let citizen = belongsTo(Person.self, key: "citizen")

                var id: Int64
                var countryCode: String
                var citizenId: Int64
            """)
        assertContains(
            text,
            """
            struct CountryInfo: Decodable, FetchableRecord {
                var country: Country
                var citizens: [Person]
            }

            /// The request, in GRDB's query interface.
            func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Country> {
                return Country.including(all: Country.citizens)
            }
            """)
    }

    func testHasOneThroughJoinedOptionally() throws {
        let text = try code(book.including(optional: book.address))
        assertContains(
            text,
            """
                static let library = belongsTo(Library.self)
                static let address = hasOne(Address.self, through: Book.library, using: Library.address)
            """)
        assertContains(
            text,
            """
            struct Library: Codable, FetchableRecord, TableRecord {
                static let address = hasOne(Address.self)

                var id: Int64
                var name: String
            """)
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var address: Address?
            }
            """)
    }

    func testRecordPropertyAvoidsTheKeyOfAThroughPivot() throws {
        // country.citizens joins its pivot under the key "passport", then "citizen": a property
        // named passport would make GRDB decode the (empty) pivot scope.
        let passport = Table("passport")
        let text = try code(passport.including(optional: passport.country.including(optional: country.citizens)))
        assertContains(
            text,
            """
            struct PassportInfo: Decodable, FetchableRecord {
                var passportRecord: Passport
                var country: Country?
                var citizen: Person?
            }
            """)
    }

    // MARK: - Aggregates, selection

    func testAggregatesUseTheGraphsSingularKey() throws {
        // person.booksAsAuthor joined as to-one is keyed `bookAsAuthor` (graph's singular name), which
        // GRDB's singular of the key "booksAsAuthor" would not give: the code adds forKey.
        let books = person.booksAsAuthor
        let request = person.annotated(with: books.count, books.max(Column("year")), books.average(Column("price")).forKey("meanPrice"))
            .having(books.count >= 2)
        let text = try code(request)
        assertContains(text, #"static let booksAsAuthor = hasMany(Book.self, key: "booksAsAuthor", using: ForeignKey(["authorId"], to: ["id"]))"#)
        assertContains(
            text,
            """
            struct PersonInfo: Decodable, FetchableRecord {
                var person: Person
                var bookAsAuthorCount: Int64
                var maxBookAsAuthorYear: Int64?
                var meanPrice: Double?
            }
            """)
        assertContains(
            text,
            """
                return Person.annotated(with: Person.booksAsAuthor.forKey("bookAsAuthor").count, Person.booksAsAuthor.forKey("bookAsAuthor").max(Book.Columns.year), Person.booksAsAuthor.forKey("bookAsAuthor").average(Book.Columns.price).forKey("meanPrice"))
                    .having(Person.booksAsAuthor.forKey("bookAsAuthor").count >= 2)
            """)
    }

    func testOrderingByAnAnnotationOrdersByItsName() throws {
        // GRDB would qualify Column("bookAsAuthorCount") with the table: an SQL literal is not.
        let books = person.booksAsAuthor
        let text = try code(person.annotated(with: books.count).order(books.count.desc, Column("name")))
        assertContains(
            text,
            """
                    .order(SQL(sql: "bookAsAuthorCount".quotedDatabaseIdentifier).desc, Person.Columns.name)
            """)
    }

    func testHavingOnAnAnnotationsNameWritesTheAggregate() throws {
        // GRDB would qualify Column("bookAsAuthorCount") with the table ("no such column"): the
        // aggregate itself is what a GRDB user writes, and GRDB joins the association once.
        let books = person.booksAsAuthor
        let text = try code(person.annotated(with: books.count).having(Column("bookAsAuthorCount") >= 2))
        assertContains(
            text,
            """
                return Person.annotated(with: Person.booksAsAuthor.forKey("bookAsAuthor").count)
                    .having(Person.booksAsAuthor.forKey("bookAsAuthor").count >= 2)
            """)
        XCTAssertFalse(text.contains("Column(\"bookAsAuthorCount\")"), text)
    }

    func testFilterOnAnAnnotationsNameIsWrittenAsHaving() throws {
        // Assoc tests it in HAVING (WHERE would be a misuse of aggregate): so does the code.
        let books = person.booksAsAuthor
        let request = person.annotated(with: books.max(Column("year")).forKey("lastYear"))
            .filter(Column("lastYear") > 2000 && Column("name") != "x")
        let text = try code(request)
        assertContains(
            text,
            """
                return Person.annotated(with: Person.booksAsAuthor.forKey("bookAsAuthor").max(Book.Columns.year).forKey("lastYear"))
                    .filter(Person.Columns.name != "x")
                    .having(Person.booksAsAuthor.forKey("bookAsAuthor").max(Book.Columns.year) > 2000)
            """)
    }

    func testHavingOnAComputedAnnotationsNameUsesAnSQLLiteral() throws {
        let books = person.booksAsAuthor
        let request = person.annotated(with: (books.count * 2).forKey("twice")).having(Column("twice") > 4)
        let text = try code(request)
        assertContains(
            text,
            """
                    .having(SQL(sql: "twice".quotedDatabaseIdentifier).sqlExpression > 4)
            """)
    }

    func testCustomSelectionDecodesColumnsWithoutRecord() throws {
        let request = book.select(Column("id"), Column("title").expression.forKey("name")).annotated(with: book.prizes.isEmpty)
        let text = try code(request)
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var id: Int64
                var name: String
                var hasNoPrize: Bool
            }
            """)
        assertContains(
            text,
            """
                return Book.select(Book.Columns.id, Book.Columns.title.forKey("name"))
                    .annotated(with: Book.prizes.isEmpty)
            """)
    }

    func testPrefetchWithRefinementsAndKey() throws {
        let request = book.including(all: book.prizes.filter(Column("year") > 2000).order(Column("year").desc).forKey("recentPrizes"))
        let text = try code(request)
        assertContains(
            text,
            """
            struct BookInfo: Decodable, FetchableRecord {
                var book: Book
                var recentPrizes: [Prize]
            }
            """)
        assertContains(
            text,
            """
                return Book.including(all: Book.prizes.filter(Prize.Columns.year > 2000).order(Prize.Columns.year.desc).forKey("recentPrizes"))
            """)
    }

    // MARK: - Expressions and literals

    func testAliasesFiltersOrderingAndLimit() throws {
        let request = book.aliased("b")
            .including(required: book.author.filter(Column("name").like("A%") || TableAlias("b")["year"] > 2000))
            .filter((Column("year") >= 2000 && Column("title") != nil) || !(Column("price") < 10.5))
            .order(Column("title").desc, Column("year"))
            .limit(10, offset: 20)
        assertContains(
            try code(request),
            """
                let bAlias = TableAlias(name: "b")
                return Book.aliased(bAlias)
                    .filter(Book.Columns.year >= 2000 && Book.Columns.title != nil || !(Book.Columns.price < 10.5))
                    .including(required: Book.author.filter(Person.Columns.name.like("A%") || bAlias[Book.Columns.year] > 2000))
                    .order(Book.Columns.title.desc, Book.Columns.year)
                    .limit(10, offset: 20)
            """)
    }

    func testValueLiteralsAreEscaped() throws {
        let request =
            book
            .filter(Column("title") == "say \"hi\"\\\n" || Column("cover") == DatabaseValue.blob([1, 255]))
            .filter(Column("year").in([1999, -5]) && (Column("price") + 1) * 2 > 3)
            .filter(Column("notes").expression ?? "none" == "x")
        assertContains(
            try code(request),
            """
                return Book.filter(Book.Columns.title == "say \\"hi\\"\\\\\\n" || Book.Columns.cover == Data([0x01, 0xFF]))
                    .filter(([1999, -5] as [any SQLExpressible]).contains(Book.Columns.year) && (Book.Columns.price + 1) * 2 > 3)
                    .filter(Book.Columns.notes ?? "none" == "x")
            """)
    }

    func testOperatorsWithoutGRDBCounterpartUseSQLInterpolation() throws {
        // `= NULL` is never true in SQL: not `== nil`, which GRDB writes IS NULL.
        let request = book.filter(Expression.binary(.remainder, Column("year").expression, .value(.integer(4))) == 0)
            .filter(Expression.binary(.equal, Column("price").expression, .value(.null)))
        assertContains(
            try code(request),
            """
                return Book.filter(SQL("\\(Book.Columns.year) % \\(4)").sqlExpression == 0)
                    .filter(Book.Columns.price == SQL("NULL").sqlExpression)
            """)
    }

    // MARK: - Names

    func testOddTableAndColumnNames() throws {
        let details = Table("Order Details")
        let text = try code(details.including(optional: details.book).filter(Column("default") != nil))
        assertContains(
            text,
            """
            struct OrderDetail: Codable, FetchableRecord, TableRecord {
                static let databaseTableName = "Order Details"
                static let book = belongsTo(Book.self)

                var orderId: Int64
                var `default`: String?
                var unitPrice: Double
                var bookId: Int64?

                enum CodingKeys: String, CodingKey {
                    case orderId = "OrderID", `default`, unitPrice = "Unit Price", bookId
                }

            \(Self.columns([("orderId", "OrderID"), ("`default`", "default"), ("unitPrice", "Unit Price"), ("bookId", "bookId")]))
            }
            """)
        assertContains(
            text,
            """
            struct OrderDetailInfo: Decodable, FetchableRecord {
                var orderDetail: OrderDetail
                var book: Book?
            }
            """)
        assertContains(
            text,
            """
                return OrderDetail.filter(OrderDetail.Columns.`default` != nil)
                    .including(optional: OrderDetail.book)
            """)
    }

    func testTypeNamesDoNotShadowGRDB() throws {
        let text = try code(book.including(all: book.columns))
        assertContains(
            text,
            """
            struct ColumnRecord: Codable, FetchableRecord, TableRecord {
                static let databaseTableName = "column"

                var id: Int64
                var bookId: Int64?
            """)
        assertContains(text, "static let columns = hasMany(ColumnRecord.self)")
        assertContains(text, "var columns: [ColumnRecord]")
    }

    func testGRDBDefaultTableNames() {
        // GRDB's documented examples (TableRecord.databaseTableName).
        XCTAssertEqual(GRDBNaming.defaultTableName(ofType: "Player"), "player")
        XCTAssertEqual(GRDBNaming.defaultTableName(ofType: "PostalAddress"), "postalAddress")
        XCTAssertEqual(GRDBNaming.defaultTableName(ofType: "HTTPRequest"), "httpRequest")
        XCTAssertEqual(GRDBNaming.defaultTableName(ofType: "TOEFL"), "toefl")
    }

    func testUnknownAssociationThrowsNamingIt() throws {
        XCTAssertThrowsError(try code(book.including(required: book.editor))) { error in
            guard case .unknownAssociation("book", "editor", _, _)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(String(describing: error).contains("editor"), "\(error)")
        }
    }

    // MARK: - request(for:)

    func testRequestForFromOneRecordUsesRecordRequestFor() throws {
        let db = try Self.makeDatabase()
        let request = try db.request(for: country.passports, of: country.filter(key: "FR")).order(Column("id"))
        let text = try SwiftCodeGenerator.code(for: request, in: db)
        assertContains(text, "struct Country: Codable, FetchableRecord, EncodableRecord, TableRecord {")
        assertContains(
            text,
            """
            func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Passport> {
                guard let country = try Country.fetchOne(db, key: "FR") else {
                    return Passport.none()
                }
                return country.request(for: Country.passports)
                    .order(Passport.Columns.id)
            }
            """)
    }

    /// From several rows, or through a through association, GRDB's `record.request(for:)` does not
    /// say it (one record; a citizen with two passports would come twice): the keys filter instead.
    func testRequestForFromSeveralRowsFiltersByKeys() throws {
        let db = try Self.makeDatabase()
        let request = try db.request(for: country.citizens, of: country.all).order(Column("name"))
        let text = try SwiftCodeGenerator.code(for: request, in: db)
        assertContains(text, "// Note: GRDB's record.request(for:) starts from one record")
        assertContains(
            text,
            """
            func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Person> {
                let countryKeys = Country.select(Country.Columns.code)
                let passportKeys = Passport.filter(countryKeys.contains(Passport.Columns.countryCode))
                    .select(Passport.Columns.citizenId)
                return Person.filter(passportKeys.contains(Person.Columns.id))
                    .order(Person.Columns.name)
            }
            """)
    }

    // MARK: - Programs

    func testProgramPrintsTheJSONContractWithGRDBAndFoundationOnly() throws {
        let request = book.including(required: book.author.including(optional: person.country)).including(all: book.prizes)
        let text = try SwiftCodeGenerator.program(for: request, in: Self.makeDatabase(), requestText: "book…")
        XCTAssertTrue(text.hasPrefix("// The rows of an Assoc request, fetched with GRDB 7: book….\n"), text)
        let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
        XCTAssertEqual(imports, ["import Foundation", "import GRDB"])
        assertContains(
            text,
            """
            let jsonMembers: [JSONMember] = [.scope("author", [.scope("country", [])]), .prefetched("prizes", hidden: 1, [])]
            """)
        assertContains(text, "let dbQueue = try DatabaseQueue(path: CommandLine.arguments[1], configuration: configuration)")
        assertContains(text, "_ = try rows.map { try BookInfo(row: $0) }")
        assertContains(text, "print(jsonArray(rows, jsonMembers))")
    }

    // MARK: - Hostile names and values (issue 32, items 6 and 7)

    /// Bidi controls, zero-width and other invisible scalars: never raw in the code, in a string
    /// literal or in a comment (the request text of the program's header, a note).
    func testInvisibleScalarsAreEscapedInLiteralsAndComments() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE "tab\u{202E}le" (id INTEGER PRIMARY KEY, "na\u{2066}me\u{2069}" TEXT, "z\u{200B}w" TEXT);
            CREATE TABLE "q\u{202E}""t" (id INTEGER PRIMARY KEY);
            """)
        let table = Table("tab\u{202E}le")
        let program = try SwiftCodeGenerator.program(
            for: table.filter(Column("na\u{2066}me\u{2069}") == "\u{202E}x"), in: db,
            requestText: "`tab\u{202E}le`.filter(`na\u{2066}me\u{2069}` == '\u{202E}x')")
        let quoted = try SwiftCodeGenerator.code(for: Table("q\u{202E}\"t").all, in: db)
        for text in [program, quoted] {
            let raw = text.unicodeScalars.filter { [0x202E, 0x2066, 0x2069, 0x200B].contains($0.value) }
            XCTAssertTrue(raw.isEmpty, "raw invisible scalars \(raw.map { String($0.value, radix: 16) }) in:\n\(text)")
        }
        XCTAssertTrue(
            program.hasPrefix(
                "// The rows of an Assoc request, fetched with GRDB 7: `tab\\u{202E}le`.filter(`na\\u{2066}me\\u{2069}` == '\\u{202E}x').\n"), program
        )
        assertContains(program, #"static let databaseTableName = "tab\u{202E}le""#)
        assertContains(program, #"case id, name = "na\u{2066}me\u{2069}", zw = "z\u{200B}w""#)
        assertContains(program, #"return TableRecord2.filter(TableRecord2.Columns.name == "\u{202E}x")"#)
        assertContains(quoted, #"// Note: The table q\u{202E}"t has a double quote in its name"#)
    }

    /// `a‍b` (a zero-width joiner) beside `ab`: two types, each stating its table, so that neither
    /// reads the other's rows (GRDB would derive a name from the type without the joiner).
    func testTableNamesThatDifferByAnInvisibleScalarGetTypesOfTheirOwn() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE ab (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "a\u{200D}b" (id INTEGER PRIMARY KEY, abId INTEGER REFERENCES ab(id));
            CREATE TABLE "Cafe\u{301}" (id INTEGER PRIMARY KEY);
            """)
        let joined = Table("a\u{200D}b")
        let text = try SwiftCodeGenerator.code(for: joined.including(required: joined.association("ab")), in: db)
        assertContains(text, "struct Ab: Codable, FetchableRecord, TableRecord {\n    static let databaseTableName = \"a\\u{200D}b\"\n")
        assertContains(text, "struct Ab2: Codable, FetchableRecord, TableRecord {\n    static let databaseTableName = \"ab\"\n")
        assertContains(text, "static let ab = belongsTo(Ab2.self)\n")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x200D }, text)
        // A type name beyond ASCII: GRDB's derivation is not ours, the table is always stated.
        let cafe = try SwiftCodeGenerator.code(for: Table("Cafe\u{301}").all, in: db)
        assertContains(cafe, "static let databaseTableName = \"Cafe\u{301}\"")
        XCTAssertEqual(GRDBNaming.derivesTableName("book", fromType: "Book"), true)
        XCTAssertEqual(GRDBNaming.derivesTableName("a\u{200D}b", fromType: "Ab"), false)
        XCTAssertEqual(GRDBNaming.derivesTableName("caf\u{E9}", fromType: "Caf\u{E9}"), false)
    }

    /// Columns whose values the declared type does not take decode as `AnyDatabaseValue`: an
    /// untyped column holding integers and text, text in an INTEGER column, a real in an INTEGER
    /// column; columns that hold what they declare keep their types; STRICT tables keep theirs.
    func testColumnsHoldingOtherStorageClassesDecodeAsAnyDatabaseValue() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE u (id INTEGER PRIMARY KEY, a, ints, blobs, n NUMERIC, i INTEGER, r REAL, t TEXT,
                fine INTEGER, half INTEGER, day DATE);
            INSERT INTO u VALUES (1, 5, 1, x'01', 'x', 'text', 'y', x'00', 7, 2.5, 20260101),
                (2, 's', 2, 'b', 2.5, 3, 3, 'ok', 8, 1, '2026-01-01');
            CREATE TABLE s (id INTEGER PRIMARY KEY, i INTEGER, anything ANY) STRICT;
            INSERT INTO s VALUES (1, 2, 'x'), (2, 3, 4);
            """)
        let text = try SwiftCodeGenerator.code(for: Table("u").all, in: db)
        for line in [
            "var a: AnyDatabaseValue?", "var ints: Int64?", "var blobs: Data?", "var n: AnyDatabaseValue?",
            "var i: AnyDatabaseValue?", "var r: AnyDatabaseValue?", "var t: AnyDatabaseValue?", "var fine: Int64?",
            "var half: AnyDatabaseValue?", "var day: AnyDatabaseValue?"
        ] {
            assertContains(text, "    " + line + "\n")
        }
        assertContains(text, SwiftAnyValueSupport.text)
        let strict = try SwiftCodeGenerator.code(for: Table("s").all, in: db)
        assertContains(strict, "    var i: Int64?\n    var anything: AnyDatabaseValue?\n")
        // Without the storage classes (no connection to read them), NUMERIC affinity and untyped
        // columns take any value; declared INTEGER, REAL, TEXT keep their types.
        let storage = SwiftStorageClasses(connection: nil)
        let table = try XCTUnwrap(db.schema.table(named: "u"))
        let types = table.columns.map { SwiftColumnType.type(of: $0, in: table, storage: storage.classes(of: $0.name, in: table)) }
        XCTAssertEqual(
            types,
            [
                "Int64", "AnyDatabaseValue?", "AnyDatabaseValue?", "AnyDatabaseValue?", "AnyDatabaseValue?",
                "Int64?", "Double?", "String?", "Int64?", "Int64?", "AnyDatabaseValue?"
            ])
        // A SQL function's value has no declared type either.
        let selected = try SwiftCodeGenerator.code(for: Table("u").select(Expression.sql("typeof(a)", arguments: []).forKey("kind")), in: db)
        assertContains(selected, "var kind: AnyDatabaseValue?")
    }

    /// A column `Row` beside an association `row`: GRDB's decoder finds the column first
    /// (case-insensitively), so the association is joined under another key, and the program's
    /// JSON still names it `row`.
    func testAssociationKeyCollidingWithAColumnGetsAKeyOfItsOwn() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE "row" (id INTEGER PRIMARY KEY, label TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, "Row" TEXT, rowId INTEGER REFERENCES "row"(id));
            CREATE TABLE parent (id INTEGER PRIMARY KEY, Kids TEXT);
            CREATE TABLE kid (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            """)
        let child = Table("child")
        let parent = Table("parent")
        let program = try SwiftCodeGenerator.program(for: child.including(required: child.association("row")), in: db)
        assertContains(program, "return Child.including(required: Child.row.forKey(\"rowAssociation\"))")
        assertContains(program, "var rowAssociation: RowRecord\n")
        assertContains(program, #"let jsonMembers: [JSONMember] = [.scope("rowAssociation", as: "row", [])]"#)
        assertContains(program, "// Note: The association row is joined with the key rowAssociation")
        let kids = try SwiftCodeGenerator.program(for: parent.including(all: parent.association("kids")), in: db)
        assertContains(kids, #"return Parent.including(all: Parent.kids.forKey("kidsAssociation"))"#)
        assertContains(kids, #"let jsonMembers: [JSONMember] = [.prefetched("kidsAssociation", as: "kids", hidden: 1, [])]"#)
        // No collision, no rename.
        let plain = try SwiftCodeGenerator.program(for: Table("kid").including(required: Table("kid").association("parent")), in: db)
        XCTAssertFalse(plain.contains("forKey"), plain)
    }
}
