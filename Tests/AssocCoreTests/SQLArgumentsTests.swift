import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// `Database.request(sql:arguments:)`: a user's own statement with parameters, its values always
/// bound, every mismatch an error naming the parameter or the count.
final class SQLArgumentsTests: XCTestCase {
    func makeDatabase() throws -> Database {
        try TestDatabase.make(OwnSQLTests.schema)
    }

    func names(_ rows: [Row]) -> [DatabaseValue] { rows.map { $0["name"] ?? .null } }

    func testPositionalArgumentsAreBound() throws {
        let db = try makeDatabase()
        let request = try db.request(sql: "SELECT * FROM artist WHERE id > ? AND name <> ?", arguments: [1, "Accept"])
        XCTAssertEqual(names(try db.fetchAll(request)), ["Aerosmith"])
        XCTAssertEqual(request.query?.arguments, [1, "Accept"])
        // The values never enter the text.
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(statement.sql, #"SELECT * FROM (SELECT * FROM artist WHERE id > ? AND name <> ?) AS "sql""#)
        XCTAssertEqual(statement.arguments, [1, "Accept"])
        // A text that would change the statement if pasted is only a value.
        let injected = try db.request(sql: "SELECT * FROM artist WHERE name = ?", arguments: ["x' OR '1'='1"])
        XCTAssertEqual(try db.fetchAll(injected).count, 0)
        // ?NNN: the same number takes the same value, wherever it is.
        let numbered = try db.request(sql: "SELECT ?2 AS a, ?1 AS b, ?2 AS c", arguments: ["one", "two"])
        XCTAssertEqual(try db.fetchOne(numbered)?.values, ["two", "one", "two"])
        // A lone ? after ?2 is ?3, as SQLite numbers it.
        let mixed = try db.request(sql: "SELECT ?2 AS a, ? AS b", arguments: [1, 2, 3])
        XCTAssertEqual(try db.fetchOne(mixed)?.values, [2, 3])
    }

    func testNamedArgumentsAreBoundByName() throws {
        let db = try makeDatabase()
        for arguments: StatementArguments in [[":id": 2], ["id": 2]] {
            let request = try db.request(sql: "SELECT name FROM artist WHERE id = :id OR id = :id + 10", arguments: arguments)
            XCTAssertEqual(names(try db.fetchAll(request)), ["Accept"])
        }
        let prefixes = try db.request(sql: "SELECT @a AS a, $b AS b, :c AS c, :c AS d", arguments: ["@a": 1, "b": 2, ":c": 3])
        XCTAssertEqual(try db.fetchOne(prefixes)?.values, [1, 2, 3, 3])
    }

    func testParametersInTextNamesAndCommentsAreNotParameters() throws {
        let db = try makeDatabase()
        let sql = """
            SELECT '?' AS "q?", ':x' AS [a:b], '@y' AS "$z", name AS n$1 -- a ? here
            FROM artist /* :no */ WHERE id = ?
            """
        let request = try db.request(sql: sql, arguments: [3])
        let row = try XCTUnwrap(try db.fetchOne(request))
        XCTAssertEqual(row.values, ["?", ":x", "@y", "Aerosmith"])
        XCTAssertEqual(row["n$1"], "Aerosmith")
    }

    func testRefinementsBindAfterTheStatementsArguments() throws {
        let db = try makeDatabase()
        let base = try db.request(sql: "SELECT id, name FROM artist WHERE id >= ?", arguments: [2])
        let refined = base.select(sql: "? || name", arguments: ["* "]).filter(Column("name") != "Accept").order(Column("name"))
        let statement = try db.mainStatement(for: refined)
        XCTAssertEqual(statement.arguments, ["* ", 2, "Accept"], statement.sql)
        XCTAssertEqual(try db.fetchAll(refined).map(\.values), [["* Aerosmith"]])
        // Counts, pages and frequencies wrap it with its arguments.
        XCTAssertEqual(try db.fetchCount(base), 2)
        let pager = try db.pager(for: base.order(Column("id")))
        XCTAssertEqual(try pager.firstPage(size: 1).rows.map { $0["id"] }, [2])
        let frequencies = try db.frequencies(of: Column("name").expression, in: base, offset: 0, limit: 10)
        XCTAssertEqual(frequencies.rows.count, 2)
        // The request line shows it with its values, as a statement that reads the same rows.
        let text = try db.languageText(of: base)
        XCTAssertEqual(text, "SELECT id, name FROM artist WHERE id >= 2")
        XCTAssertEqual(try db.fetchAll(try db.request(sql: text)).count, 2)
    }

    func testMismatchesAreClearErrors() throws {
        let db = try makeDatabase()
        let cases: [(String, StatementArguments, String)] = [
            ("SELECT * FROM artist WHERE id = ?", [], "the statement has 1 parameter (?, :name) and no argument was given"),
            ("SELECT * FROM artist WHERE id = ? AND name = ?", [1], "the statement has 2 parameters and 1 argument was given"),
            ("SELECT * FROM artist WHERE id = ?", [1, 2], "the statement has 1 parameter and 2 arguments were given"),
            ("SELECT * FROM artist", [1], "the statement has 0 parameters and 1 argument was given"),
            ("SELECT * FROM artist WHERE id = :id", [":other": 1, ":id": 1], #"the statement has no parameter named ":other""#),
            ("SELECT * FROM artist WHERE id = :id", ["@x": 1], "no argument for the parameter :id"),
            ("SELECT * FROM artist WHERE id = ? AND name = :n", [":n": "x"], "parameter 1 of the statement, ?, has no name"),
            ("SELECT * FROM artist", [":id": 1], #"no parameter named ":id" (it has no parameters)"#)
        ]
        for (sql, arguments, message) in cases {
            XCTAssertThrowsError(try db.request(sql: sql, arguments: arguments), sql) { error in
                let text = AssocError.message(for: error)
                XCTAssertTrue(text.hasPrefix("SQL refused: "), text)
                XCTAssertTrue(text.contains(message), "\(sql): \(text)")
            }
        }
    }

    func testCommandLineTextsBecomeTypedValues() throws {
        let parsed = try StatementArguments.parsing(["42", "-7", "2.5", "1e3", "NULL", "'12'", "'it''s'", "x'0aFF'", "hello", "12abc", ""])
        XCTAssertEqual(parsed.values, [42, -7, 2.5, 1000.0, .null, "12", "it's", .blob([0x0A, 0xFF]), "hello", "12abc", ""])
        XCTAssertEqual(try StatementArguments.parsing([":id=1", "@name=x=y"]).namedValues, [":id": 1, "@name": "x=y"])
        XCTAssertThrowsError(try StatementArguments.parsing([":id=1", "2"]))
        XCTAssertThrowsError(try StatementArguments.parsing([":id=1", ":id=2"]))
        XCTAssertThrowsError(try StatementArguments.parsing(["x'ABC'"]))
        // A lone ":" or "=x" is text, by position.
        XCTAssertEqual(try StatementArguments.parsing([":", "=x", ":=1"]).values, [":", "=x", ":=1"])
    }
}
