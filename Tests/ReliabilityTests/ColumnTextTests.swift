import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Columns read from a `CREATE TABLE` statement's text are those SQLite lists in
/// `pragma_table_xinfo` (names, declared types, NOT NULL, defaults as written, key positions), or
/// nil: never other columns.
final class ColumnTextTests: XCTestCase {
    /// Statements SQLite accepts, each read with certainty.
    static let readable = [
        "CREATE TABLE r1 (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note)",
        "create table r2 (a VARCHAR  ( 10 ,  2 ) not null default 'x''y', b unsigned big int, c Int, d integer(5), e any, f double)",
        "CREATE TABLE r3 (a DEFAULT ( 1 + 2 ) , b DEFAULT \"abc\", c DEFAULT abc, d DEFAULT -'x', e DEFAULT true, f DEFAULT X'AB')",
        "CREATE TABLE r4 (g DEFAULT null, h DEFAULT current_timestamp, i DEFAULT 1e5, j DEFAULT 0x1F, k DEFAULT +'y', l DEFAULT ( (3) ))",
        "CREATE TABLE r5 (m DEFAULT - 1, n DEFAULT 1.5e-3, o DEFAULT .5, p DEFAULT -1.25 NOT NULL, q REAL DEFAULT (-1.5e3))",
        "CREATE TABLE r6 (m integer primary key desc not null, n text default 'a' collate nocase not null unique check(n > '') references r1(id) on delete set default on update set null deferrable initially deferred)",
        "CREATE TABLE r7 (a, b, c, CONSTRAINT pk PRIMARY KEY (c COLLATE nocase DESC, A ASC)) WITHOUT ROWID",
        "CREATE TABLE r8 (a INT PRIMARY KEY, b TEXT) STRICT, WITHOUT ROWID",
        "CREATE TABLE r9 (a INTEGER CONSTRAINT nn NOT NULL CONSTRAINT d DEFAULT 7 CONSTRAINT k PRIMARY KEY ON CONFLICT REPLACE)",
        "CREATE TABLE \"r 10\" (\"odd \"\"name\"\"\" TEXT, [br col] NUMERIC, `bt``x` BLOB, 'str' REAL, é TEXT, 🐻 INT)",
        "CREATE TABLE r11 (\n  -- a comment\n  a /* before the type */ TEXT /* after it */ NOT NULL, -- more\n  b DEFAULT 5 /* after the default */ NOT NULL\n)",
        "CREATE TABLE r12 (a NOT NULL DEFAULT 0, b NULL, c CHECK (c IS NOT NULL) DEFAULT (2), d REFERENCES r1 NOT DEFERRABLE NOT NULL)",
        "CREATE TABLE r13 (a, b, UNIQUE (a, b), CHECK (a <> b), FOREIGN KEY (a) REFERENCES r1 ON DELETE SET DEFAULT, PRIMARY KEY (b))",
        "CREATE TABLE r14 (key TEXT, action INT, \"primary\" TEXT DEFAULT 'primary key', [default] DEFAULT 'not null')",
        "CREATE TABLE r15 (a text, b blob, c real, d TEXT (5), e Text, f INTEGER PRIMARY KEY AUTOINCREMENT)"
    ]

    /// Statements SQLite accepts that this reader leaves to SQLite.
    static let leftToSQLite = [
        "CREATE TABLE l1 (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL)",
        "CREATE TABLE l2 (a INTEGER, b AS (a + 1) STORED)",
        "CREATE TABLE l3 (a \"my type\", b TEXT)",
        "CREATE TABLE l4 (a VARCHAR /* inside */ (10))",
        "CREATE TABLE l5 (a DEFAULT - /* inside */ 1)",
        "CREATE TABLE l6 (a DEFAULT ( /* inside */ 1))",
        "CREATE TABLE l7 (a\u{FFFD} TEXT)"
    ]

    func testTheTextGivesThePragmaRowsForEveryStatementSQLiteAccepts() throws {
        let connection = try Connection.inMemory()
        try connection.execute("PRAGMA foreign_keys = OFF")
        for sql in Self.readable + Self.leftToSQLite {
            try connection.execute(sql)
        }
        try connection.execute("CREATE TABLE base (id INTEGER PRIMARY KEY); ALTER TABLE base ADD COLUMN added TEXT NOT NULL DEFAULT 'x'")
        try connection.execute("CREATE TABLE copied AS SELECT 1 AS one, 'a' AS two, 1.5 AS three, x'00' AS four, NULL AS five")
        var read = 0
        for row in try connection.fetchAll("SELECT name, sql FROM sqlite_schema WHERE type = 'table'") {
            guard case .text(let name) = row[0], case .text(let sql) = row[1] else { return XCTFail("\(row)") }
            let text = ColumnText.rows(sql, withoutRowid: SchemaIntrospector.tableOptions(sql).withoutRowid)
            if Self.leftToSQLite.contains(sql) {
                XCTAssertNil(text, sql)
            } else {
                XCTAssertEqual(text, try Self.pragmaRows(connection, name), sql)
                read += 1
            }
        }
        XCTAssertEqual(read, Self.readable.count + 3)  // base, copied, sqlite_sequence (made by AUTOINCREMENT)
        // Checked by hand against `sqlite3 :memory: ... 'SELECT * FROM pragma_table_xinfo(…)'`:
        // a declared type as written but a standard one in capitals, a default as written (the
        // inside of its parentheses), key positions from the table's PRIMARY KEY clause, and
        // NOT NULL on the key columns of a WITHOUT ROWID table.
        XCTAssertEqual(
            ColumnText.rows(Self.readable[1], withoutRowid: false)?.map { [$0[1], $0[3]] },
            [
                [.text("VARCHAR  ( 10 ,  2 )"), .text("'x''y'")], [.text("unsigned big int"), .null], [.text("INT"), .null],
                [.text("integer(5)"), .null], [.text("ANY"), .null], [.text("double"), .null]
            ])
        XCTAssertEqual(
            ColumnText.rows(Self.readable[2], withoutRowid: false)?.map { $0[3] },
            [.text("1 + 2"), .text("\"abc\""), .text("abc"), .text("-'x'"), .text("true"), .text("X'AB'")])
        XCTAssertEqual(
            ColumnText.rows(Self.readable[6], withoutRowid: true)?.map { [$0[2], $0[4]] },
            [[.integer(1), .integer(2)], [.integer(0), .integer(0)], [.integer(1), .integer(1)]])
    }

    /// Random column definitions (types, constraints, defaults, comments, key clauses): every
    /// statement read from its text gives SQLite's rows, and most are read.
    func testRandomTablesGiveThePragmaRows() throws {
        let seed = randomSeed(fallback: 0xC01)
        var random = FuzzRandom(state: seed)
        let connection = try Connection.inMemory()
        try connection.execute("PRAGMA foreign_keys = OFF")
        var (accepted, read) = (0, 0)
        for iteration in 0..<600 {
            let sql = Self.randomTable(named: "t\(iteration)", &random)
            guard (try? connection.execute(sql)) != nil else { continue }
            accepted += 1
            guard let text = ColumnText.rows(sql, withoutRowid: SchemaIntrospector.tableOptions(sql).withoutRowid) else { continue }
            XCTAssertEqual(text, try Self.pragmaRows(connection, "t\(iteration)"), "iteration \(iteration), seed \(seed)\n\(sql)")
            read += 1
        }
        print("ColumnTextTests: \(accepted) accepted, \(read) read")
        XCTAssertGreaterThan(accepted, 400)
        XCTAssertGreaterThan(read, accepted * 6 / 10)
    }

    static func pragmaRows(_ connection: Connection, _ table: String) throws -> [[DatabaseValue]] {
        try connection.fetchAll(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden, CAST(name AS BLOB) FROM pragma_table_xinfo(?)",
            arguments: [.text(table)])
    }

    static func randomTable(named name: String, _ random: inout FuzzRandom) -> String {
        let names = ["a", "B", "\"q x\"", "[br]", "`bt`", "'s'", "key", "\"Order\"", "é", "id"]
        let types = [
            "", "INTEGER", "integer", "Int", "TEXT", "text", "REAL", "BLOB", "ANY", "NUMERIC", "VARCHAR(10)", "varchar ( 5 , 2 )",
            "unsigned big int", "DOUBLE PRECISION", "DECIMAL(+5, -2)", "\"quoted\"", "CHAR(3) /*c*/"
        ]
        let defaults = [
            "DEFAULT 0", "DEFAULT -1", "DEFAULT - 2", "DEFAULT +3.5", "DEFAULT 1e-3", "DEFAULT 'it''s'", "DEFAULT NULL", "DEFAULT (1 + 2)",
            "DEFAULT ( 'p' || 'q' )", "DEFAULT CURRENT_DATE", "DEFAULT x'0A'", "DEFAULT true", "DEFAULT \"dq\"", "DEFAULT abc"
        ]
        let others = [
            "NOT NULL", "NULL", "UNIQUE", "CHECK (1 > 0)", "COLLATE nocase", "REFERENCES p(id) ON DELETE SET DEFAULT",
            "REFERENCES p ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED", "CONSTRAINT c1 NOT NULL ON CONFLICT FAIL",
            "GENERATED ALWAYS AS (1) VIRTUAL", "NOT NULL /* note */"
        ]
        var used = Set<String>()
        var columns: [String] = []
        var columnKey = false
        for _ in 0...random.below(5) {
            guard let columnName = random.pick(names), used.insert(columnName.lowercased()).inserted else { continue }
            var pieces = [columnName, random.pick(types) ?? ""]
            for _ in 0..<random.below(4) {
                pieces.append(random.chance(40) ? (random.pick(defaults) ?? "") : (random.pick(others) ?? ""))
            }
            if !columnKey, random.chance(15) {
                pieces.append(random.pick(["PRIMARY KEY", "PRIMARY KEY DESC", "CONSTRAINT pk PRIMARY KEY ASC"]) ?? "")
                columnKey = true
            }
            columns.append(pieces.filter { !$0.isEmpty }.joined(separator: random.chance(10) ? " /* gap */ " : " "))
        }
        var withoutRowid = columnKey
        if !columnKey, random.chance(30), let key = random.pick(used.sorted()) {
            columns.append("PRIMARY KEY (\(names.first { $0.lowercased() == key } ?? key)\(random.chance(30) ? " COLLATE binary DESC" : ""))")
            withoutRowid = true
        }
        let suffix = withoutRowid && random.chance(40) ? " WITHOUT ROWID" : ""
        return "CREATE TABLE \(name) (\(columns.joined(separator: random.chance(20) ? " -- line\n, " : ", ")))\(suffix)"
    }
}
