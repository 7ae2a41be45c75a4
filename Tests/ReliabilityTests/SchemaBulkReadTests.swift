import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// The schema read in two statements for every table (a schema of 30,000 tables) is the schema
/// read table by table, on random schemas (odd names, composite and dangling keys, views).
final class SchemaBulkReadTests: XCTestCase {
    func testTheBulkReadGivesTheSchemaOfTheTableByTableRead() throws {
        let seed = randomSeed(fallback: 0xB01C)
        var random = FuzzRandom(state: seed)
        var tables = 0
        for iteration in 0..<300 {
            let (built, connection) = try SchemaFuzzTests.makeDatabase(&random)
            if random.chance(30) { _ = try? connection.execute("CREATE VIEW v\(iteration) AS SELECT 1 AS one") }
            XCTAssertNotNil(
                SchemaBulkRead.read(connection, entries: try SchemaIntrospector.listTables(connection)), "iteration \(iteration), seed \(seed)")
            let bulk = try SchemaIntrospector.read(connection)
            let single = try SchemaIntrospector.read(connection, readingInBulk: false)
            XCTAssertEqual(bulk, single, "iteration \(iteration), seed \(seed)\n\(built.sql)")
            tables += bulk.tables.count
        }
        XCTAssertGreaterThan(tables, 600)
    }

    func testAVirtualTableWhoseModuleIsMissingLeavesTheOthersRead() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY, bId INTEGER REFERENCES b(id));
            CREATE TABLE b (id INTEGER PRIMARY KEY);
            CREATE VIRTUAL TABLE docs USING fts5(body);
            """)
        let schema = try SchemaIntrospector.read(connection)
        XCTAssertEqual(schema, try SchemaIntrospector.read(connection, readingInBulk: false))
        XCTAssertEqual(schema.table(named: "a")?.foreignKeys.map(\.destinationTable), ["b"])
        XCTAssertEqual(schema.table(named: "docs")?.kind, .virtual)
    }
}
