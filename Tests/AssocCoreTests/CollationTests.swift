import TestSupport
import XCTest

@testable import AssocCore

/// Collations: `collating(_:)` in Swift and `.collating(name)` in the request language, in filters
/// and orderings; GRDB's Foundation-based names map to SQLite's built-in collations.
final class CollationTests: XCTestCase {
    let person = Table("person")

    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO person VALUES (1, 'bob'), (2, 'Alice'), (3, 'alice  '), (4, 'Carol');
            """)
    }

    func names(_ db: Database, _ request: Request) throws -> [String] {
        try db.fetchAll(request).map { row in
            if case .text(let name)? = row["name"] { return name }
            return "?"
        }
    }

    func testFiltersAndOrderingsUseTheCollation() throws {
        let db = try database()
        let name = Column("name")
        let nocase = person.filter(name.collating(.nocase) == "ALICE")
        XCTAssertEqual(try db.mainStatement(for: nocase).sql, #"SELECT * FROM "person" WHERE "name" COLLATE NOCASE = ?"#)
        XCTAssertEqual(try names(db, nocase), ["Alice"])
        // RTRIM ignores trailing spaces; NOCASE does not.
        XCTAssertEqual(try names(db, person.filter(name.collating(.rtrim) == "alice")), ["alice  "])
        // Binary order puts capitals first; NOCASE does not (ties in id order).
        XCTAssertEqual(try names(db, person.order(name, Column("id"))), ["Alice", "Carol", "alice  ", "bob"])
        let ordered = person.order(name.collating(.nocase), Column("id"))
        XCTAssertEqual(try db.mainStatement(for: ordered).sql, #"SELECT * FROM "person" ORDER BY "name" COLLATE NOCASE, "id""#)
        XCTAssertEqual(try names(db, ordered), ["Alice", "alice  ", "bob", "Carol"])
        XCTAssertEqual(try names(db, person.order(name.collating(.nocase).desc)), ["Carol", "bob", "alice  ", "Alice"])
        // A compound operand is parenthesized.
        let compound = person.filter((name + "x").collating(.nocase) == "BOBX")
        XCTAssertEqual(try db.mainStatement(for: compound).sql, #"SELECT * FROM "person" WHERE ("name" + ?) COLLATE NOCASE = ?"#)
    }

    func testGRDBNamesMapToBuiltInCollations() {
        XCTAssertEqual(Collation(name: "localizedCaseInsensitiveCompare"), .nocase)
        XCTAssertEqual(Collation(name: "caseInsensitiveCompare"), .nocase)
        XCTAssertEqual(Collation(name: "localizedStandardCompare"), .nocase)
        XCTAssertEqual(Collation(name: "localizedCompare"), .binary)
        XCTAssertEqual(Collation(name: "unicodeCompare"), .binary)
        XCTAssertEqual(Collation(name: "NOCASE"), .nocase)
        XCTAssertEqual(Collation(name: "rtrim"), .rtrim)
        XCTAssertNil(Collation(name: "french"))
    }

    func testRequestLanguage() throws {
        let db = try database()
        let text = "person.filter(name.collating(nocase) = 'alice').order(name.collating(nocase).desc, id)"
        let request = try db.request(parsing: text)
        XCTAssertEqual(
            request,
            person.filter(Column("name").collating(.nocase) == "alice")
                .order(Column("name").collating(.nocase).desc, Column("id")))
        XCTAssertEqual(try request.languageText(), text)
        XCTAssertEqual(try names(db, request), ["Alice"])
        // GRDB's names read, and print as the built-in collation they stand for.
        let grdb = try db.request(parsing: "person.order(name.collating(localizedCaseInsensitiveCompare))")
        XCTAssertEqual(try grdb.languageText(), "person.order(name.collating(nocase))")
        // An unknown collation is a syntax error at its position, listing the accepted names.
        XCTAssertThrowsError(try db.request(parsing: "person.filter(name.collating(french) = 'a')")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.column, 30)
            XCTAssertTrue(syntax.message.contains("nocase"), syntax.message)
        }
    }

    /// Documented (REQUEST-LANGUAGE.md): nocase, and GRDB's case-insensitive names read as it,
    /// fold ASCII letters only; SQLite offers no Unicode folding without ICU, and the error says so.
    func testCaseFoldingIsASCIIOnlyAndTheErrorSaysSo() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO author VALUES (1, 'Molière'), (2, 'Zola');
            """)
        let found = { (text: String) in try db.fetchAll(db.request(parsing: text)).map { $0["id"] } }
        XCTAssertEqual(try found("author.filter(name.collating(localizedCaseInsensitiveCompare) = 'MOLIèRE')"), [1])
        XCTAssertEqual(try found("author.filter(name.collating(localizedCaseInsensitiveCompare) = 'MOLIÈRE')"), [])
        XCTAssertEqual(try found("author.filter(name.collating(nocase) = 'ZOLA')"), [2])
        // SQLite's own functions fold ASCII only too (no ICU): no built-in way to Unicode case folding.
        let upper = try db.connection.prepare("SELECT upper('é'), lower('É'), 'é' LIKE 'É'")
        XCTAssertTrue(try upper.step())
        XCTAssertEqual(upper.values(), [.text("é"), .text("É"), .integer(0)])
        XCTAssertThrowsError(try db.request(parsing: "author.filter(name.collating(unicase) = 'a')")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(syntax.message.contains("folds ASCII letters only: 'MOLIÈRE' does not match 'Molière'"), syntax.message)
        }
    }

    func testSwiftCode() throws {
        let db = try database()
        let code = try SwiftCodeGenerator.code(for: person.order(Column("name").collating(.nocase)), in: db)
        XCTAssertTrue(code.contains(#".order(Person.Columns.name.collating(.nocase))"#), code)
    }
}
