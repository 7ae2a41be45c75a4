import XCTest

@testable import AssocCore

/// Views are read within a budget: 40 views each doubling the previous one take seconds to
/// prepare, so the schema stops reading views after 500 ms and names the rest; a cheap view among
/// those left unread can still be fetched, with the columns SQLite returns.
final class ViewBudgetTests: XCTestCase {
    func testViewsPastTheBudgetAreNamedAndStillFetchable() throws {
        let connection = try Connection.inMemory()
        var sql = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two');\n"
        sql += "CREATE VIEW v0 AS SELECT id FROM t;\n"
        for index in 1...40 { sql += "CREATE VIEW v\(index) AS SELECT id FROM v\(index - 1) UNION ALL SELECT id FROM v\(index - 1);\n" }
        sql += "CREATE VIEW late AS SELECT id, v AS label FROM t;\n"
        try connection.execute(sql)
        let schema = try SchemaIntrospector.read(connection)
        let skipped = try XCTUnwrap(schema.diagnostics.first { $0.contains("views not read") }, "\(schema.diagnostics)")
        XCTAssertTrue(skipped.contains("their rows can still be fetched"), skipped)
        XCTAssertEqual(schema.table(named: "late")?.columns, [])
        XCTAssertEqual(schema.table(named: "t")?.columns.count, 2)
        let db = Database(connection: connection, schema: schema)
        let rows = try db.fetchAll(Table("late").all)
        XCTAssertEqual(rows.map(\.columnNames), [["id", "label"], ["id", "label"]])
        XCTAssertEqual(rows.map { $0["label"] }, ["one", "two"])
        XCTAssertEqual(try db.fetchAll(Table("t").filter(key: 2)).map { $0["v"] }, ["two"])
    }
}
