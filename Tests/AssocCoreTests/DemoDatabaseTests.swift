import Foundation
import XCTest

@testable import AssocCore

/// The embedded demo database: counts, determinism, integrity, and the interesting cases.
final class DemoDatabaseTests: XCTestCase {
    private func count(_ db: Connection, _ sql: String) throws -> Int64 {
        guard case .integer(let value)? = try db.prepare(sql).firstValue() else {
            XCTFail("no integer for \(sql)")
            return -1
        }
        return value
    }

    private func counts(_ db: Connection) throws -> [String: Int64] {
        var result: [String: Int64] = [:]
        for table in DemoDatabase.tableNames {
            result[table] = try count(db, "SELECT count(*) FROM \"\(table)\"")
        }
        return result
    }

    /// Counts fixed by construction (per scale unit: 12 countries, 11 with demographics,
    /// 100 persons, 5 libraries, 4 with an address, 1000 books, 857 covers (every 7th book,
    /// indexes 3, 10, … 997, has none: 143), 120 prizes, 60 paintings, 50 citizens,
    /// 10 documents, 40 employees, 8 teams, 60 players).
    private let fixedCountsPerScale: [String: Int64] = [
        "country": 12, "demographics": 11, "person": 100, "library": 5, "address": 4, "book": 1000,
        "coverImage": 857, "prize": 120, "painting": 60, "citizen": 50, "document": 10, "employee": 40,
        "team": 8, "player": 60
    ]

    func testRowCountsAtScale1() throws {
        let db = try DemoDatabase.make()
        let actual = try counts(db)
        for (table, expected) in fixedCountsPerScale {
            XCTAssertEqual(actual[table], expected, table)
        }
        // Drawn with the generator: one passport per citizen plus a second for some,
        // 2–5 sections per document with sections (9 of 10), 1–5 paragraphs per section,
        // one role per player plus a second for some. Exact values pinned from the first build.
        let passports = try XCTUnwrap(actual["passport"])
        XCTAssert((50...100).contains(passports), "\(passports)")
        let sections = try XCTUnwrap(actual["section"])
        XCTAssert((18...45).contains(sections), "\(sections)")
        let paragraphs = try XCTUnwrap(actual["paragraph"])
        XCTAssert((sections...(5 * sections)).contains(paragraphs), "\(paragraphs)")
        let roles = try XCTUnwrap(actual["playerRole"])
        XCTAssert((60...120).contains(roles), "\(roles)")
        XCTAssertEqual(actual["passport"], 78)
        XCTAssertEqual(actual["section"], 28)
        XCTAssertEqual(actual["paragraph"], 81)
        XCTAssertEqual(actual["playerRole"], 80)
    }

    func testRowCountsGrowLinearlyAtScale2() throws {
        let db = try DemoDatabase.make(scale: 2)
        let actual = try counts(db)
        for (table, perScale) in fixedCountsPerScale {
            XCTAssertEqual(actual[table], 2 * perScale, table)
        }
        XCTAssert((100...200).contains(actual["passport"] ?? 0))
        XCTAssert((120...240).contains(actual["playerRole"] ?? 0))
        XCTAssert((36...90).contains(actual["section"] ?? 0))
        // Codes of the second block of countries get a suffix.
        XCTAssertEqual(try count(db, "SELECT count(*) FROM country WHERE code = 'FR2' AND name = 'France 2'"), 1)
    }

    /// Every row of every table, in key order: two builds must give exactly the same.
    private func content(_ db: Connection) throws -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        for table in DemoDatabase.tableNames {
            rows.append([.text(table)])
            rows += try db.fetchAll("SELECT * FROM \"\(table)\" ORDER BY 1, 2")
        }
        return rows
    }

    func testTwoBuildsHaveIdenticalContent() throws {
        let first = try content(DemoDatabase.make())
        let second = try content(DemoDatabase.make())
        XCTAssertEqual(first.count, second.count)
        XCTAssert(first == second)
        // A checksum query as well, so a difference is easy to spot in a failure message.
        let checksum = """
            SELECT (SELECT total(authorId * 3 + ifnull(translatorId, 7) + year + price * 100 + awards) FROM book)
                 + (SELECT total(length(name)) FROM person)
            """
        XCTAssertEqual(
            try DemoDatabase.make().prepare(checksum).firstValue(),
            try DemoDatabase.make().prepare(checksum).firstValue())
    }

    func testForeignKeysAreAllSatisfied() throws {
        for scale in [1, 3] {
            let db = try DemoDatabase.make(scale: scale)
            XCTAssertEqual(try db.fetchAll("PRAGMA foreign_key_check"), [], "scale \(scale)")
            XCTAssertEqual(try db.fetchAll("PRAGMA integrity_check"), [[.text("ok")]])
        }
    }

    func testInterestingCasesArePresent() throws {
        let db = try DemoDatabase.make()
        // Books without translator, and with one.
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM book WHERE translatorId IS NULL"), 0)
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM book WHERE translatorId IS NOT NULL"), 0)
        // Books without cover: 143 (see fixedCountsPerScale).
        XCTAssertEqual(try count(db, "SELECT count(*) FROM book WHERE id NOT IN (SELECT bookId FROM coverImage)"), 143)
        // Books without library, so their address through the library is missing.
        XCTAssertEqual(try count(db, "SELECT count(*) FROM book WHERE libraryId IS NULL"), 50)
        // Authors (persons) without books: every 10th person.
        XCTAssertEqual(try count(db, "SELECT count(*) FROM person WHERE id NOT IN (SELECT authorId FROM book)"), 10)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM book WHERE authorId % 10 = 0"), 0)
        // Persons who wrote several books.
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM (SELECT authorId FROM book GROUP BY authorId HAVING count(*) > 1)"), 0)
        // A country without demographics: the Vatican.
        XCTAssertEqual(try db.fetchAll("SELECT code FROM country WHERE code NOT IN (SELECT countryCode FROM demographics)"), [["VA"]])
        // A library without address: the 5th.
        XCTAssertEqual(try db.fetchAll("SELECT id FROM library WHERE id NOT IN (SELECT libraryId FROM address)"), [[5]])
        // A document with no sections: the 10th.
        XCTAssertEqual(try db.fetchAll("SELECT id FROM document WHERE id NOT IN (SELECT documentId FROM section)"), [[10]])
        // Employees: a 3-ary tree, 1 ← 2 ← 5 ← 14 is four levels (three manager hops).
        XCTAssertEqual(try db.fetchAll("SELECT id FROM employee WHERE managerId IS NULL"), [[1]])
        XCTAssertEqual(
            try db.fetchAll(
                """
                SELECT e.id, m.id, mm.id, mmm.id FROM employee e
                JOIN employee m ON m.id = e.managerId
                JOIN employee mm ON mm.id = m.managerId
                JOIN employee mmm ON mmm.id = mm.managerId
                WHERE e.id = 14
                """), [[14, 5, 2, 1]])
        // Players in several teams.
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM (SELECT playerId FROM playerRole GROUP BY playerId HAVING count(*) > 1)"), 0)
        // Citizens with two passports.
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM (SELECT citizenId FROM passport GROUP BY citizenId HAVING count(*) > 1)"), 0)
        // book.awards counts the book's prizes.
        XCTAssertEqual(try count(db, "SELECT count(*) FROM book WHERE awards <> (SELECT count(*) FROM prize WHERE bookId = book.id)"), 0)
        XCTAssertEqual(try count(db, "SELECT sum(awards) FROM book"), 120)
        // Every kind of book.
        XCTAssertEqual(try db.fetchAll("SELECT DISTINCT kind FROM book ORDER BY kind"), [["essay"], ["novel"], ["poem"], ["theatrePlay"]])
        // Unicode names.
        XCTAssertEqual(try db.fetchAll("SELECT name FROM country WHERE code = 'JP'"), [["日本"]])
        XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM person WHERE name LIKE '%é%' OR name LIKE '%ü%'"), 0)
    }

    func testSchemaIsReadWithDeclaredKeys() throws {
        let schema = try SchemaIntrospector.read(DemoDatabase.make())
        XCTAssertEqual(schema.tables.map(\.name), DemoDatabase.tableNames)
        XCTAssertEqual(schema.diagnostics, [])
        let book = try XCTUnwrap(schema.table(named: "book"))
        XCTAssertEqual(book.foreignKeys.map(\.destinationTable), ["person", "person", "library"])
        XCTAssertEqual(book.foreignKeys.map(\.originColumns), [["authorId"], ["translatorId"], ["libraryId"]])
        XCTAssertEqual(schema.table(named: "demographics")?.uniqueIndexes, [["countryCode"]])
        XCTAssertEqual(schema.table(named: "passport")?.primaryKey, PrimaryKeyInfo(kind: .regular, columns: ["countryCode", "citizenId"]))
        XCTAssertEqual(schema.table(named: "playerRole")?.primaryKey.kind, .withoutRowid)
        XCTAssertEqual(schema.table(named: "country")?.primaryKey, PrimaryKeyInfo(kind: .regular, columns: ["code"]))
    }

    /// The associations the demo's schema is designed to show, one of each kind.
    func testExpectedAssociations() throws {
        let graph = AssociationGraph(schema: try SchemaIntrospector.read(DemoDatabase.make()))
        let author = try XCTUnwrap(
            graph.associations(from: "book").first { $0.kind == .belongsTo && $0.columns == [ColumnPair(origin: "authorId", destination: "id")] })
        XCTAssertEqual(author.destination, "person")
        XCTAssertTrue(author.isRequired)
        let translator = try XCTUnwrap(
            graph.associations(from: "book").first { $0.columns == [ColumnPair(origin: "translatorId", destination: "id")] })
        XCTAssertFalse(translator.isRequired)
        XCTAssertTrue(graph.associations(from: "country").contains { $0.kind == .hasOne && $0.destination == "demographics" })
        XCTAssertTrue(graph.associations(from: "book").contains { $0.kind == .hasOne && $0.destination == "coverImage" })
        XCTAssertTrue(graph.associations(from: "book").contains { $0.kind == .hasMany && $0.destination == "prize" })
        XCTAssertTrue(graph.associations(from: "book").contains { $0.kind == .hasOneThrough && $0.destination == "address" })
        XCTAssertTrue(graph.associations(from: "employee").contains { $0.kind == .belongsTo && $0.destination == "employee" })
        XCTAssertTrue(graph.associations(from: "country").contains { $0.kind == .hasManyThrough && $0.destination == "citizen" })
        XCTAssertTrue(graph.associations(from: "team").contains { $0.kind == .hasManyThrough && $0.destination == "player" })
        XCTAssertTrue(graph.associations(from: "document").contains { $0.kind == .hasManyThrough && $0.destination == "paragraph" })
    }

    func testBadScaleThrows() {
        XCTAssertThrowsError(try DemoDatabase.make(scale: 0))
        XCTAssertThrowsError(try DemoDatabase.make(scale: -3))
        XCTAssertThrowsError(try DemoDatabase.make(scale: DemoDatabase.maximumScale + 1))
    }

    func testWriteCreatesAFileAndRefusesAnExistingOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("demo.sqlite").path
        try DemoDatabase.write(to: path, scale: 1)
        let db = try Connection(path: path)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM book"), 1000)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'book_authorId'"), 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try DemoDatabase.write(to: path, scale: 1)) { error in
            XCTAssert("\(error)".contains("file exists"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["demo.sqlite"])
    }

    /// Timing of a large build, only when asked: `ASSOC_DEMO_BENCH_SCALE=100 swift test --filter DemoDatabaseTests`.
    func testBenchmarkBuild() throws {
        guard let text = ProcessInfo.processInfo.environment["ASSOC_DEMO_BENCH_SCALE"], let scale = Int(text) else {
            throw XCTSkip("set ASSOC_DEMO_BENCH_SCALE to time a build")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-bench-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var start = Date()
        _ = try DemoDatabase.make(scale: scale)
        print("demo scale \(scale) in memory: \(Date().timeIntervalSince(start)) s")
        start = Date()
        try DemoDatabase.write(to: path, scale: scale)
        print("demo scale \(scale) to file: \(Date().timeIntervalSince(start)) s")
    }
}
