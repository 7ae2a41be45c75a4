import XCTest
@testable import AssocCore

/// The fast paths of prefetch keys answer as the general ones: sorting, grouping, JSON arguments.
final class PrefetchKeyTests: XCTestCase {
    func key(_ value: DatabaseValue) -> PrefetchKey { .single(value) }

    func assertSortedAsSQLite(_ keys: [PrefetchKey], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            PrefetchKey.sortedInSQLiteOrder(keys), keys.sorted(by: PrefetchKey.sqliteOrder), file: file, line: line)
    }

    func testSortedInSQLiteOrderMatchesTheGeneralOrder() {
        let integers: [PrefetchKey] = [5, -3, 0, Int64.max, Int64.min, 42].map { key(.integer($0)) }
        let texts: [PrefetchKey] = ["FR2", "FR", "de", "DE", "", "a b", "Z", "FR10"].map { key(.text($0)) }
        assertSortedAsSQLite(integers)
        assertSortedAsSQLite(texts)
        // Integers come before text, as in SQLite.
        assertSortedAsSQLite(texts + integers)
        XCTAssertEqual(PrefetchKey.sortedInSQLiteOrder(texts + integers).first, key(.integer(Int64.min)))
        // Non-ASCII text, reals, blobs and composite keys take the general path.
        assertSortedAsSQLite(texts + [key(.text("é")), key(.text("e\u{301}")), key(.text("Å"))])
        assertSortedAsSQLite(integers + [key(.real(2.5)), key(.real(-1.5))])
        assertSortedAsSQLite(texts + [key(.blob([1, 2])), key(.blob([0]))])
        assertSortedAsSQLite([PrefetchKey([.integer(2), .text("b")]), PrefetchKey([.integer(1), .text("z")])])
        XCTAssertEqual(PrefetchKey.sortedInSQLiteOrder([]), [])
    }
}
