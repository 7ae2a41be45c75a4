import XCTest

@testable import AssocCore

/// `request(for:)` on a whole request: the destination filtered by one `IN (SELECT …)` per step,
/// so that each record comes once however many paths reach it; it composes with every method and
/// chains; the language writes and reads it back. Schema and rows: `SwiftCodeTests`' library
/// (Chiyo holds a French and a Japanese passport; Bob wrote Emma and Zoo).
final class RequestForTests: XCTestCase {
    let country = Table("country"), person = Table("person"), book = Table("book"), prize = Table("prize")

    func database() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(
            SwiftCodeTests.schemaSQL + """
                INSERT INTO country VALUES ('FR', 'France'), ('JP', 'Japan');
                INSERT INTO person VALUES (1, 'Ann', 'FR'), (2, 'Bob', NULL), (3, 'Chiyo', 'JP');
                INSERT INTO passport VALUES (1, 'FR', 1), (2, 'JP', 3), (3, 'FR', 3);
                INSERT INTO library VALUES (1, 'Central');
                INSERT INTO book (id, title, year, authorId, libraryId) VALUES
                    (1, 'Dune', 2001, 1, 1), (2, 'Emma', 1999, 2, NULL), (3, 'Zoo', 2010, 2, NULL);
                INSERT INTO prize VALUES (1, 1, 'Hugo', 2002), (2, 1, 'Nebula', 2001), (3, 3, 'Booker', NULL);
                """)
        return try Database(connection: connection)
    }

    func assertSQL(
        _ request: Request, _ sql: String, _ arguments: [DatabaseValue] = [], in db: Database,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(statement.sql, sql, file: file, line: line)
        XCTAssertEqual(statement.arguments, arguments, file: file, line: line)
    }

    func testThroughStepsNestOneSubqueryEach() throws {
        let db = try database()
        let request = try db.request(for: country.citizens, of: country.filter(Column("code") == "FR"))
        XCTAssertEqual(request.table, "person")
        try assertSQL(
            request,
            """
            SELECT * FROM "person" WHERE "id" IN (SELECT "citizenId" FROM "passport" WHERE "countryCode" IN \
            (SELECT "code" FROM "country" WHERE "code" = ?))
            """, ["FR"], in: db)
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["Ann", "Chiyo"])
        // The same by primary key, as the browser and the issue's example write it.
        let byKey = try db.request(for: country.citizens, of: country.filter(key: "FR"))
        XCTAssertEqual(try byKey.languageText(), "country.filter(key: 'FR').request(for: citizens)")
        XCTAssertEqual(try db.fetchAll(byKey).map { $0["name"] }, ["Ann", "Chiyo"])
        // All countries: Chiyo is reached through two passports, and comes once.
        let everyone = try db.request(for: country.citizens, of: country.all)
        XCTAssertEqual(try db.fetchAll(everyone).map { $0["name"] }, ["Ann", "Chiyo"])
        XCTAssertEqual(try db.fetchCount(everyone), 2)
    }

    func testBelongsToFromManyRowsListsEachParentOnce() throws {
        let db = try database()
        let request = try db.request(for: book.author, of: book.filter(Column("year") > 1990))
        try assertSQL(request, #"SELECT * FROM "person" WHERE "id" IN (SELECT "authorId" FROM "book" WHERE "year" > ?)"#, [1990], in: db)
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["Ann", "Bob"])
    }

    func testTheResultTakesEveryMethod() throws {
        let db = try database()
        let request = try db.request(for: person.booksAsAuthor.filter(Column("year") > 2000), of: person.filter(Column("name") == "Bob"))
            .including(optional: book.library)
            .including(all: book.prizes)
            .order(Column("title"))
        try assertSQL(
            request,
            """
            SELECT "book".*, "library".* FROM "book" LEFT JOIN "library" ON "library"."id" = "book"."libraryId" \
            WHERE "book"."authorId" IN (SELECT "id" FROM "person" WHERE "name" = ?) AND ("book"."year" > ?) ORDER BY "book"."title"
            """, ["Bob", 2000], in: db)
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0["title"] }, ["Zoo"])
        XCTAssertEqual(rows.first?.prefetchedRows("prizes")?.map { $0["name"] }, ["Booker"])
    }

    func testTheBaseKeepsItsRowsButSelectsOnlyTheKeys() throws {
        let db = try database()
        // Includes become joins, prefetches and annotations go, the order stays for the limit.
        let base = book.including(required: book.author).including(all: book.prizes)
            .annotated(with: book.prizes.count).order(Column("title")).limit(2)
        try assertSQL(
            try db.request(for: book.library, of: base),
            """
            SELECT * FROM "library" WHERE "id" IN (SELECT "book"."libraryId" FROM "book" JOIN "person" ON \
            "person"."id" = "book"."authorId" ORDER BY "book"."title" LIMIT 2)
            """, in: db)
        // A base filtered on aggregates keeps its grouping.
        let prolific = person.having(person.booksAsAuthor.count >= 2)
        let books = try db.request(for: person.booksAsAuthor, of: prolific)
        XCTAssertEqual(try db.fetchAll(books).map { $0["title"] }, ["Emma", "Zoo"])
    }

    func testRequestsForChain() throws {
        let db = try database()
        let citizens = try db.request(for: country.citizens, of: country.all)
        let books = try db.request(for: person.booksAsAuthor, of: citizens)
        try assertSQL(
            books,
            """
            SELECT * FROM "book" WHERE "authorId" IN (SELECT "id" FROM "person" WHERE "id" IN \
            (SELECT "citizenId" FROM "passport" WHERE "countryCode" IN (SELECT "code" FROM "country")))
            """, in: db)
        XCTAssertEqual(try db.fetchAll(books).map { $0["title"] }, ["Dune"])
        // hasOneThrough from prizes: the authors of prized books.
        XCTAssertEqual(try db.fetchAll(try db.request(for: prize.author, of: prize.all)).map { $0["name"] }, ["Ann", "Bob"])
    }

    /// `request.request(for:)` needs no database: the destination of an association known by name
    /// is found when the request meets the schema. It equals the request `db.request(for:of:)`
    /// builds, prints the same text, and runs the same statement.
    func testSwiftSpellingChainsWithoutTheDatabase() throws {
        let db = try database()
        let swift = country.filter(key: "FR").request(for: country.citizens).request(for: person.booksAsAuthor)
            .order(Column("title"))
        XCTAssertEqual(swift.table, "", "a named association's destination is not known before the schema")
        let citizens = try db.request(for: country.citizens, of: country.filter(key: "FR"))
        let viaDatabase = try db.request(for: person.booksAsAuthor, of: citizens).order(Column("title"))
        XCTAssertEqual(viaDatabase.table, "book")
        XCTAssertEqual(swift, viaDatabase)
        XCTAssertEqual(Set([swift, viaDatabase]).count, 1)
        XCTAssertEqual(try db.mainStatement(for: swift), try db.mainStatement(for: viaDatabase))
        // Ann (FR) wrote Dune; Chiyo (FR and JP) wrote nothing.
        XCTAssertEqual(try db.fetchAll(swift).map { $0["title"] }, ["Dune"])
        XCTAssertEqual(
            try swift.languageText(),
            "country.filter(key: 'FR').request(for: citizens).request(for: booksAsAuthor).order(title)")
        // An unknown association is named when the request meets the schema.
        XCTAssertThrowsError(try db.fetchAll(country.all.request(for: country.sitizens))) { error in
            guard case .unknownAssociation("country", "sitizens", let suggestions, _)? = error as? AssocError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(suggestions, ["citizens"])
        }
    }

    func testCompositeLinksCompareRowValues() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE parent (a INTEGER NOT NULL, b INTEGER NOT NULL, name TEXT, PRIMARY KEY (a, b));
            CREATE TABLE child (id INTEGER PRIMARY KEY, pa INTEGER, pb INTEGER, FOREIGN KEY (pa, pb) REFERENCES parent(a, b));
            INSERT INTO parent VALUES (1, 1, 'x'), (1, 2, 'y'), (2, 1, 'z');
            INSERT INTO child VALUES (1, 1, 2), (2, 1, 2), (3, 2, 1), (4, NULL, 1);
            """)
        let db = try Database(connection: connection)
        let request = try db.request(for: Table("child").parent, of: Table("child").all)
        try assertSQL(request, #"SELECT * FROM "parent" WHERE ("a", "b") IN (SELECT "pa", "pb" FROM "child")"#, in: db)
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["y", "z"])
    }

    func testLanguageWritesAndReadsItBack() throws {
        let db = try database()
        let texts = [
            "country.filter(code = 'FR').request(for: citizens)",
            "person.filter(name = 'Bob').request(for: booksAsAuthor.filter(year > 2000)).including(optional: library).order(title)",
            "country.request(for: citizens).request(for: booksAsAuthor).limit(1)",
            "book.order(title).limit(2).request(for: library)"
        ]
        for text in texts {
            let request = try db.request(parsing: text)
            XCTAssertEqual(try request.languageText(), text)
            XCTAssertEqual(try db.mainStatement(for: db.request(parsing: try request.languageText())), try db.mainStatement(for: request))
        }
        XCTAssertEqual(try db.fetchAll(try db.request(parsing: texts[0])).count, 2)
    }

    func testErrorsNameWhatIsWrong() throws {
        let db = try database()
        XCTAssertThrowsError(try db.request(parsing: "country.request(for: citizenz)")) { error in
            XCTAssertTrue("\(error)".contains("citizenz"), "\(error)")
            XCTAssertTrue("\(error)".contains("citizens"), "\(error)")
        }
        XCTAssertThrowsError(try db.request(parsing: "country.including(optional: people.request(for: books))")) { error in
            XCTAssertTrue("\(error)".contains("not available on an association"), "\(error)")
        }
        XCTAssertThrowsError(try db.request(parsing: "country.request(citizens)")) { error in
            XCTAssertTrue("\(error)".contains("'for:'"), "\(error)")
        }
        // The builder without a graph cannot resolve the destination, and says so.
        let syntax = try RequestParser.parse("country.request(for: citizens)")
        XCTAssertThrowsError(try RequestBuilder.build(syntax, schema: db.schema))
    }
}
