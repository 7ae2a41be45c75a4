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

    func testGroupsOfIntegerAndTextKeysTogetherAndAfterOtherKinds() {
        var groups = PrefetchGroups()
        groups.insert(key(.integer(1)), group: 0)
        groups.insert(key(.text("1")), group: 1)
        groups.insert(key(.text("FR")), group: 2)
        XCTAssertEqual(groups.group(of: key(.integer(1))), 0)
        XCTAssertEqual(groups.group(of: key(.text("1"))), 1)
        XCTAssertEqual(groups.group(of: key(.text("FR"))), 2)
        XCTAssertNil(groups.group(of: key(.text("fr"))))
        XCTAssertNil(groups.group(of: key(.real(1.5))))
        // Another kind of key: every group is kept.
        groups.insert(key(.real(1.5)), group: 3)
        groups.insert(PrefetchKey([.integer(1), .text("a")]), group: 4)
        XCTAssertEqual(groups.group(of: key(.integer(1))), 0)
        XCTAssertEqual(groups.group(of: key(.text("1"))), 1)
        XCTAssertEqual(groups.group(of: key(.text("FR"))), 2)
        XCTAssertEqual(groups.group(of: key(.real(1.5))), 3)
        XCTAssertEqual(groups.group(of: PrefetchKey([.integer(1), .text("a")])), 4)
        groups.insert(key(.text("DE")), group: 5)
        XCTAssertEqual(groups.group(of: key(.text("DE"))), 5)
    }

    func testJSONArrayWritesWhatTheQuotingWrites() {
        let values: [DatabaseValue] = [
            .integer(-7), .integer(Int64.max), .real(2.5), .real(.infinity), .null, .blob([1]),
            .text("FR"), .text(""), .text("a \"quoted\" word"), .text("back\\slash"), .text("tab\there"),
            .text("line\nbreak"), .text("del\u{7F}"), .text("é"), .text("bidi\u{202E}x"), .text("~ !#$%&'()*+,-./:;<=>?@[]^_`{|}")
        ]
        let expected = "[" + values.map(JSONKeys.literal).joined(separator: ",") + "]"
        XCTAssertEqual(JSONKeys.array(values), expected)
        XCTAssertEqual(JSONKeys.array([]), "[]")
        XCTAssertEqual(JSONKeys.array([.text("FR"), .integer(3)]), #"["FR",3]"#)
    }

    func testChildRowsOfInterleavedKeysGoToTheirGroupsInOrder() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE citizen(id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code), name TEXT NOT NULL);
            INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany'), ('IT', 'Italy');
            INSERT INTO citizen VALUES (1, 'FR', 'a'), (2, 'DE', 'b'), (3, 'FR', 'c'), (4, 'DE', 'd'), (5, 'FR', 'e'), (6, NULL, 'f');
            """)
        let db = try Database(connection: connection)
        let country = Table("country")
        // Ordered by name, the child rows alternate between the keys.
        let rows = try db.fetchAll(country.including(all: country.citizens.order(Column("name"))).order(Column("code")))
        XCTAssertEqual(rows.map { $0["code"] }, ["DE", "FR", "IT"])
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("citizens")?.map { $0["name"] } },
            [
                ["b", "d"], ["a", "c", "e"], []
            ])
    }
}
