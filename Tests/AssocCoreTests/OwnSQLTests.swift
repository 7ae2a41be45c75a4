import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// A user's own SQL statement (`Database.request(sql:)`): one read-only statement, the source
/// of a request as a view is; every write attempt refused, the file's bytes unchanged.
final class OwnSQLTests: XCTestCase {
    static let schema = """
        CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
        INSERT INTO album VALUES (1, 1, 'Highway'), (2, 1, 'Back in Black'), (3, 2, 'Balls'), (4, 3, 'Pump');
        """

    func testAStatementIsTheSourceOfARequest() throws {
        let db = try TestDatabase.make(Self.schema)
        let sql = "SELECT artist.name, count(*) AS albums FROM artist JOIN album ON album.artistId = artist.id GROUP BY artist.id;"
        let request = try db.request(sql: sql)
        XCTAssertEqual(request.query?.columns, ["name", "albums"])
        XCTAssertEqual(request.table, "sql")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            "SELECT * FROM (SELECT artist.name, count(*) AS albums FROM artist JOIN album ON album.artistId = artist.id GROUP BY artist.id) AS \"sql\""
        )
        XCTAssertEqual(try db.fetchAll(request).map { $0["name"] }, ["AC/DC", "Accept", "Aerosmith"])
        // Filters, sorts, counts and frequencies work on its rows as on a view's.
        let refined = request.filter(Column("albums") >= 1).order(Column("albums").desc, Column("name"))
        XCTAssertEqual(try db.fetchAll(refined).map { $0["name"] }, ["AC/DC", "Accept", "Aerosmith"])
        XCTAssertEqual(try db.fetchCount(request.filter(Column("albums") == 1)), 2)
        let frequencies = try db.frequencies(of: Column("albums").expression, in: request, offset: 0, limit: 10)
        XCTAssertEqual(frequencies.rows.map(\.count), [2, 1])
        // It pages with OFFSET, and says why.
        XCTAssertEqual(db.pagingMethod(for: request), .offset(reason: .statementWithoutKey))
        let pager = try db.pager(for: request)
        let first = try pager.firstPage(size: 2)
        XCTAssertEqual(first.rows.map { $0["name"] }, ["AC/DC", "Accept"])
        XCTAssertEqual(try pager.page(after: first, size: 2).rows.map { $0["name"] }, ["Aerosmith"])
        // The request line shows the statement, or the statement that runs once refined.
        XCTAssertEqual(try db.languageText(of: request), String(sql.dropLast()))
        let text = try db.languageText(of: request.filter(Column("name") == "it's"))
        XCTAssertTrue(text.hasSuffix(#"AS "sql" WHERE "name" = 'it''s'"#), text)
        XCTAssertTrue(SQLQuery.isStatement(text))
        XCTAssertEqual(try db.fetchAll(try db.request(sql: text)).count, 0)
    }

    func testValuesWithAndCommentsAreStatements() throws {
        let db = try TestDatabase.make(Self.schema)
        XCTAssertEqual(try db.fetchAll(try db.request(sql: "  -- mine\n values (1, 'x'), (2, 'y') -- end")).count, 2)
        let with = try db.request(sql: "/* c */ WITH a AS (SELECT 1 AS n, 2 AS n) SELECT * FROM a;  -- done\n")
        XCTAssertEqual(with.query?.columns, ["n", "n:1"])
        XCTAssertEqual(try db.fetchAll(with).first?.values, [1, 2])
        for text in ["select 1", " WITH x AS (SELECT 1) SELECT * FROM x", "/* a */ Values (1)"] {
            XCTAssertTrue(SQLQuery.isStatement(text), text)
        }
        XCTAssertTrue(SQLQuery.isStatement("DELETE FROM artist"), "meant as SQL, then refused")
        for text in ["artist.filter(id > 1)", "selected.limit(1)", "values.limit(3)", "select", "update .filter(id > 1)", ""] {
            XCTAssertFalse(SQLQuery.isStatement(text), text)
        }
        // A table named sql keeps its name: the statement's rows take another.
        let named = try TestDatabase.make("CREATE TABLE sql (id INTEGER PRIMARY KEY);")
        XCTAssertEqual(try named.request(sql: "SELECT 1 AS one").table, "sql2")
    }

    func testRefusalsSayWhatWasRefused() throws {
        let db = try TestDatabase.make(Self.schema)
        let refused: [(String, String)] = [
            ("DELETE FROM artist", #"SQL refused: "DELETE""#),
            ("UPDATE artist SET name = 'x' RETURNING *", #"SQL refused: "UPDATE""#),
            ("ATTACH 'other.db' AS other", #"SQL refused: "ATTACH""#),
            ("PRAGMA writable_schema=ON", #"SQL refused: "PRAGMA""#),
            ("SELECT 1; DELETE FROM artist", #"SQL refused: a second statement, "DELETE FROM artist""#),
            ("WITH a AS (SELECT 1) DELETE FROM artist", "SQL refused: the statement writes to the database"),
            ("WITH a AS (SELECT 1) INSERT INTO artist SELECT 9, 'x' FROM a", "SQL refused: the statement writes to the database"),
            ("SELECT * FROM artist WHERE id = ?", "SQL refused: the statement has 1 parameter"),
            ("  -- nothing\n", "SQL refused: the SQL statement is empty"),
            ("SELECT load_extension('x')", "load_extension() is not allowed"),
            ("SELECT nope FROM artist", "no such column: nope")
        ]
        for (sql, message) in refused {
            XCTAssertThrowsError(try db.request(sql: sql), sql) { error in
                XCTAssertTrue(AssocError.message(for: error).contains(message), "\(sql): \(AssocError.message(for: error))")
            }
        }
    }

    func testWriteAttemptsLeaveTheFileUnchanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("own-sql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("music.sqlite").path
        try Connection(path: path, mode: .readWrite(create: true)).execute(Self.schema)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        for sql in Self.writeAttempts {
            XCTAssertThrowsError(try db.fetchAll(try db.request(sql: sql)), sql)
        }
        XCTAssertEqual(try db.fetchCount(Table("artist").all), 3)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path), ["music.sqlite"], "nothing created beside it")
    }

    /// The writes the issue names, each refused.
    static let writeAttempts = [
        "DELETE FROM artist", "UPDATE artist SET name = 'x' RETURNING *", "ATTACH 'other.db' AS other",
        "PRAGMA writable_schema=ON", "SELECT 1; DELETE FROM artist", "WITH a AS (SELECT 1) DELETE FROM artist"
    ]

    func testSwiftCodeRunsTheSQLWithGRDB() throws {
        let db = try TestDatabase.make(Self.schema)
        let request = try db.request(sql: "SELECT name FROM artist")
        XCTAssertEqual(
            try SwiftCodeGenerator.requestOnly(for: request, in: db),
            """
            // Your own SQL statement, run as GRDB runs raw SQL.
            let rows = try Row.fetchAll(db, sql: "SELECT name FROM artist")

            """)
        let refined = try SwiftCodeGenerator.requestOnly(for: request.filter(Column("name") == "Accept"), in: db)
        XCTAssertTrue(
            refined.contains(
                #"let rows = try Row.fetchAll(db, sql: "SELECT * FROM (SELECT name FROM artist) AS \"sql\" WHERE \"name\" = ?", arguments: ["Accept"])"#
            ),
            refined)
        XCTAssertTrue(try SwiftCodeGenerator.code(for: request, in: db).contains("func fetchRows(_ db: GRDB.Database) throws -> [Row] {"))
    }
}
