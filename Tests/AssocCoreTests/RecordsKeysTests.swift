import XCTest

@testable import AssocCore

/// Association keys and coding keys: forKey, CodingKeys renames, hierarchical records,
/// aggregates, default singular and plural keys.
final class RecordsKeysTests: XCTestCase {
    typealias Book = Library.Book
    typealias Person = Library.Person
    typealias Country = Library.Country
    typealias Prize = Library.Prize

    struct BookWriter: FetchableRecord {
        var book: Book
        var writer: Person
    }

    func testForKeyRenamesTheScope() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(required: Book.author.forKey("writer")).order(Column("id"))
        XCTAssertEqual(try db.fetchOne(request)?.scopes.map(\.key), ["writer"])
        let infos = try BookWriter.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.writer.name), ["Alice", "Bob", "Alice", "Carol"])
    }

    struct BookByCodingKeys: FetchableRecord {
        var mainRecord: Book
        var writtenBy: Person
        var awards: [Prize]
        enum CodingKeys: String, CodingKey {
            case mainRecord = "book"
            case writtenBy = "author"
            case awards = "prizes"
        }
    }

    func testCodingKeysMapPropertiesToAssociationKeys() throws {
        let db = try makeLibraryDatabase()
        let request = Book.including(required: Book.author).including(all: Book.prizes.order(Column("id"))).order(Column("id"))
        let infos = try BookByCodingKeys.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.mainRecord.title), ["B1", "B2", "B3", "B4"])
        XCTAssertEqual(infos.map(\.writtenBy.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map { $0.awards.map(\.name) }, [["Nobel", "Goncourt"], ["Pulitzer"], [], []])
    }

    /// GRDB's guide's hierarchical record: each person decorated with their own country.
    struct HierarchicalBookInfo: FetchableRecord {
        struct PersonInfo: Decodable {
            var person: Person
            var country: Country?
        }
        var book: Book
        var authorInfo: PersonInfo
        var translatorInfo: PersonInfo?

        static var all: Request {
            Book.including(required: Book.author.forKey(CodingKeys.authorInfo.stringValue).including(optional: Person.country))
                .including(optional: Book.translator.forKey(CodingKeys.translatorInfo.stringValue).including(optional: Person.country))
                .order(Column("id"))
        }
    }

    func testHierarchicalRecordWithNestedScopes() throws {
        let db = try makeLibraryDatabase()
        let infos = try HierarchicalBookInfo.fetchAll(db, HierarchicalBookInfo.all)
        XCTAssertEqual(infos.map(\.authorInfo.person.name), ["Alice", "Bob", "Alice", "Carol"])
        XCTAssertEqual(infos.map(\.authorInfo.country?.name), ["France", "USA", "France", nil])
        // B1 is translated by Bob (US); the others have no translator.
        XCTAssertEqual(infos.map(\.translatorInfo?.person.name), ["Bob", nil, nil, nil])
        XCTAssertEqual(infos.map(\.translatorInfo?.country?.code), ["US", nil, nil, nil])
        // Each PersonInfo reads the country of its own scope, not the first one found breadth-first.
        XCTAssertEqual(infos.first?.authorInfo.country?.code, "FR")
    }

    struct AuthorInfo: FetchableRecord {
        var person: Person
        var bookCount: Int
        var maxBookYear: Int?
    }

    func testAggregatesDecodeIntoIntProperties() throws {
        let db = try makeLibraryDatabase()
        let request = Person.annotated(with: Person.books.count, Person.books.max(Column("year"))).order(Column("id"))
        let infos = try AuthorInfo.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.person.name), ["Alice", "Bob", "Carol"])
        XCTAssertEqual(infos.map(\.bookCount), [2, 1, 1])
        // Alice: 2000 and NULL → 2000.
        XCTAssertEqual(infos.map(\.maxBookYear), [2000, 2010, 2020])
    }

    struct AuthorWorkCount: FetchableRecord {
        var person: Person
        var numberOfBooks: Int
        var isLazy: Bool
    }

    func testRenamedAggregatesAndBoolAggregate() throws {
        let db = try makeLibraryDatabase()
        let request =
            Person
            .annotated(with: Person.books.count.forKey("numberOfBooks"), Person.books.isEmpty.forKey("isLazy"))
            .order(Column("id"))
        let infos = try AuthorWorkCount.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.numberOfBooks), [2, 1, 1])
        XCTAssertEqual(infos.map(\.isLazy), [false, false, false])
    }

    struct CountryPeople: FetchableRecord {
        var country: Country
        var people: [Person]
    }

    func testDefaultKeyIsPluralForHasMany() throws {
        let db = try makeLibraryDatabase()
        let request = Country.including(all: Country.people.order(Column("name"))).order(Column("code"))
        XCTAssertEqual(try db.fetchOne(request)?.prefetched.map(\.key), ["people"])
        let infos = try CountryPeople.fetchAll(db, request)
        XCTAssertEqual(infos.map { $0.people.map(\.name) }, [["Alice"], ["Bob"]])
    }

    struct PersonAsDefaultKey: FetchableRecord {
        var book: Book
        var person: Person
    }

    func testDefaultKeyIsSingularForBelongsTo() throws {
        let db = try makeLibraryDatabase()
        // No key: the destination table's singular name.
        let request = Book.including(required: Book.belongsTo(Person.self, using: ForeignKey(["translatorId"])))
        XCTAssertEqual(try db.fetchOne(request)?.scopes.map(\.key), ["person"])
        let infos = try PersonAsDefaultKey.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.book.title), ["B1"])
        XCTAssertEqual(infos.map(\.person.name), ["Bob"])
    }

    struct CountryBooks: FetchableRecord {
        var country: Country
        var books: [Book]
        var bookCount: Int
    }

    func testHasManyThroughWithDefaultKeyAndAggregate() throws {
        let db = try makeLibraryDatabase()
        // Country.books: through people, key "books" from Person.books.
        let request =
            Country
            .including(all: Country.books.order(Column("title")))
            .annotated(with: Country.books.count)
            .order(Column("code"))
        let infos = try CountryBooks.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.country.code), ["FR", "US"])
        XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["B1", "B3"], ["B2"]])
        XCTAssertEqual(infos.map(\.bookCount), [2, 1])
    }

    struct Employee: TableRecord, FetchableRecord, Hashable {
        static let manager = belongsTo(Employee.self, key: "manager")
        static let subordinates = hasMany(Employee.self, key: "subordinates")
        var id: Int64
        var managerId: Int64?
        var name: String
    }

    /// GRDB's guide's self join: the root record decodes from the root columns, the manager from its scope.
    struct EmployeeInfo: FetchableRecord {
        var employee: Employee
        var manager: Employee?
        var subordinates: Set<Employee>
    }

    func testSelfJoinWithCustomKeys() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE employee(id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES employee(id), name TEXT NOT NULL);
            INSERT INTO employee VALUES (1, NULL, 'Boss'), (2, 1, 'Ann'), (3, 1, 'Ben'), (4, 2, 'Cid');
            """)
        let db = try Database(connection: connection)
        let request = Employee.including(optional: Employee.manager).including(all: Employee.subordinates).order(Column("id"))
        let infos = try EmployeeInfo.fetchAll(db, request)
        XCTAssertEqual(infos.map(\.employee.name), ["Boss", "Ann", "Ben", "Cid"])
        XCTAssertEqual(infos.map(\.manager?.name), [nil, "Boss", "Boss", "Ann"])
        XCTAssertEqual(infos.map { Set($0.subordinates.map(\.name)) }, [["Ann", "Ben"], ["Cid"], [], []])
    }
}
