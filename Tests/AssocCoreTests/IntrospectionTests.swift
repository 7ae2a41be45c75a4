import XCTest

@testable import AssocCore

final class IntrospectionTests: XCTestCase {
    func testPrimaryKeyForms() throws {
        let schema = try makeSchema(
            """
            CREATE TABLE alias (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE composite (a TEXT, b INTEGER, c, PRIMARY KEY (b, a));
            CREATE TABLE hidden (name TEXT);
            CREATE TABLE norowid (code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
            CREATE TABLE intkey (id INT PRIMARY KEY, name TEXT);
            CREATE TABLE lowercase (id integer primary key);
            """)
        XCTAssertEqual(schema.table(named: "alias")?.primaryKey, PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"]))
        XCTAssertEqual(schema.table(named: "composite")?.primaryKey, PrimaryKeyInfo(kind: .regular, columns: ["b", "a"]))
        XCTAssertEqual(schema.table(named: "hidden")?.primaryKey, .hiddenRowid)
        XCTAssertEqual(schema.table(named: "norowid")?.primaryKey, PrimaryKeyInfo(kind: .withoutRowid, columns: ["code"]))
        XCTAssertEqual(schema.table(named: "norowid")?.isWithoutRowid, true)
        XCTAssertEqual(schema.table(named: "intkey")?.primaryKey, PrimaryKeyInfo(kind: .regular, columns: ["id"]))
        XCTAssertEqual(schema.table(named: "lowercase")?.primaryKey, PrimaryKeyInfo(kind: .rowidAlias, columns: ["id"]))
        XCTAssertEqual(schema.table(named: "composite")?.isUnique(["A", "b"]), true)
        XCTAssertEqual(schema.table(named: "composite")?.isUnique(["a"]), false)
        XCTAssertEqual(schema.table(named: "hidden")?.primaryKey.fastColumn, "rowid")
    }

    /// Foreign keys are read only from tables whose SQL says REFERENCES, unique indexes only from
    /// tables that `sqlite_schema` lists an index on: neither shortcut loses one added later, in
    /// another letter case, or made by a UNIQUE constraint.
    func testKeysAddedLaterOrSpelledInAnotherCaseAreRead() throws {
        let schema = try makeSchema(
            """
            CREATE TABLE Parent (id INTEGER PRIMARY KEY, code TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY);
            ALTER TABLE child ADD COLUMN parentCode TEXT ReFeReNcEs parent(code);
            CREATE UNIQUE INDEX byCode ON PARENT(code);
            CREATE TABLE u (id INTEGER PRIMARY KEY, k TEXT UNIQUE);
            CREATE TABLE plain (id INTEGER PRIMARY KEY, note TEXT);
            """)
        XCTAssertEqual(schema.table(named: "child")?.foreignKeys.map(\.originColumns), [["parentCode"]])
        XCTAssertEqual(schema.table(named: "Parent")?.uniqueIndexes, [["code"]])
        XCTAssertEqual(schema.table(named: "u")?.uniqueIndexes, [["k"]])
        XCTAssertEqual(schema.table(named: "plain")?.foreignKeys.count, 0)
        XCTAssertEqual(schema.table(named: "plain")?.uniqueIndexes, [])
    }

    func testColumns() throws {
        let schema = try makeSchema(
            """
            CREATE TABLE t (
                id INTEGER PRIMARY KEY,
                name varchar(20) NOT NULL DEFAULT 'x',
                untyped,
                price REAL DEFAULT 1.5,
                total REAL GENERATED ALWAYS AS (price * 2) VIRTUAL,
                stored INTEGER AS (id + 1) STORED);
            CREATE TABLE s (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT;
            """)
        let table = try XCTUnwrap(schema.table(named: "T"))
        XCTAssertEqual(table.name, "t")
        XCTAssertFalse(table.isStrict)
        XCTAssertEqual(schema.table(named: "s")?.isStrict, true)
        XCTAssertEqual(
            table.columns,
            [
                ColumnInfo(name: "id", declaredType: "INTEGER", notNull: true, defaultValue: nil, primaryKeyIndex: 1),
                ColumnInfo(name: "name", declaredType: "varchar(20)", notNull: true, defaultValue: "'x'"),
                ColumnInfo(name: "untyped", declaredType: ""),
                ColumnInfo(name: "price", declaredType: "REAL", defaultValue: "1.5"),
                ColumnInfo(name: "total", declaredType: "REAL", isGenerated: true),
                ColumnInfo(name: "stored", declaredType: "INTEGER", isGenerated: true)
            ])
        XCTAssertEqual(table.column(named: "NAME")?.name, "name")
    }

    func testViewsVirtualAndShadowTablesAndSqliteSequence() throws {
        let hasFTS5 = try Connection.inMemory().fetchAll("SELECT sqlite_compileoption_used('ENABLE_FTS5')") == [[.integer(1)]]
        let virtual =
            hasFTS5
            ? "CREATE VIRTUAL TABLE docs USING fts5(title, body);"
            : "CREATE VIRTUAL TABLE docs USING rtree(id, minX, maxX);"
        let schema = try makeSchema(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
            CREATE VIEW authorNames AS SELECT id, name FROM author;
            \(virtual)
            """)
        XCTAssertNil(schema.table(named: "sqlite_sequence"))
        XCTAssertFalse(schema.tables.contains { $0.name.hasPrefix("sqlite_") })
        let view = try XCTUnwrap(schema.table(named: "authorNames"))
        XCTAssertEqual(view.kind, .view)
        XCTAssertTrue(view.isView)
        XCTAssertEqual(view.primaryKey, .none)
        XCTAssertEqual(view.columns.map(\.name), ["id", "name"])
        let docs = try XCTUnwrap(schema.table(named: "docs"))
        XCTAssertEqual(docs.kind, .virtual)
        let shadows = schema.tables.filter { $0.kind == .shadow }.map(\.name)
        XCTAssertFalse(shadows.isEmpty)
        XCTAssertTrue(shadows.allSatisfy { $0.hasPrefix("docs_") }, "\(shadows)")
        if hasFTS5 {
            XCTAssertEqual(docs.columns.map(\.name), ["title", "body"])  // hidden columns excluded
            XCTAssertTrue(shadows.contains("docs_content"))
        }
        XCTAssertEqual(schema.tables.first?.name, "author")
    }

    func testForeignKeys() throws {
        let schema = try makeSchema(
            """
            CREATE TABLE parent (a INTEGER, b TEXT, code TEXT UNIQUE, PRIMARY KEY (a, b));
            CREATE TABLE single (id INTEGER PRIMARY KEY);
            CREATE TABLE child (
                x INTEGER, y TEXT, c TEXT REFERENCES parent(code), s INTEGER REFERENCES single,
                p REFERENCES parent,
                FOREIGN KEY (x, y) REFERENCES parent(a, b));
            """)
        let child = try XCTUnwrap(schema.table(named: "child"))
        XCTAssertEqual(child.foreignKeys.map(\.originColumns), [["c"], ["s"], ["p"], ["x", "y"]])
        XCTAssertEqual(child.foreignKeys.map(\.id), [0, 1, 2, 3])
        XCTAssertEqual(child.foreignKeys[0].destinationColumns, ["code"])
        XCTAssertFalse(child.foreignKeys[0].destinationColumnsWereOmitted)
        // Omitted parent columns are completed with the parent's primary key.
        XCTAssertEqual(child.foreignKeys[1].destinationColumns, ["id"])
        XCTAssertTrue(child.foreignKeys[1].destinationColumnsWereOmitted)
        XCTAssertEqual(child.foreignKeys[2].destinationColumns, ["a", "b"])
        XCTAssertEqual(child.foreignKeys[3].destinationTable, "parent")
        XCTAssertEqual(child.foreignKeys[3].destinationColumns, ["a", "b"])
        XCTAssertEqual(schema.table(named: "parent")?.uniqueIndexes, [["code"]])
    }

    func testUniqueIndexes() throws {
        let schema = try makeSchema(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c, d, e UNIQUE, UNIQUE (a, b));
            CREATE UNIQUE INDEX t_c ON t(c);
            CREATE UNIQUE INDEX t_d_partial ON t(d) WHERE d IS NOT NULL;
            CREATE UNIQUE INDEX t_expr ON t(lower(a));
            CREATE INDEX t_plain ON t(b);
            CREATE UNIQUE INDEX t_c_again ON t(c);
            """)
        let table = try XCTUnwrap(schema.table(named: "t"))
        XCTAssertEqual(table.uniqueIndexes, [["e"], ["a", "b"], ["c"]])
        XCTAssertTrue(table.isUnique(["b", "a"]))
        XCTAssertFalse(table.isUnique(["d"]))
        XCTAssertFalse(table.isUnique(["b"]))
        XCTAssertTrue(table.isUnique(["rowid"]))
    }

    func testIdentifiersOfAnySpelling() throws {
        let schema = try makeSchema(
            #"""
            CREATE TABLE "Order Details" ("Order ID" INTEGER PRIMARY KEY, "weird ""col""" TEXT);
            CREATE TABLE "weird ""name""" (id INTEGER PRIMARY KEY,
                od INTEGER REFERENCES "Order Details"("Order ID"));
            CREATE TABLE "select" ("from" INTEGER PRIMARY KEY, "where" TEXT);
            CREATE TABLE "élève" (id INTEGER PRIMARY KEY, "表Id" INTEGER REFERENCES "表"(id));
            CREATE TABLE "表" (id INTEGER PRIMARY KEY);
            """#)
        XCTAssertEqual(schema.tables.map(\.name), ["Order Details", "weird \"name\"", "select", "élève", "表"])
        XCTAssertEqual(schema.table(named: "order details")?.columns.map(\.name), ["Order ID", "weird \"col\""])
        XCTAssertEqual(schema.table(named: "Order Details")?.primaryKey.columns, ["Order ID"])
        XCTAssertEqual(schema.table(named: "weird \"name\"")?.foreignKeys.first?.destinationTable, "Order Details")
        XCTAssertEqual(schema.table(named: "weird \"name\"")?.foreignKeys.first?.destinationColumns, ["Order ID"])
        XCTAssertEqual(schema.table(named: "SELECT")?.columns.map(\.name), ["from", "where"])
        XCTAssertEqual(schema.table(named: "élève")?.foreignKeys.first?.originColumns, ["表Id"])
        XCTAssertEqual(schema.table(named: "表")?.primaryKey.kind, .rowidAlias)
    }
}
