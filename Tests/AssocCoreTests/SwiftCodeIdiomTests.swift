import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// SwiftCodeGenerator (issue 29, items 8 and 9): the guides' two Known Issues as code that runs,
/// code as a GRDB user writes it, and the request-only form. That the code runs against GRDB and
/// returns Assoc's rows is the codegen check's job (Conformance/, `--codegen --fixed-only`).
final class SwiftCodeIdiomTests: XCTestCase {
    static let passportsSQL = """
        CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE citizen (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE passport (countryCode TEXT NOT NULL REFERENCES country(code),
            citizenId INTEGER NOT NULL REFERENCES citizen(id), PRIMARY KEY (countryCode, citizenId));
        """

    static let authorsSQL = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, deathDate TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL,
            publishDate TEXT);
        CREATE TABLE continent (id INTEGER PRIMARY KEY);
        CREATE TABLE nation (id INTEGER PRIMARY KEY, continentId INTEGER REFERENCES continent(id));
        CREATE TABLE region (id INTEGER PRIMARY KEY, nationId INTEGER REFERENCES nation(id));
        CREATE TABLE city (id INTEGER PRIMARY KEY, regionId INTEGER REFERENCES region(id));
        CREATE TABLE street (id INTEGER PRIMARY KEY, cityId INTEGER REFERENCES city(id));
        CREATE TABLE house (id INTEGER PRIMARY KEY, streetId INTEGER REFERENCES street(id));
        """

    /// `sql`'s database, with `declarations` (an `--associations` file's text).
    func database(_ sql: String, declarations: String = "") throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(sql)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection),
            declarations: try AssociationDeclaration.parse(declarations, file: "test.assoc"))
        return Database(connection: connection, graph: graph)
    }

    func code(_ text: String, _ db: Database) throws -> String {
        try SwiftCodeGenerator.code(for: db.request(parsing: text), in: db)
    }

    func assertContains(_ code: String, _ block: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(code.contains(block), "missing:\n\(block)\n--- in:\n\(code)", file: file, line: line)
    }

    func notes(_ code: String) -> [Substring] {
        code.split(separator: "\n").filter { $0.hasPrefix("// Note:") }
    }

    // MARK: - Item 8: the guides' Known Issues

    func testAPivotPrefetchedBesideItsThroughAssociationGetsAKeyOfItsOwn() throws {
        // GRDB: "Not implemented: merging a direct association and an indirect one with including(all:)".
        let db = try database(Self.passportsSQL)
        for text in [
            "Country.including(all: passports).including(all: citizens)",
            "Country.including(all: citizens).including(all: passports)"
        ] {
            let code = try self.code(text, db)
            assertContains(code, "static let passports = hasMany(Passport.self)\n")
            assertContains(
                code, #"static let citizens = hasMany(Citizen.self, through: Country.passports.forKey("citizensPassports"), using: Passport.citizen)"#
            )
            assertContains(code, "including(all: Country.passports)")
            assertContains(code, "including(all: Country.citizens)")
            XCTAssertEqual(notes(code).count, 1, code)
            assertContains(
                code,
                #"// Note: GRDB stops with a fatal error ("Not implemented: merging a direct association and an indirect one with including(all:)")"#)
            assertContains(code, #"citizens steps through passports.forKey("citizensPassports") instead"#)
        }
        // Alone, the through association keeps its pivot's key, and there is no note.
        let alone = try code("Country.including(all: citizens)", db)
        assertContains(alone, "static let citizens = hasMany(Citizen.self, through: Country.passports, using: Passport.citizen)")
        XCTAssertTrue(notes(alone).isEmpty, alone)
    }

    func testAPrefetchFilteredOnItsParentsAliasJoinsTheParentBack() throws {
        // GRDB: "no such column: a.deathDate" (the prefetch statement does not have the parent).
        let db = try database(Self.authorsSQL)
        let code = try self.code(#"Author.aliased("a").including(all: books.filter(publishDate >= a.deathDate))"#, db)
        assertContains(
            code,
            """
                let aAlias = TableAlias(name: "a")
                return Author.aliased(aAlias)
                    .including(all: Author.books.filter(Book.Columns.publishDate >= aAlias[Author.Columns.deathDate]).joining(required: Book.author.aliased(aAlias)))
            """)
        assertContains(code, "    static let author = belongsTo(Author.self)\n")
        XCTAssertEqual(notes(code).count, 1, code)
        // A prefetch that does not use the alias joins nothing back.
        let plain = try self.code(#"Author.aliased("a").filter(a.deathDate IS NOT NULL).including(all: books)"#, db)
        XCTAssertFalse(plain.contains("joining(required:"), plain)
        assertContains(plain, ".filter(aAlias[Author.Columns.deathDate] != nil)")
    }

    // MARK: - Item 9: code a GRDB user writes

    func testAnSQLSnippetIsGRDBsFilterSQLArguments() throws {
        let db = try database(Self.authorsSQL)
        let code = try self.code(#"Book.filter(sql: "length(title) > ?", arguments: [4]).filter(sql: 'publishDate IS NULL')"#, db)
        assertContains(code, #"return Book.filter(sql: "length(title) > ?", arguments: [4])"#)
        assertContains(code, #".filter(sql: "publishDate IS NULL")"#)
        XCTAssertFalse(code.contains(".sqlExpression"), code)
    }

    func testIsEmptyComparedWithABooleanIsWrittenAsTheGuideWritesIt() throws {
        let db = try database(Self.authorsSQL)
        let code = try self.code("Author.having(books.isEmpty == false || !books.isEmpty || books.isEmpty != true)", db)
        assertContains(code, "return Author.having(Author.books.isEmpty == false || !Author.books.isEmpty || Author.books.isEmpty != true)")
        XCTAssertFalse(code.contains("== 0") || code.contains("!= 1"), code)
    }

    func testADeclaredDefaultOrderingIsInTheDeclarationNotInTheRequest() throws {
        let db = try database(Self.authorsSQL, declarations: #"Author.hasMany(Book, key: "orderedBooks", using: [authorId]).order(title)"#)
        let prefetch = try code("Author.including(all: orderedBooks)", db)
        assertContains(prefetch, #"static let orderedBooks = hasMany(Book.self, key: "orderedBooks").order(Book.Columns.title)"#)
        assertContains(prefetch, "return Author.including(all: Author.orderedBooks)\n")
        let followed = try code("Author.filter(key: 1).request(for: orderedBooks)", db)
        assertContains(followed, "return author.request(for: Author.orderedBooks)\n")
        // Both order joins by it; GRDB would order an aggregate's join by it too, where Assoc
        // does not: unordered() there alone.
        let joined = try code("Author.annotated(with: orderedBooks.count).including(required: orderedBooks)", db)
        assertContains(joined, "annotated(with: Author.orderedBooks.unordered().count)")
        assertContains(joined, "including(required: Author.orderedBooks)")
        XCTAssertEqual(notes(joined).count, 1, joined)
        // An ordering of its own replaces the default one, with no unordered().
        let own = try code("Author.including(all: orderedBooks.order(publishDate))", db)
        assertContains(own, "including(all: Author.orderedBooks.order(Book.Columns.publishDate))")
    }

    func testADeclaredAssociationOnTheOnlyForeignKeyNeedsNoForeignKey() throws {
        let db = try database(
            Self.authorsSQL,
            declarations: """
                Author.hasMany(Book, key: "works", using: [authorId])
                Book.belongsTo(Author, key: "writer", using: [authorId])
                """)
        let code = try self.code("Author.including(all: works.including(required: writer))", db)
        assertContains(code, #"static let works = hasMany(Book.self, key: "works")"#)
        assertContains(code, #"static let writer = belongsTo(Author.self, key: "writer")"#)
        XCTAssertFalse(code.contains("ForeignKey"), code)
    }

    func testOneNotePerKindOfDifference() throws {
        // Five followed links from several rows: the same note once, not once per hop.
        let db = try database(Self.authorsSQL)
        let code = try self.code(
            "Continent.filter(id > 0).request(for: nations).request(for: regions).request(for: cities).request(for: streets).request(for: houses)", db
        )
        XCTAssertEqual(notes(code).count, 1, code)
        assertContains(code, "// Note: GRDB's record.request(for:) starts from one record")
    }

    // MARK: - Request only

    func testRequestOnlyIsTheRequestWithItsAliasesAndNotes() throws {
        let db = try database(Self.authorsSQL)
        let request = try db.request(parsing: #"Author.aliased("a").including(all: books.filter(publishDate >= a.deathDate))"#)
        let text = try SwiftCodeGenerator.requestOnly(for: request, in: db)
        XCTAssertEqual(
            text,
            """
            // Note: GRDB fetches a prefetched association (including(all:)) with a statement of its own, without its parent: a prefetch that uses its parent's alias joins the parent back under that alias (as Assoc does), else GRDB says "no such column".
            let aAlias = TableAlias(name: "a")
            Author.aliased(aAlias)
                .including(all: Author.books.filter(Book.Columns.publishDate >= aAlias[Author.Columns.deathDate]).joining(required: Book.author.aliased(aAlias)))

            """)
        let plain = try SwiftCodeGenerator.requestOnly(for: db.request(parsing: "Author.including(all: books)"), in: db)
        XCTAssertEqual(plain, "Author.including(all: Author.books)\n")
        let followed = try SwiftCodeGenerator.requestOnly(for: db.request(parsing: "Author.filter(key: 1).request(for: books)"), in: db)
        XCTAssertEqual(
            followed,
            """
            // author: the Author whose key is 1 (try Author.fetchOne(db, key: 1))
            author.request(for: Author.books)

            """)
    }
}
