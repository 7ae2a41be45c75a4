import XCTest

@testable import AssocCore

/// The request-language twins of every `including(all:)` test of the guide (SeedRefining, SeedAssociationTypes,
/// SeedBuildingRequests, SeedColumnsScoped, SeedKnownIssues, SeedFetchingValues): the language request
/// runs the same statements (main + prefetch, SQL and arguments) as the Swift one and fetches the same
/// rows; hand-checked values as in the Swift tests.
final class SeedLanguagePrefetchTests: XCTestCase {
    private func names(_ rows: [Row], _ key: String, _ column: String = "name") -> [[DatabaseValue?]?] {
        rows.map { $0.prefetchedRows(key)?.map { $0[column] } }
    }

    func testTeamPlayersOrderedByPosition() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let text = "team.including(all: players.order(position)).order(id)"
        let rows = try assertLanguageTwin(db, text, team.including(all: team.players.order(Column("position"))).order(Column("id")))
        let statements = try db.executedStatements(for: db.request(parsing: text))
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "team" ORDER BY "id""#,
                #"SELECT *, "teamId" FROM "player" WHERE "teamId" IN (?, ?, ?) ORDER BY "position""#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3])
        XCTAssertEqual(names(rows, "players"), [[.text("Amy"), .text("Max"), .text("Zed")], [.text("Kim")], []])
    }

    func testTeamPlayersCustomOrdering() throws {
        let db = try SeedSchemas.teams()
        let team = Table("team")
        let rows = try assertLanguageTwin(
            db, "team.including(all: players.order(position).order(name)).filter(id = 1)",
            team.including(all: team.players.order(Column("position")).order(Column("name"))).filter(Column("id") == 1))
        XCTAssertEqual(names(rows, "players"), [[.text("Amy"), .text("Max"), .text("Zed")]])
    }

    /// The Swift tests declare `players` through `team.playerRoles.order(position)`: the language cannot
    /// order a pivot, so the twin uses the inferred `team.players` (through playerRoles, no ordering)
    /// and orders the destination instead.
    func testTeamPlayersThroughRoles() throws {
        let db = try SeedSchemas.teamsWithRoles()
        let team = Table("team")
        let rows = try assertLanguageTwin(
            db, "team.including(all: players.order(name)).order(id)",
            team.including(all: team.players.order(Column("name"))).order(Column("id")))
        XCTAssertEqual(
            try db.executedStatements(for: db.request(parsing: "team.including(all: players.order(name)).order(id)")).last?.sql,
            #"SELECT "player".*, "playerRole"."teamId" FROM "player" JOIN "playerRole" ON ("playerRole"."playerId" = "player"."id") AND ("playerRole"."teamId" IN (?, ?)) ORDER BY "player"."name""#
        )
        XCTAssertEqual(names(rows, "players"), [[.text("Amy"), .text("Max"), .text("Zed")], [.text("Zed")]])
    }

    /// `Citizen.countries` is declared in the Swift test; it is also the inferred name.
    func testCitizenCountries() throws {
        let db = try SeedSchemas.passports()
        let citizen = Table("citizen")
        let passport = Table("passport")
        let countries = citizen.hasMany(through: citizen.passports, using: passport.country, key: "countries")
        let rows = try assertLanguageTwin(
            db, "citizen.including(all: countries.order(name)).order(id)",
            citizen.including(all: countries.order(Column("name"))).order(Column("id")))
        XCTAssertEqual(names(rows, "countries", "code"), [[.text("FR"), .text("US")], [.text("FR")], [.text("US")]])
    }

    func testDocumentParagraphs() throws {
        let db = try SeedSchemas.documents()
        let document = Table("document")
        let rows = try assertLanguageTwin(
            db, "document.including(all: paragraphs.order(id)).order(id)",
            document.including(all: document.paragraphs.order(Column("id"))).order(Column("id")))
        XCTAssertEqual(names(rows, "paragraphs", "text"), [[.text("p1"), .text("p2"), .text("p3")], []])
    }

    /// The Swift test declares `manager` and `subordinates`; the language uses the inferred `manager` and
    /// `employeesAsManager`, renamed with forKey so the keys (and rows) are the same.
    func testManagerAndSubordinates() throws {
        let db = try SeedSchemas.employees()
        let employee = Table("employee")
        let swift = employee.including(optional: employee.belongsTo(employee, key: "manager"))
            .including(all: employee.hasMany(employee, key: "subordinates").order(Column("id"))).order(Column("id"))
        let text = #"employee.including(optional: manager).including(all: employeesAsManager.order(id).forKey("subordinates")).order(id)"#
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(rows.map { $0.scope("manager")?["name"] }, [nil, .text("Boss"), .text("Boss"), .text("Mia")])
        XCTAssertEqual(names(rows, "subordinates"), [[.text("Mia"), .text("Leo")], [.text("Kid")], [], []])
    }

    func testAuthorBooks() throws {
        let db = try SeedSchemas.authors()
        let author = Table("author")
        let rows = try assertLanguageTwin(db, "author.including(all: books).order(id)", author.including(all: author.books).order(Column("id")))
        XCTAssertEqual(
            try db.executedStatements(for: db.request(parsing: "author.including(all: books).order(id)")).last?.sql,
            #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?, ?)"#)
        XCTAssertEqual(rows.map { $0.prefetchedRows("books")?.count }, [3, 1, 0, 0])
        XCTAssertEqual(rows.first?.prefetchedRows("books")?.first?.columnNames, ["id", "authorId", "title", "kind", "year", "price", "awards"])
    }

    func testNovelsAndPoems() throws {
        let db = try SeedSchemas.library()
        let person = Table("person")
        let books = person.booksAsAuthor
        let swift =
            person
            .including(all: books.filter(Column("kind") == "novel").order(Column("title")).forKey("novels"))
            .including(all: books.filter(Column("kind") == "poems").order(Column("title")).forKey("poems"))
            .order(Column("id"))
        let text = """
            person.including(all: booksAsAuthor.filter(kind = 'novel').order(title).forKey("novels"))
                  .including(all: booksAsAuthor.filter(kind = 'poems').order(title).forKey("poems")).order(id)
            """
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(try db.executedStatements(for: db.request(parsing: text)).map(\.arguments), [[], ["novel", 1, 2, 3, 4], ["poems", 1, 2, 3, 4]])
        XCTAssertEqual(names(rows, "novels", "title"), [[.text("Mid"), .text("Zeta")], [], [.text("Beta")], []])
        XCTAssertEqual(names(rows, "poems", "title"), [[], [.text("Alpha")], [], []])
    }

    func testDerivablePrefetch() throws {
        let db = try SeedSchemas.authors()
        let author = Table("author")
        let swift = author.filter(Column("country") == "FR")
            .including(all: author.books.filter(Column("kind") == "novel").order(Column("id"))).order(Column("id"))
        let rows = try assertLanguageTwin(db, "author.filter(country = 'FR').including(all: books.filter(kind = 'novel').order(id)).order(id)", swift)
        XCTAssertEqual(names(rows, "books", "title"), [[.text("A1"), .text("A2")], []])
    }

    func testPrefetchFilteredWithOuterAlias() throws {
        let db = try SeedSchemas.library()
        let person = Table("person")
        let a = TableAlias("a")
        let swift = person.aliased(a)
            .including(all: person.booksAsAuthor.filter(Column("publishDate") >= a["deathDate"]).forKey("posthumousBooks"))
            .order(Column("id"))
        let text = #"person.aliased("a").including(all: booksAsAuthor.filter(publishDate >= a.deathDate).forKey("posthumousBooks")).order(id)"#
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(names(rows, "posthumousBooks", "title"), [[.text("Zeta")], [], [.text("Beta")], []])
    }

    func testPassportsAndCitizens() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let rows = try assertLanguageTwin(
            db, "country.including(all: passports).including(all: citizens.order(id)).order(code)",
            country.including(all: country.passports).including(all: country.citizens.order(Column("id"))).order(Column("code")))
        XCTAssertEqual(rows.map { $0.prefetchedRows("passports")?.count }, [0, 2, 2])
        XCTAssertEqual(names(rows, "citizens"), [[], [.text("Ann"), .text("Ben")], [.text("Ann"), .text("Cid")]])
    }

    func testNestedCitizenWorkaround() throws {
        let db = try SeedSchemas.passports()
        let country = Table("country")
        let passport = Table("passport")
        let swift = country.including(all: country.passports.including(required: passport.citizen).order(Column("citizenId")))
            .order(Column("code"))
        let rows = try assertLanguageTwin(db, "country.including(all: passports.including(required: citizen).order(citizenId)).order(code)", swift)
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("passports")?.map { $0.scope("citizen")?["name"] } },
            [[], [.text("Ann"), .text("Ben")], [.text("Ann"), .text("Cid")]])
    }

    func testPrefetchUnderToOne() throws {
        let db = try SeedSchemas.library()
        let book = Table("book")
        let person = Table("person")
        let swift =
            book
            .including(required: book.author.including(all: person.booksAsAuthor.order(Column("id")).forKey("otherBooks")))
            .order(Column("id"))
        let text = #"book.including(required: author.including(all: booksAsAuthor.order(id).forKey("otherBooks"))).order(id)"#
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(try db.executedStatements(for: db.request(parsing: text)).last?.arguments, [1, 2, 3])
        XCTAssertEqual(rows.map { $0.scope("author")?.prefetchedRows("otherBooks")?.map { $0["id"] } }, [[1, 3], [2], [1, 3], [4]])
    }

    func testNoPrefetchWithoutBaseRows() throws {
        let db = try SeedSchemas.authors()
        let author = Table("author")
        let rows = try assertLanguageTwin(
            db, "author.filter(id > 10).including(all: books)", author.filter(Column("id") > 10).including(all: author.books))
        XCTAssertEqual(try db.executedStatements(for: db.request(parsing: "author.filter(id > 10).including(all: books)")).count, 1)
        XCTAssertEqual(rows.count, 0)
    }

    /// Not an example of the guide, but a shape it describes: prefetch inside prefetch, and an aggregate
    /// next to a prefetch.
    func testPrefetchInsidePrefetchAndAggregate() throws {
        let db = try SeedSchemas.documents()
        let document = Table("document")
        let section = Table("section")
        let swift = document.annotated(with: document.paragraphs.count)
            .including(all: document.sections.order(Column("id")).including(all: section.paragraphs.order(Column("id").desc)))
            .order(Column("id"))
        let text = "document.annotated(with: paragraphs.count).including(all: sections.order(id).including(all: paragraphs.order(id.desc))).order(id)"
        let rows = try assertLanguageTwin(db, text, swift)
        XCTAssertEqual(rows.map { $0["paragraphCount"] }, [3, 0])
        XCTAssertEqual(
            rows.first?.prefetchedRows("sections")?.map { $0.prefetchedRows("paragraphs")?.map { $0["text"] } },
            [[.text("p1")], [.text("p3"), .text("p2")]])
        XCTAssertEqual(rows.last?.prefetchedRows("sections")?.count, 0)
    }
}
