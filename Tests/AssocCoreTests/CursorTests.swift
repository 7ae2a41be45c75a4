import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// `Database.cursor`: the same rows, in the same order, as `fetchAll`, whatever the chunk sizes;
/// chunks sized by rows; cancel from another thread.
final class CursorTests: XCTestCase {
    /// Random requests of the differential generator (joins, filters, orderings, nested
    /// prefetches): a cursor with tiny random chunks and one with the default chunks read what
    /// `fetchAll` returns: the same rows in the same order, the same prefetched rows (in an order
    /// that follows the request's orderings: rows without ORDER BY, or tied by it, come in the
    /// order of the query plan, which SQLite chooses by the number of keys).
    func testCursorReadsWhatFetchAllReturnsForRandomRequests() throws {
        let seed = randomSeed()
        let count = TestVolume.count(quick: 150, full: 400, variable: "ASSOC_CURSOR_COUNT")
        let connection = try DiffSchema.makeConnection(seed: seed)
        let db = try Database(connection: connection)
        let tables = try DiffTables(connection: connection)
        var compared = 0
        var withPrefetch = 0
        var nestedPrefetch = 0
        for index in 0..<count {
            var rng = SplitMix64(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
            var generator = DiffGenerator(graph: db.graph, tables: tables, rng: rng)
            let spec = generator.request()
            let request = spec.request
            var merges = DiffPlan.MergeCount()
            let planTree = DiffPlan.plan(spec.root, isIncluded: true, conflicts: &merges)
            let expected: [Row]
            do {
                expected = try db.fetchAll(request)
            } catch {
                continue  // refused requests (ambiguous keys) are the differential tests' business
            }
            let chunking = CursorChunking(
                maximumParents: rng.int(1...4), rowBudget: rng.int(1...12), firstChunkParents: rng.int(1...3))
            for (chunks, streamed) in [(chunking, false), (CursorChunking(), false), (chunking, true), (CursorChunking(), true), (.oneChunk, false)] {
                let cursor = try db.cursor(request, chunking: chunks)
                var actual: [Row] = []
                if streamed {
                    actual = try Self.readStreamed(cursor)
                } else {
                    while let row = try cursor.next() { actual.append(row) }
                }
                let replay = "ASSOC_SEED=\(seed) request \(index), \(chunks)\(streamed ? ", streamed" : "")"
                let (got, want) = (RowDump.text(actual, sortingPrefetched: true), RowDump.text(expected, sortingPrefetched: true))
                if let violation = DiffOrderCheck.violation(actual, planTree) {
                    XCTFail("\(replay): \(request)\nordering: \(violation)")
                }
                if actual.count != expected.count || zip(actual, expected).contains(where: { $0.values != $1.values }) {
                    XCTFail("\(replay): the main rows differ")
                }
                if got != want {
                    let pairs = zip(got.split(separator: "\n"), want.split(separator: "\n")).filter { $0 != $1 }
                    let first = pairs.first.map { "cursor:    \($0.0)\nfetchAll:  \($0.1)" } ?? "row counts differ"
                    XCTFail("\(replay): \(request)\n\(first)\nstatements: \(try db.plan(request).steps.map(\.statement.sql))")
                }
            }
            compared += 1
            let plan = try db.plan(request)
            if plan.steps.count > 1 { withPrefetch += 1 }
            if plan.steps.contains(where: { $0.depth > 1 }) { nestedPrefetch += 1 }
        }
        print("CursorTests: seed \(seed): \(compared) requests compared, \(withPrefetch) with prefetches, \(nestedPrefetch) nested")
        XCTAssertGreaterThan(withPrefetch, count / 10, "too few prefetching requests to mean anything")
        XCTAssertGreaterThan(nestedPrefetch, 0)
    }

    /// Every row of `cursor` through `nextStreamed()`, each prefetched list read from its cursor
    /// (recursively) before the next row: the rows `next()` would give.
    static func readStreamed(_ cursor: RowCursor) throws -> [Row] {
        var rows: [Row] = []
        while let streamed = try cursor.nextStreamed() { rows.append(try streamed.wholeRow()) }
        return rows
    }

    /// Every chunk size from one parent to all of them, with budgets that close chunks after one,
    /// two or many rows: chunk boundaries fall between every pair of parents.
    func testEveryChunkBoundaryGivesTheRowsOfFetchAll() throws {
        let db = try VendorFixture.database()
        let expected = RowDump.text(try db.fetchAll(VendorFixture.vendorsWithItemsAndParts))
        XCTAssertTrue(expected.contains("p5.1"), expected)
        for maximum in 1...8 {
            for budget in [1, 2, 3, 5, 8, 100] {
                for first in 1...3 {
                    let chunking = CursorChunking(maximumParents: maximum, rowBudget: budget, firstChunkParents: first)
                    var rows: [Row] = []
                    try db.cursor(VendorFixture.vendorsWithItemsAndParts, chunking: chunking).forEach { rows.append($0) }
                    XCTAssertEqual(RowDump.text(rows), expected, "\(chunking)")
                    let streamed = try Self.readStreamed(db.cursor(VendorFixture.vendorsWithItemsAndParts, chunking: chunking))
                    XCTAssertEqual(RowDump.text(streamed), expected, "streamed, \(chunking)")
                }
            }
        }
    }

    /// Chunks grow from one parent while the rows fit in the budget, shrink when a parent brings
    /// many rows, and never exceed the maximum.
    func testChunksAreSizedByRows() {
        let chunking = CursorChunking(maximumParents: 1000, rowBudget: 10_000)
        XCTAssertEqual(chunking.firstChunkParents, 1)
        // A parent with one child: doubling up to the maximum.
        XCTAssertEqual(chunking.nextChunkParents(after: 1, holding: 2), 2)
        XCTAssertEqual(chunking.nextChunkParents(after: 512, holding: 1024), 1000)
        // 1,000 vendors of 10,000 items each: one vendor per chunk.
        XCTAssertEqual(chunking.nextChunkParents(after: 1, holding: 10_001), 1)
        XCTAssertEqual(chunking.nextChunkParents(after: 8, holding: 8 * 101), 16)
        XCTAssertEqual(chunking.nextChunkParents(after: 256, holding: 256 * 101), 99)
    }

    /// A parent that brings more rows than the budget is read on its own, its rows streamed from
    /// a statement restricted to its key (one vendor of 2,000 items, budget 100: no chunk holds
    /// more than one vendor, and the items come one at a time).
    func testAParentWithManyChildrenStreamsThem() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE vendor(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE item(id INTEGER PRIMARY KEY, vendorId INTEGER REFERENCES vendor(id), name TEXT);
            INSERT INTO vendor VALUES (1, 'big'), (2, 'small'), (3, 'none'), (4, 'big too');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO item SELECT i, 1, 'i' || i FROM n;
            INSERT INTO item(vendorId, name) VALUES (2, 'lonely');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500) INSERT INTO item(vendorId, name) SELECT 4, 'j' || i FROM n;
            """)
        let db = try Database(connection: connection)
        let vendor = Table("vendor")
        let request = vendor.including(all: vendor.association("items")).order(Column("id"))
        let cursor = try db.cursor(request, chunking: CursorChunking(maximumParents: 1000, rowBudget: 100))
        var counts: [Int] = []
        while let streamed = try cursor.nextStreamed() {
            XCTAssertEqual(streamed.row.prefetchedRows("items")?.count, 0, "streamed rows are not in the row")
            let items = streamed.rows("items")
            var count = 0
            while try items.next() != nil { count += 1 }
            counts.append(count)
        }
        XCTAssertEqual(counts, [2000, 1, 0, 1500])
        XCTAssertEqual(
            RowDump.text(try Self.readStreamed(db.cursor(request, chunking: CursorChunking(rowBudget: 100)))),
            RowDump.text(try db.fetchAll(request)))
    }

    /// One parent per chunk: each chunk runs its own prefetch statements, restricted to its one
    /// parent's key (the connection's trace sees them all).
    func testEachChunkRunsItsOwnPrefetchStatements() throws {
        let db = try VendorFixture.database()
        let recorder = StatementRecorder(db.connection)
        let cursor = try db.cursor(VendorFixture.vendorsWithItemsAndParts, chunking: CursorChunking(maximumParents: 1, rowBudget: 1))
        var count = 0
        while try cursor.next() != nil { count += 1 }
        XCTAssertEqual(count, 7)
        let items = recorder.sql.filter { $0.contains(#"FROM "item""#) }
        // Vendors 7, 6, 5, 3, 2 have items (1 and 4 none, but their key is asked all the same).
        XCTAssertEqual(items.count, 7, recorder.sql.joined(separator: "\n"))
        XCTAssertTrue(items.allSatisfy { $0.contains(#""vendorId" = ?"#) }, items.joined(separator: "\n"))
    }

    /// `cancel()` from another thread: the cursor throws `CancellationError` at its next row, with
    /// and without prefetches, and a statement that is running is interrupted.
    func testCancelFromAnotherThreadStopsTheCursor() throws {
        let db = try VendorFixture.database()
        for request in [VendorFixture.vendorsWithItemsAndParts, Table("vendor").all] {
            let cursor = try db.cursor(request, chunking: CursorChunking(maximumParents: 1))
            XCTAssertNotNil(try cursor.next())
            let done = expectation(description: "cancelled")
            let cancellation = cursor.cancellation
            DispatchQueue.global().async {
                cancellation.cancel()
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            XCTAssertThrowsError(try cursor.next()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
            XCTAssertThrowsError(try cursor.next()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        }
        // A long statement (a recursive count to 10^9) interrupted while it runs.
        let connection = try Connection.inMemory()
        try connection.execute(
            "CREATE VIEW slow AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT count(*) AS c FROM n")
        let slowDB = try Database(connection: connection)
        let cursor = try slowDB.cursor(Table("slow").all)
        // Cancelled once its statement starts (its trace), from the thread that steps it.
        let cancellation = cursor.cancellation
        try slowDB.withConnection { $0.traceHandler = { _, _ in cancellation.cancel() } }
        XCTAssertThrowsError(try cursor.next()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        // The database goes on: the cancel stopped that cursor only.
        try slowDB.withConnection { $0.traceHandler = nil }
        XCTAssertEqual(try slowDB.withConnection { try $0.fetchAll("SELECT 42") }, [[.integer(42)]])
    }
}
