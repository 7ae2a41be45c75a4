import TestSupport
import XCTest

@testable import AssocCore

/// Hand-checked cases for `DiffAggregateReference`: row multiplication by a second to-many join,
/// NULL handling, merged filters of a shared key, and isolation with forKey.
final class DiffAggregateReferenceTests: XCTestCase {
    /// Ann (1) wrote books 1 (2000, 2.5) and 2 (2010, NULL price) and translated books 3 and 4 (by Ben);
    /// Ben (2) wrote books 3 (1990, 4.0) and 4 (NULL year, 6.0) and translated nothing.
    private func setUp() throws -> (Database, DiffTables) {
        let connection = try Connection.inMemory()
        try connection.execute(DiffSchema.ddl)
        try connection.execute(
            """
            INSERT INTO person VALUES (1, 'Ann', NULL), (2, 'Ben', NULL);
            INSERT INTO book VALUES (1, 1, NULL, NULL, 'A', 'novel', 2000, 2.5), (2, 1, NULL, NULL, 'B', 'essay', 2010, NULL),
                                    (3, 2, 1, NULL, 'C', 'novel', 1990, 4.0), (4, 2, 1, NULL, 'D', 'novel', NULL, 6.0);
            """)
        return (try Database(connection: connection), try DiffTables(connection: connection))
    }

    private func aggregate(
        _ db: Database, _ name: String, _ function: DiffAggregate.Function, _ column: String? = nil,
        filters: [DiffPredicate] = [], forKey: String? = nil
    ) throws -> DiffAggregate {
        let association = try XCTUnwrap(db.graph.association(named: name, from: "person"))
        return DiffAggregate(association: association, function: function, column: column, filters: filters, forKey: forKey)
    }

    private func values(_ tables: DiffTables, _ request: DiffAggRequest) -> [[DatabaseValue]] {
        let person = tables.rows("person")
        let reference = DiffAggregateReference(tables: tables)
        return person.rows.map { row in
            let values = reference.values(request, rootTable: person, root: row)
            return request.annotations.map { DiffAggregateReference.evaluate($0, values) }
        }
    }

    func testSumAndTotalSeeTheRowsOfAnotherJoin() throws {
        let (db, tables) = try setUp()
        let aggregates = [
            try aggregate(db, "booksAsAuthor", .sum, "year"), try aggregate(db, "booksAsAuthor", .total, "price"),
            try aggregate(db, "booksAsAuthor", .average, "price"), try aggregate(db, "booksAsTranslator", .count),
            try aggregate(db, "booksAsTranslator", .sum, "price"), try aggregate(db, "booksAsTranslator", .total, "price")
        ]
        let request = DiffAggRequest(
            base: DiffNode(table: "person"), aggregates: aggregates,
            annotations: (0..<6).map { .aggregate($0) }, havings: [])
        // Ann: 2 authored × 2 translated rows: SUM(year) = (2000 + 2010) × 2, TOTAL(price) = 2.5 × 2, AVG 2.5,
        // 2 translated books, SUM(price) = (4 + 6) × 2 authored copies. Ben: 2 authored × 1 NULL row.
        XCTAssertEqual(
            values(tables, request),
            [
                [.integer(8020), .real(5.0), .real(2.5), .integer(2), .real(20.0), .real(20.0)],
                [.integer(1990), .real(10.0), .real(5.0), .integer(0), .null, .real(0.0)]
            ])
        // The engine agrees.
        let rows = try db.fetchAll(request.request.order(Column("id")))
        XCTAssertEqual(rows.map { Array($0.values.suffix(6)) }, values(tables, request))
    }

    func testSharedKeyMergesFiltersAndForKeyIsolates() throws {
        let (db, tables) = try setUp()
        let novels = [DiffPredicate.compare("kind", .eq, "novel")]
        let essays = [DiffPredicate.compare("kind", .eq, "essay")]
        let merged = DiffAggRequest(
            base: DiffNode(table: "person"),
            aggregates: [try aggregate(db, "booksAsAuthor", .count, filters: novels), try aggregate(db, "booksAsAuthor", .count, filters: essays)],
            annotations: [.aggregate(0), .aggregate(1)], havings: [])
        XCTAssertEqual(values(tables, merged), [[0, 0], [0, 0]])
        let isolated = DiffAggRequest(
            base: DiffNode(table: "person"),
            aggregates: [
                try aggregate(db, "booksAsAuthor", .count, filters: novels, forKey: "n"),
                try aggregate(db, "booksAsAuthor", .count, filters: essays, forKey: "e")
            ],
            annotations: [.aggregate(0), .add(.aggregate(1), .literal(10)), .ifNull(.aggregate(1), 5)],
            havings: [.compare(.aggregate(0), .ge, 1)])
        XCTAssertEqual(values(tables, isolated), [[1, 11, 1], [2, 10, 0]])
        XCTAssertEqual(DiffAggregateReference.evaluate(.not(.compare(.literal(.null), .eq, 1)), []), nil)
        let rows = try db.fetchAll(isolated.request.order(Column("id")))
        XCTAssertEqual(rows.map { Array($0.values.suffix(3)) }, [[1, 11, 1], [2, 10, 0]])
    }
}
