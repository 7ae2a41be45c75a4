import TestSupport
import XCTest

@testable import AssocCore

/// A column named `rowid` shadows the rowid in SQL: Assoc reaches the real rowid as `_rowid_`
/// (or `oid`), and a table whose columns take all three names has no key.
final class ShadowedRowidTests: XCTestCase {
    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE c (rowid INTEGER, pId INTEGER REFERENCES p(id), v TEXT);
            CREATE TABLE two (RowId INTEGER, _rowid_ TEXT, v TEXT);
            CREATE TABLE three (rowid, _rowid_, oid, v TEXT);
            INSERT INTO p VALUES (1, 'one'), (2, 'two');
            INSERT INTO c VALUES (7, 1, 'a'), (7, 1, 'b'), (7, 1, 'c'), (7, 2, 'd');
            INSERT INTO two VALUES (5, 'x', 'first'), (5, 'x', 'second');
            INSERT INTO three VALUES (1, 1, 1, 'x'), (1, 1, 1, 'y');
            """)
    }

    func values(_ rows: [Row], _ column: String = "v") -> [DatabaseValue?] { rows.map { $0[column] } }

    func testTheKeyIsTheRowidUnderANameNoColumnTakes() throws {
        let db = try database()
        XCTAssertEqual(db.schema.table(named: "c")?.primaryKey, PrimaryKeyInfo(kind: .hiddenRowid, columns: ["_rowid_"]))
        XCTAssertEqual(db.schema.table(named: "two")?.primaryKey, PrimaryKeyInfo(kind: .hiddenRowid, columns: ["oid"]))
        let byKey = try db.request(parsing: "c.filter(key: 2)")
        XCTAssertEqual(try db.mainStatement(for: byKey).sql, #"SELECT * FROM "c" WHERE "_rowid_" = ?"#)
        XCTAssertEqual(values(try db.fetchAll(byKey)), ["b"])
        XCTAssertEqual(values(try db.fetchAll(try db.request(parsing: "two.filter(keys: [2])"))), ["second"])
        // Written by name, `rowid` is the column (as in SQLite); `oid` still reaches the rowid.
        XCTAssertEqual(try db.fetchAll(try db.request(parsing: "c.filter(rowid = 7)")).count, 4)
        XCTAssertEqual(values(try db.fetchAll(try db.request(parsing: "c.filter(oid = 3)"))), ["c"])
        // Counting a to-many association counts rows, not distinct values of the column.
        let children = try XCTUnwrap(db.graph.associations(from: "p").first { $0.destination == "c" })
        let counted = try db.request(parsing: "p.annotated(with: \(children.name).count).order(id)")
        XCTAssertEqual(try db.fetchAll(counted).map { $0.values.last }, [3, 1])
        XCTAssertTrue(try db.mainStatement(for: counted).sql.contains(#"COUNT(DISTINCT "c"."_rowid_")"#))
    }

    func testATableWhoseColumnsTakeEveryRowidNameHasNoKey() throws {
        let db = try database()
        XCTAssertEqual(db.schema.table(named: "three")?.primaryKey.kind, PrimaryKeyInfo.Kind.none)
        XCTAssertNil(db.schema.table(named: "three")?.rowidName)
        XCTAssertThrowsError(try db.fetchAll(try db.request(parsing: "three.filter(key: 1)"))) { error in
            XCTAssertTrue("\(error)".contains("its columns named rowid, _rowid_ and oid hide the rowid"), "\(error)")
        }
        XCTAssertEqual(values(try db.fetchAll(Table("three").all)), ["x", "y"])
    }
}
