import Foundation
import XCTest

@testable import AssocCore

/// Prefetching costs one statement per association, whatever the number of rows: counted with the
/// connection's trace hook, which sees every statement SQLite is asked to run.
final class PrefetchStatementCountTests: XCTestCase {
    final class StatementCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var statements: [String] = []
        func record(_ sql: String) { lock.withLock { statements.append(sql) } }
        var all: [String] { lock.withLock { statements } }
    }

    func testTwentyThousandAuthorsWithTwoHundredThousandBooksRunTwoStatements() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO author SELECT i, 'author ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            INSERT INTO book SELECT i, (i - 1) % 20000 + 1, 'book ' || i FROM n;
            """)
        let db = try Database(connection: connection)
        let counter = StatementCounter()
        connection.traceHandler = { sql, _ in counter.record(sql) }
        let author = Table("author")
        let rows = try db.fetchAll(author.including(all: author.books))
        XCTAssertEqual(counter.all.count, 2, counter.all.joined(separator: "\n"))
        XCTAssertEqual(rows.count, 20000)
        XCTAssertEqual(rows.reduce(0) { $0 + ($1.prefetchedRows("books")?.count ?? 0) }, 200_000)
        XCTAssert(rows.allSatisfy { $0.prefetchedRows("books")?.count == 10 })
        XCTAssertEqual(rows[0].prefetchedRows("books")?.map { $0["id"] }.prefix(2), [.integer(1), .integer(20001)])

        let before = counter.all.count
        let empty = try db.fetchAll(author.filter(Column("id") < 0).including(all: author.books))
        XCTAssertEqual(empty.count, 0)
        XCTAssertEqual(counter.all.count - before, 1)
    }
}
