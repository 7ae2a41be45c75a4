import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Foreign keys read from a `CREATE TABLE` statement's text are those SQLite lists in
/// `pragma_foreign_key_list` (same ids, order, names and letter case), or nil: never other keys.
final class ForeignKeyTextTests: XCTestCase {
    /// Statements SQLite accepts, each read with certainty.
    static let readable = [
        "CREATE TABLE c1 (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p(id))",
        "CREATE TABLE c2 (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p)",
        "create table c3 (a, b, c, foreign key (a, b) references p2 (x, y), FOREIGN KEY (c) REFERENCES p)",
        "CREATE TABLE c4 (a INTEGER CONSTRAINT fk1 REFERENCES p(id) ON DELETE CASCADE REFERENCES p2(x) DEFERRABLE INITIALLY DEFERRED, b TEXT)",
        "CREATE TABLE \"c 5\" (\"odd \"\"name\"\"\" INTEGER REFERENCES \"p \"\"two\"\"\"(\"x\"), [br col] REFERENCES [p x], `bt``x` REFERENCES `q``r`)",
        "CREATE TABLE c6 (A INTEGER, b INTEGER, CONSTRAINT k FOREIGN KEY (a) REFERENCES p(Id) MATCH FULL ON UPDATE SET NULL)",
        "CREATE TABLE c7 (\n  -- a comment with REFERENCES q(z)\n  a /* REFERENCES q(z) */ INTEGER\tREFERENCES\np(id),\n  b TEXT DEFAULT 'references q(z)' CHECK (length(b) > (1))\n)",
        "CREATE TABLE c8 ('quoted' INTEGER REFERENCES 'p'('id'), key INTEGER REFERENCES p)",
        "CREATE TABLE c9 (é INTEGER REFERENCES ünïcode(ß), 🐻 TEXT REFERENCES p)",
        "CREATE TABLE c10 (id INTEGER PRIMARY KEY, v INTEGER GENERATED ALWAYS AS (id * 2) VIRTUAL, pId REFERENCES p(id)) WITHOUT ROWID",
        "CREATE TABLE c11 (id INTEGER PRIMARY KEY NOT NULL, pId INTEGER REFERENCES p(id)) STRICT",
        "CREATE TABLE c12 (a VARCHAR(10, 2) REFERENCES p(id), b NUMERIC(5) DEFAULT (-1.5e3), UNIQUE (a, b), PRIMARY KEY (a), CHECK (a <> 'x'))",
        "CREATE TABLE c13 (a, b, FOREIGN KEY (B, A) REFERENCES p2)",
        "CREATE TABLE c14 (id INTEGER PRIMARY KEY, note TEXT)"
    ]

    /// Statements SQLite accepts that this reader leaves to SQLite (U+FFFD may stand for bytes
    /// that were not UTF-8).
    static let leftToSQLite = [
        "CREATE TABLE d1 (a\u{FFFD} INTEGER REFERENCES p(id))"
    ]

    func testTheTextGivesThePragmaRowsForEveryStatementSQLiteAccepts() throws {
        let connection = try Connection.inMemory()
        try connection.execute("PRAGMA foreign_keys = OFF")
        for sql in Self.readable + Self.leftToSQLite {
            try connection.execute(sql)
        }
        try connection.execute("CREATE TABLE base (id INTEGER PRIMARY KEY); ALTER TABLE base ADD COLUMN pId INTEGER REFERENCES p(id)")
        try connection.execute("CREATE TABLE old (id INTEGER PRIMARY KEY, qId REFERENCES q(id)); CREATE TABLE q (id INTEGER PRIMARY KEY)")
        try connection.execute("ALTER TABLE q RENAME TO q2")  // rewrites the REFERENCES of `old`
        var read = 0
        for row in try connection.fetchAll("SELECT name, sql FROM sqlite_schema WHERE type = 'table'") {
            guard case .text(let name) = row[0], case .text(let sql) = row[1] else { return XCTFail("\(row)") }
            let pragma = try connection.fetchAll(
                "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [.text(name)])
            let text = ForeignKeyText.rows(sql)
            if Self.leftToSQLite.contains(sql) {
                XCTAssertNil(text, sql)
            } else {
                XCTAssertEqual(text, pragma, sql)
                read += 1
            }
        }
        XCTAssertEqual(read, Self.readable.count + 3)  // base, old, q2
        // Checked by hand against `sqlite3 :memory: ... 'PRAGMA foreign_key_list(c3)'`: the last
        // declared key has id 0, a key's columns follow in seq order, an omitted parent column is NULL.
        XCTAssertEqual(
            ForeignKeyText.rows(Self.readable[2]),
            [
                [.integer(0), .integer(0), .text("p"), .text("c"), .null],
                [.integer(1), .integer(0), .text("p2"), .text("a"), .text("x")],
                [.integer(1), .integer(1), .text("p2"), .text("b"), .text("y")]
            ])
        // The declared column's letter case, not the key clause's.
        XCTAssertEqual(ForeignKeyText.rows(Self.readable[5])?.first?[3], .text("A"))
    }

    func testWhatIsNotFollowedGivesNil() {
        for sql in [
            "CREATE TABLE e1 (a INTEGER REFERENCES",
            "CREATE TABLE e2 (a INTEGER REFERENCES p(id)",
            "CREATE TABLE e3 (a INTEGER REFERENCES p(id, x))",
            "CREATE TABLE e4 (a, FOREIGN KEY (zzz) REFERENCES p(id))",
            "CREATE TABLE e5 (a CHECK (a REFERENCES p))",
            "CREATE TABLE e6 (a TEXT DEFAULT 'open",
            "CREATE TABLE e7 AS SELECT 1",
            "CREATE TABLE e8 (a INTEGER REFERENCES p(id), \u{FFFD} TEXT)",
            "CREATE TABLE e9 (a, FOREIGN KEY (a COLLATE nocase) REFERENCES p(id))",
            "CREATE TABLE e10 (a, FOREIGN KEY (a DESC) REFERENCES p(id))"
        ] {
            XCTAssertNil(ForeignKeyText.rows(sql), sql)
        }
    }

    /// Random schemas (odd names, composite and dangling keys): every statement read from its
    /// text gives SQLite's rows, and most are read.
    func testRandomSchemasGiveThePragmaRows() throws {
        let seed = randomSeed(fallback: 0xF0E1)
        var random = FuzzRandom(state: seed)
        var read = 0
        var withKeys = 0
        for iteration in 0..<200 {
            let (_, connection) = try SchemaFuzzTests.makeDatabase(&random)
            for row in try connection.fetchAll("SELECT name, sql FROM sqlite_schema WHERE type = 'table'") {
                guard case .text(let name) = row[0], case .text(let sql) = row[1] else { continue }
                let pragma = try connection.fetchAll(
                    "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [.text(name)])
                guard let text = ForeignKeyText.rows(sql) else { continue }
                XCTAssertEqual(text, pragma, "iteration \(iteration), seed \(seed)\n\(sql)")
                read += 1
                if !pragma.isEmpty { withKeys += 1 }
            }
        }
        XCTAssertGreaterThan(read, 300)
        XCTAssertGreaterThan(withKeys, 100)
    }
}
