import XCTest

@testable import AssocCore

/// The schemas of the GRDB association guides, written as SQL, and the associations they should give.
final class SeedInferenceTests: XCTestCase {
    func testAuthorBook() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY AUTOINCREMENT,
                authorId INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE, title TEXT);
            CREATE INDEX book_on_authorId ON book(authorId);
            """)
        XCTAssertEqual(graph.diagnostics, [])
        XCTAssertEqual(graph.summaries("book"), ["belongsTo author → author"])
        XCTAssertEqual(graph.summaries("author"), ["hasMany books → book"])
        let author = try graph.require("author", from: "book")
        XCTAssertEqual(author.columnSummary, ["authorId=id"])
        XCTAssertTrue(author.isRequired)
        XCTAssertEqual(author.origin, "book")
        let books = try graph.require("books", from: "author")
        XCTAssertEqual(books.columnSummary, ["id=authorId"])
        XCTAssertFalse(books.isRequired)
        XCTAssertTrue(books.isToMany)
    }

    func testCountryDemographicsHasOne() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE demographics (id INTEGER PRIMARY KEY AUTOINCREMENT,
                countryCode TEXT NOT NULL UNIQUE REFERENCES country(code) ON DELETE CASCADE,
                population INTEGER, density DOUBLE);
            """)
        // countryCode has no id suffix: the belongsTo is named after the parent table.
        let country = try graph.require("country", from: "demographics")
        XCTAssertEqual(country.kind, .belongsTo)
        XCTAssertEqual(country.columnSummary, ["countryCode=code"])
        XCTAssertTrue(country.isRequired)
        // The unique foreign key makes a hasOne, named with the singular of the table name.
        XCTAssertEqual(graph.summaries("country"), ["hasOne demographic → demographics"])
        XCTAssertEqual(try graph.require("demographic", from: "country").columnSummary, ["code=countryCode"])
    }

    func testPersonBookAuthorAndTranslator() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT,
                authorId INTEGER NOT NULL REFERENCES person(id),
                translatorId INTEGER REFERENCES person(id));
            """)
        XCTAssertEqual(graph.summaries("book"), ["belongsTo author → person", "belongsTo translator → person"])
        XCTAssertTrue(try graph.require("author", from: "book").isRequired)
        XCTAssertFalse(try graph.require("translator", from: "book").isRequired)
        XCTAssertEqual(try graph.require("translator", from: "book").columnSummary, ["translatorId=id"])
        XCTAssertEqual(
            graph.summaries("person"),
            [
                "hasMany booksAsAuthor → book",
                "hasMany booksAsTranslator → book"
                // booksAsTranslator.author (the authors of the books a person translated) comes back to
                // person, by another foreign key of book: not inferred (book is no join table).
            ])
        XCTAssertEqual(try graph.require("booksAsTranslator", from: "person").columnSummary, ["id=translatorId"])
    }

    func testEmployeeManagerSelfJoin() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE employee (id INTEGER PRIMARY KEY AUTOINCREMENT,
                managerId INTEGER REFERENCES employee(id) ON DELETE RESTRICT, name TEXT);
            CREATE INDEX employee_on_managerId ON employee(managerId);
            """)
        XCTAssertEqual(
            graph.summaries("employee"),
            [
                "belongsTo manager → employee",
                "hasMany employeesAsManager → employee"
                // No through association starts with a self-reference (manager.manager,
                // employeesAsManager.employeesAsManager): they go back to the table they start from.
            ])
        XCTAssertEqual(try graph.require("manager", from: "employee").columnSummary, ["managerId=id"])
        XCTAssertEqual(try graph.require("employeesAsManager", from: "employee").columnSummary, ["id=managerId"])
        XCTAssertNil(graph.association(named: "managerManager", from: "employee"))
    }

    func testPassportsHasManyThroughBothWays() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE citizen (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE passport (
                countryCode TEXT NOT NULL REFERENCES country(code),
                citizenId INTEGER NOT NULL REFERENCES citizen(id),
                issueDate DATE,
                PRIMARY KEY (countryCode, citizenId));
            """)
        XCTAssertEqual(graph.summaries("passport"), ["belongsTo citizen → citizen", "belongsTo country → country"])
        XCTAssertEqual(
            graph.summaries("country"),
            [
                "hasMany passports → passport",
                "hasManyThrough citizens → citizen via passports.citizen"
            ])
        XCTAssertEqual(
            graph.summaries("citizen"),
            [
                "hasMany passports → passport",
                "hasManyThrough countries → country via passports.country"
            ])
        let citizens = try graph.require("citizens", from: "country")
        XCTAssertEqual(citizens.origin, "country")
        XCTAssertFalse(citizens.isRequired)
        XCTAssertEqual(citizens.source, .foreignKey)
        guard case .through(let pivot, let target) = citizens.path else { return XCTFail("not a through path") }
        XCTAssertEqual(pivot.columnSummary, ["code=countryCode"])
        XCTAssertEqual(target.columnSummary, ["citizenId=id"])
    }

    func testDocumentSectionParagraphChain() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE document (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE section (id INTEGER PRIMARY KEY, documentId INTEGER NOT NULL REFERENCES document(id), title TEXT);
            CREATE TABLE paragraph (id INTEGER PRIMARY KEY, sectionId INTEGER NOT NULL REFERENCES section(id), body TEXT);
            """)
        XCTAssertEqual(
            graph.summaries("document"),
            [
                "hasMany sections → section",
                "hasManyThrough paragraphs → paragraph via sections.paragraphs"
            ])
        XCTAssertEqual(graph.summaries("section"), ["belongsTo document → document", "hasMany paragraphs → paragraph"])
        XCTAssertEqual(
            graph.summaries("paragraph"),
            [
                "belongsTo section → section",
                "hasOneThrough document → document via section.document"
            ])
        XCTAssertTrue(try graph.require("document", from: "paragraph").isRequired)
    }

    func testBookLibraryAddressHasOneThrough() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE library (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE address (id INTEGER PRIMARY KEY, libraryId INTEGER NOT NULL UNIQUE REFERENCES library(id), city TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, libraryId INTEGER NOT NULL REFERENCES library(id), title TEXT);
            """)
        XCTAssertEqual(graph.summaries("library"), ["hasOne address → address", "hasMany books → book"])
        XCTAssertEqual(
            graph.summaries("book"),
            [
                "belongsTo library → library",
                "hasOneThrough address → address via library.address"
            ])
        XCTAssertEqual(
            graph.summaries("address"),
            [
                "belongsTo library → library"
            ])
        // A hasOne is never required, so neither is the through association.
        XCTAssertFalse(try graph.require("address", from: "book").isRequired)
        XCTAssertEqual(try graph.require("address", from: "book").kind, .hasOneThrough)
    }

    func testTeamPlayerRoles() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE playerRole (
                teamId INTEGER NOT NULL REFERENCES team(id),
                playerId INTEGER NOT NULL REFERENCES player(id),
                position INTEGER,
                PRIMARY KEY (teamId, playerId));
            """)
        XCTAssertEqual(
            graph.summaries("team"),
            [
                "hasMany playerRoles → playerRole",
                "hasManyThrough players → player via playerRoles.player"
            ])
        XCTAssertEqual(
            graph.summaries("player"),
            [
                "hasMany playerRoles → playerRole",
                "hasManyThrough teams → team via playerRoles.team"
            ])
        XCTAssertEqual(graph.summaries("playerRole"), ["belongsTo player → player", "belongsTo team → team"])
        XCTAssertEqual(try graph.require("team", from: "playerRole").columnSummary, ["teamId=id"])
    }
}
