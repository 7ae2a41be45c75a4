import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc fetch DB --sql STATEMENT`: one read-only statement of the user's own, in every format;
/// every write attempt refused with what was refused, the file's bytes unchanged.
final class FetchSQLOptionTests: XCTestCase {
    var directory: URL!
    var path: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        path = try makeDatabaseFile(
            "music.sqlite", in: directory,
            sql: """
                CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
                """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testEveryFormat() throws {
        let sql = "SELECT id, upper(name) AS loud FROM artist WHERE id > 1 ORDER BY id"
        let expected: [(String, String)] = [
            ("json", "[\n  {\"id\": 2, \"loud\": \"ACCEPT\"},\n  {\"id\": 3, \"loud\": \"AEROSMITH\"}\n]\n"),
            ("ndjson", "{\"id\":2,\"loud\":\"ACCEPT\"}\n{\"id\":3,\"loud\":\"AEROSMITH\"}\n"),
            ("csv", "id,loud\r\n2,ACCEPT\r\n3,AEROSMITH\r\n")
        ]
        for (format, output) in expected {
            let result = try BinaryRunner.run(["fetch", path, "--sql", sql, "--format", format])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, output, format)
        }
        let table = try BinaryRunner.run(["fetch", path, "--sql", sql])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("AEROSMITH") && table.stdout.hasSuffix("(2 rows)\n"), table.stdout)
        let debug = try BinaryRunner.run(["fetch", path, "--sql", "VALUES (1, 'x')", "--format", "debug"])
        XCTAssertEqual(debug.status, 0, debug.stderr)
        XCTAssertTrue(debug.stdout.contains("column2"), debug.stdout)
        // Without a database: the demo one.
        let demo = try BinaryRunner.run(["fetch", "--sql", "SELECT 6 * 7 AS answer", "--format", "ndjson"])
        XCTAssertEqual(demo.stdout, "{\"answer\":42}\n", demo.stderr)
        // A request and --sql together: said so.
        let both = try BinaryRunner.run(["fetch", path, "artist", "--sql", sql])
        XCTAssertEqual(both.status, 64, both.stderr)
        XCTAssertTrue(both.stderr.contains("with --sql, expected [DB] only"), both.stderr)
    }

    /// `--arg` binds the statement's parameters, typed, by position or by name; a mismatch says which.
    func testArgumentsAreBound() throws {
        let sql = "SELECT id, name, typeof(?) AS t FROM artist WHERE id >= ? AND name <> ? ORDER BY id"
        let result = try BinaryRunner.run(["fetch", path, "--sql", sql, "--arg", "2.5", "--arg", "2", "--arg", "x' OR '1'='1", "--format", "csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "id,name,t\r\n2,Accept,real\r\n3,Aerosmith,real\r\n")
        let named = try BinaryRunner.run(
            [
                "fetch", path, "--sql", "SELECT name FROM artist WHERE id = :id OR name = @name", "--arg", "@name=Accept", "--arg", ":id=1",
                "--format", "ndjson"
            ])
        XCTAssertEqual(named.stdout, "{\"name\":\"AC/DC\"}\n{\"name\":\"Accept\"}\n", named.stderr)
        let typed = try BinaryRunner.run(
            [
                "fetch", path, "--sql", "SELECT typeof(?), typeof(?), typeof(?), typeof(?), typeof(?)", "--arg", "7", "--arg", "'7'", "--arg", "NULL",
                "--arg", "x'00'", "--arg", "seven", "--format", "tsv"
            ])
        XCTAssertTrue(typed.stdout.hasSuffix("integer\ttext\tnull\tblob\ttext\n"), typed.stdout + typed.stderr)
        let failures: [([String], Int32, String)] = [
            (["--sql", "SELECT ? + ?", "--arg", "1"], 1, "assoc: SQL refused: the statement has 2 parameters and 1 argument was given\n"),
            (["--sql", "SELECT ?"], 1, "assoc: SQL refused: the statement has 1 parameter (?, :name) and no argument was given"),
            (["--sql", "SELECT :a", "--arg", ":b=1"], 1, "assoc: SQL refused: no argument for the parameter :a (give it one"),
            (["--sql", "SELECT :a", "--arg", ":a=1", "--arg", "2"], 1, "not both"),
            (["artist", "--arg", "1"], 64, "--arg gives a value to a parameter of --sql's statement")
        ]
        for (arguments, status, message) in failures {
            let failed = try BinaryRunner.run(["fetch", path] + arguments)
            XCTAssertEqual(failed.status, status, "\(arguments): \(failed.stderr)")
            XCTAssertTrue(failed.stderr.contains(message), "\(arguments): \(failed.stderr)")
        }
    }

    func testWritesAreRefusedAndTheFileIsUnchanged() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused: [(String, String)] = [
            ("DELETE FROM artist", #"assoc: SQL refused: "DELETE""#),
            ("UPDATE artist SET name = 'x' RETURNING *", #"assoc: SQL refused: "UPDATE""#),
            ("ATTACH 'other.db' AS other", #"assoc: SQL refused: "ATTACH""#),
            ("PRAGMA writable_schema=ON", #"assoc: SQL refused: "PRAGMA""#),
            ("SELECT 1; DELETE FROM artist", #"assoc: SQL refused: a second statement, "DELETE FROM artist""#),
            ("WITH a AS (SELECT 1) DELETE FROM artist", "assoc: SQL refused: the statement writes to the database")
        ]
        for (sql, message) in refused {
            for format in ["table", "json", "csv"] {
                let result = try BinaryRunner.run(["fetch", path, "--sql", sql, "--format", format])
                XCTAssertEqual(result.status, 1, sql)
                XCTAssertEqual(result.stdout, "", sql)
                XCTAssertTrue(result.stderr.hasPrefix(message), "\(sql): \(result.stderr)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["music.sqlite"])
    }
}
