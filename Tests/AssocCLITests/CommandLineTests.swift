import AssocCore
import Foundation
import TestSupport
import XCTest

/// The `assoc` binary on the demo database and on a test database of its own.
final class CommandLineTests: XCTestCase {
    func testHelpListsTheSubcommands() throws {
        let result = try BinaryRunner.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssert(result.stdout.contains("USAGE: assoc <subcommand>"), result.stdout)
        XCTAssert(result.stdout.contains("browse (default)"), result.stdout)
        XCTAssert(result.stdout.contains("schema"), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    func testVersion() throws {
        let result = try BinaryRunner.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "0.1.0\n")
    }

    func testSchemaHelpListsTheFormats() throws {
        let result = try BinaryRunner.run(["schema", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssert(result.stdout.contains("assoc schema [<database>] [--associations <file> ...] [--format <format>]"), result.stdout)
    }

    func testUnknownFormatIsAUsageError() throws {
        let result = try BinaryRunner.run(["schema", "--format", "yaml"])
        XCTAssertEqual(result.status, 64)
        XCTAssert(result.stderr.contains("'yaml' is invalid"), result.stderr)
    }

    func testSchemaTextOnTheDemo() throws {
        let result = try BinaryRunner.run(["schema"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Hand-checked against DemoSchema: the first table block, and the book columns (wrapped at 100).
        XCTAssertEqual(
            Array(lines.prefix(3)),
            ["country", "  code TEXT PK NOT NULL, name TEXT NOT NULL", "  ↣ hasOne demographic: demographics (code → countryCode)"])
        XCTAssert(lines.contains("  id INTEGER PK NOT NULL, authorId INTEGER NOT NULL, translatorId INTEGER, libraryId INTEGER,"), result.stdout)
        XCTAssert(lines.contains("  title TEXT NOT NULL, kind TEXT NOT NULL, year INTEGER, price REAL, awards INTEGER NOT NULL"))
        XCTAssert(lines.contains("passport"))
        XCTAssert(lines.contains("  countryCode TEXT PK1 NOT NULL, citizenId INTEGER PK2 NOT NULL, issuedYear INTEGER"))
        XCTAssert(lines.contains("playerRole (without rowid)"))
        XCTAssertFalse(result.stdout.contains("diagnostics:"))
        XCTAssert(lines.contains("  → belongsTo author: person (authorId → id) required"), result.stdout)
    }

    func testSchemaJSONOnTheDemoFollowsTheContract() throws {
        let result = try BinaryRunner.run(["schema", "--format", "json"])
        XCTAssertEqual(result.status, 0)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["tables", "diagnostics"])
        XCTAssertEqual(root["diagnostics"] as? [String], [])
        let tables = try XCTUnwrap(root["tables"] as? [[String: Any]])
        XCTAssertEqual(tables.count, 18)
        for table in tables {
            XCTAssertEqual(Set(table.keys), ["name", "isView", "columns", "primaryKey", "associations"])
            for column in try XCTUnwrap(table["columns"] as? [[String: Any]]) {
                XCTAssertEqual(Set(column.keys), ["name", "type", "notNull", "primaryKeyIndex"])
            }
            for association in try XCTUnwrap(table["associations"] as? [[String: Any]]) {
                let kind = try XCTUnwrap(association["kind"] as? String)
                let pathKey = kind.hasSuffix("Through") ? "through" : "columns"
                XCTAssertEqual(Set(association.keys), ["name", "kind", "destination", pathKey, "toMany", "required", "inferredBy"])
            }
        }
        let book = try XCTUnwrap(tables.first { $0["name"] as? String == "book" })
        XCTAssertEqual(book["isView"] as? Bool, false)
        XCTAssertEqual(book["primaryKey"] as? [String], ["id"])
        let columns = try XCTUnwrap(book["columns"] as? [[String: Any]])
        XCTAssertEqual(
            columns.compactMap { $0["name"] as? String },
            ["id", "authorId", "translatorId", "libraryId", "title", "kind", "year", "price", "awards"])
        XCTAssertEqual(columns.first?["type"] as? String, "INTEGER")
        XCTAssertEqual(columns.first?["primaryKeyIndex"] as? Int, 1)
        XCTAssertEqual(columns[1]["notNull"] as? Bool, true)
        let passport = try XCTUnwrap(tables.first { $0["name"] as? String == "passport" })
        XCTAssertEqual(passport["primaryKey"] as? [String], ["countryCode", "citizenId"])
        // Depends on the association inference (a stub on this branch until it is merged).
        let associations = try XCTUnwrap(book["associations"] as? [[String: Any]])
        if let author = associations.first(where: { ($0["columns"] as? [[String]]) == [["authorId", "id"]] }) {
            XCTAssertEqual(author["kind"] as? String, "belongsTo")
            XCTAssertEqual(author["destination"] as? String, "person")
            XCTAssertEqual(author["required"] as? Bool, true)
            XCTAssertEqual(author["toMany"] as? Bool, false)
            XCTAssertEqual(author["inferredBy"] as? String, "foreignKey")
        }
    }

    func testSchemaDotOnTheDemo() throws {
        let result = try BinaryRunner.run(["schema", "--format", "dot"])
        XCTAssertEqual(result.status, 0)
        XCTAssert(result.stdout.hasPrefix("digraph schema {\n"), result.stdout)
        XCTAssert(result.stdout.hasSuffix("}\n"))
        XCTAssert(result.stdout.contains(#"  "book" [label="{book|id\lauthorId\ltranslatorId\llibraryId\ltitle\lkind\lyear\lprice\lawards\l}"];"#))
    }

    func testSchemaMermaidOnTheDemo() throws {
        let result = try BinaryRunner.run(["schema", "--format", "mermaid"])
        XCTAssertEqual(result.status, 0)
        XCTAssert(result.stdout.hasPrefix("erDiagram\n  country {\n    TEXT code PK\n    TEXT name\n  }\n"), result.stdout)
        XCTAssert(result.stdout.contains("  book {\n    INTEGER id PK\n    INTEGER authorId FK\n"))
    }

    func testBrowseIsTheDefaultSubcommand() throws {
        // Without a terminal the browser refuses to start, with one clear line (the tmux tests run it for real).
        let result = try BinaryRunner.run([])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "assoc: the browser needs a terminal (stdin and stdout must be a TTY)\n")
    }

    func testUnknownTableToOpenIsAnErrorBeforeTheScreen() throws {
        let result = try BinaryRunner.run(["--table", "nope"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("assoc: no table or view named \"nope\" in \"demo library\" (known: "), result.stderr)
        // A near miss is suggested, as the request line does.
        let typo = try BinaryRunner.run(["--table", "boook"])
        XCTAssertEqual(typo.status, 1)
        XCTAssertEqual(typo.stderr, "assoc: no table or view named \"boook\" in \"demo library\" (did you mean \"book\"?)\n")
        XCTAssertTrue(result.stderr.contains("book"), result.stderr)
    }

    /// A database of our own, in a temporary directory: read, and left untouched.
    func testSchemaOnAFileLeavesItUntouched() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shop.sqlite").path
        do {
            let db = try Connection(path: path, mode: .readWrite(create: true))
            try db.execute(
                #"""
                CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE "order"(id INTEGER PRIMARY KEY, customerId INTEGER NOT NULL REFERENCES customer(id), "total ""€""" REAL);
                CREATE VIEW bigOrder AS SELECT * FROM "order" WHERE "total ""€""" > 100;
                INSERT INTO customer VALUES (1, 'Zoë');
                """#)
        }
        let before = try FileSnapshot(path: path)
        let text = try BinaryRunner.run(["schema", path])
        XCTAssertEqual(text.status, 0, text.stderr)
        // Hand-checked: one foreign key, so a belongsTo and its hasMany; the view has no link.
        XCTAssertEqual(
            text.stdout,
            """
            customer
              id INTEGER PK NOT NULL, name TEXT NOT NULL
              ⇉ hasMany orders: order (id → customerId)

            order
              id INTEGER PK NOT NULL, customerId INTEGER NOT NULL, total "€" REAL
              → belongsTo customer: customer (customerId → id) required

            bigOrder (view)
              id INTEGER, customerId INTEGER, total "€" REAL

            """)
        let json = try BinaryRunner.run(["schema", path, "--format", "json"])
        XCTAssertEqual(json.status, 0)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tables = try XCTUnwrap(root["tables"] as? [[String: Any]])
        XCTAssertEqual(tables.compactMap { $0["name"] as? String }, ["customer", "order", "bigOrder"])
        XCTAssertEqual(tables.last?["isView"] as? Bool, true)
        XCTAssertEqual(tables.last?["primaryKey"] as? [String], [])
        let orderColumns = try XCTUnwrap(tables[1]["columns"] as? [[String: Any]])
        XCTAssertEqual(orderColumns.last?["name"] as? String, "total \"€\"")
        XCTAssertEqual(try BinaryRunner.run([path]).status, 1)  // no terminal: refused after opening read-only
        XCTAssertEqual(try FileSnapshot(path: path), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["shop.sqlite"])
    }
}

/// A file's bytes and modification date, to prove a command did not change it.
struct FileSnapshot: Equatable {
    var bytes: Data
    var modified: Date?

    init(path: String) throws {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }
}
