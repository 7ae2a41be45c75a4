import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// Errors that used to be SQLite's words or the wrong advice, now saying what happened and what
/// to do: SQLite's limits, duplicate output keys, names that are not valid UTF-8.
final class ClearErrorTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func makeDatabase() throws -> String {
        try CorpusBuilder.database(
            directory, "t.db",
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);
            INSERT INTO t VALUES (1, 'x', 'y');
            """)
    }

    /// Long AND and OR chains run, however many terms (they print as balanced halves, under
    /// SQLite's expression depth of 1,000); an expression that truly nests deeper than SQLite
    /// allows says so in the CLI and the engine, not in SQLite's words. (The request language
    /// itself stops nesting at 200 levels, with its own message.)
    func testExpressionDepthBeyondSQLiteLimit() throws {
        let path = try makeDatabase()
        for count in [1_001, 3_000, 7_000] {
            let chain = try BinaryRunner.run(["fetch", path, "t" + String(repeating: ".filter(id > 0)", count: count), "--format", "csv"])
            XCTAssertEqual(chain.status, 0, "\(count): \(chain.stderr.prefix(300))")
            XCTAssertEqual(chain.stdout, "id,a,b\r\n1,x,y\r\n", "\(count)")
            var chained = Table("t").all
            for _ in 0..<count { chained = chained.filter(Column("id") > 0) }
            var disjunction: AssocCore.Expression = Column("id") == 0
            for value in 2..<count { disjunction = disjunction || Column("id") == value }
            XCTAssertEqual(try Database(path: path).fetchAll(chained).count, 1, "\(count)")
            XCTAssertEqual(try Database(path: path).fetchAll(Table("t").filter(disjunction)).count, 0, "\(count): id 1 is not in the chain")
            XCTAssertEqual(try Database(path: path).fetchAll(Table("t").filter(disjunction || Column("id") == 1)).count, 1, "\(count)")

            // `id + 1 + 1 + …` nests one level per term, in an SQL snippet and in the engine (the
            // request language stops at 200 levels, with its own message).
            let deep = try BinaryRunner.run(["fetch", path, "t.filter(sql: 'id" + String(repeating: " + 1", count: count) + " > 0')"])
            XCTAssertEqual(deep.status, 1, "\(count)")
            XCTAssertTrue(deep.stderr.hasPrefix("assoc: the request is too large"), String(deep.stderr.prefix(300)))
            if count == 1_001 { XCTAssertTrue(deep.stderr.contains("1000 levels"), deep.stderr) }
            XCTAssertFalse(deep.stderr.contains("Expression tree"), deep.stderr)
            XCTAssertFalse(deep.stderr.contains("parser stack"), deep.stderr)
            let language = try BinaryRunner.run(["fetch", path, "t.filter(id" + String(repeating: " + 1", count: count) + " > 0)"])
            XCTAssertEqual(language.status, 1, "\(count)")
            XCTAssertTrue(language.stderr.contains("more than 200 levels"), language.stderr)
            var sum: AssocCore.Expression = Column("id") + 1
            for _ in 1..<count { sum = sum + 1 }
            XCTAssertThrowsError(try Database(path: path).fetchAll(Table("t").filter(sum > 0))) { error in
                XCTAssertTrue((error as? AssocError)?.databaseError?.message.hasPrefix("the request is too large") ?? false, "\(error)")
            }
        }
        // Under the limit: fine.
        let fine = try BinaryRunner.run(["fetch", path, "t.filter(sql: 'id" + String(repeating: " + 1", count: 900) + " > 0')"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// A value too big for SQLite from a 60-byte snippet names the limit of one value, not the SQL's length.
    func testValueTooBigIsNotSQLTooLong() throws {
        let path = try makeDatabase()
        let result = try BinaryRunner.run(["fetch", path, "t.select(sql: 'length(randomblob(2000000000))')"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("value the request binds or computes is larger than SQLite allows (1000000000 bytes"), result.stderr)
        XCTAssertFalse(result.stderr.contains("SQL is longer"), result.stderr)
    }

    /// More result columns than SQLite allows.
    func testTooManyColumns() throws {
        let columns = (1..<1200).map { "c\($0) INTEGER" }.joined(separator: ", ")
        let path = try CorpusBuilder.database(directory, "wide.db", "CREATE TABLE w (id INTEGER PRIMARY KEY, \(columns))")
        let result = try BinaryRunner.run(["fetch", path, "w.select(*, *)", "--format", "table"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("selects more than 2000 columns, SQLite's limit"), result.stderr)
    }

    /// A column twice in a JSON object is about columns, not associations.
    func testDuplicateColumnKeysSayWhatIsDuplicated() throws {
        let path = try makeDatabase()
        for request in [
            "t.select(*, *)", "t.select(a.forKey(\"x\"), b.forKey(\"x\"))", "t.select(id, id)",
            "t.select(a, b.forKey(\"a\"))", "t.select(*, a)"
        ] {
            let result = try BinaryRunner.run(["fetch", path, request, "--format", "json"])
            XCTAssertEqual(result.status, 1, request)
            XCTAssertTrue(result.stderr.contains("appears twice in one object of the JSON output"), result.stderr)
            XCTAssertTrue(result.stderr.contains("select it once, or give one of them another name with forKey"), result.stderr)
            XCTAssertFalse(result.stderr.contains("association"), "\(request): \(result.stderr)")
            // The table format has no object keys: the same request prints.
            XCTAssertEqual(try BinaryRunner.run(["fetch", path, request, "--format", "table"]).status, 0, request)
        }
    }

    /// Table and column names stored as invalid UTF-8: a diagnostic with the bytes, an explained
    /// error when opened, the other columns still read.
    func testInvalidUTF8NamesAreDiagnosed() throws {
        let table = try NameBytes.database(directory, table: [0x74, 0xFF, 0xFE], column: Array("v".utf8))
        let schema = try BinaryRunner.run(["schema", table])
        XCTAssertEqual(schema.status, 0, schema.stderr)
        XCTAssertTrue(schema.stdout.contains("table \"t\u{FFFD}\u{FFFD}\": its name is not valid UTF-8 (stored bytes 74 FF FE)"), schema.stdout)
        let json = try BinaryRunner.run(["schema", table, "--format", "json"])
        XCTAssertTrue(json.stdout.contains("not valid UTF-8"), json.stdout)
        let fetch = try BinaryRunner.run(["fetch", table, "\"t\u{FFFD}\u{FFFD}\""])
        XCTAssertEqual(fetch.status, 1)
        XCTAssertTrue(fetch.stderr.contains("not valid UTF-8") && fetch.stderr.contains("rename it"), fetch.stderr)
        let browse = try BinaryRunner.run([table, "--table", "t\u{FFFD}\u{FFFD}x"])
        XCTAssertTrue(browse.stderr.contains("(did you mean \"t\u{FFFD}\u{FFFD}\"?)"), browse.stderr)

        let folder = directory.appendingPathComponent("columns")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let column = try NameBytes.database(folder, table: Array("t".utf8), column: [0x63, 0xC3])
        let columnSchema = try BinaryRunner.run(["schema", column])
        XCTAssertTrue(
            columnSchema.stdout.contains("column \"c\u{FFFD}\" of \"t\": its name is not valid UTF-8 (stored bytes 63 C3)"), columnSchema.stdout)
        let rows = try BinaryRunner.run(["fetch", column, "t", "--format", "json"])
        XCTAssertEqual(rows.stdout, "[\n  {\"id\": 1, \"c\u{FFFD}\": \"value\"}\n]\n", rows.stderr)
        // Naming it is refused (SQLite would have read the quoted name as the text "c\u{FFFD}").
        for request in ["t.select(\"c\u{FFFD}\")", "t.filter(\"c\u{FFFD}\" = 'value')", "t.order(\"c\u{FFFD}\")"] {
            let named = try BinaryRunner.run(["fetch", column, request, "--format", "json"])
            XCTAssertEqual(named.status, 1, request)
            XCTAssertEqual(named.stdout, "", request)
            XCTAssertTrue(named.stderr.contains("has a name that is not valid UTF-8: SQL cannot name it"), named.stderr)
        }
    }
}
