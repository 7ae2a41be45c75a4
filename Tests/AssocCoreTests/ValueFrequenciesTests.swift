import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocInsights

/// `db.frequencies(of:in:offset:limit:)`: the distinct values of a column among a request's rows.
final class ValueFrequenciesTests: XCTestCase {
    func testFrequenciesOfAColumnAmongTheRowsOfARequest() throws {
        let db = try ChinookFixture.database()
        let page = try db.frequencies(of: .column("GenreId"), in: Table("Track").all, offset: 0, limit: 10)
        XCTAssertEqual(page.rows, [ValueFrequency(value: .integer(1), count: 5), ValueFrequency(value: .null, count: 2)])
        XCTAssertEqual(page.totalRows, 7)
        XCTAssertEqual(page.distinctCount, 2)
        XCTAssert(page.statement.sql.hasPrefix("SELECT \"value\", COUNT(*)"), page.statement.sql)
        XCTAssertEqual(page.statement.arguments.suffix(2), [.integer(10), .integer(0)])

        // The request's joins keep its rows: tracks of a required genre only, counted by album.
        let joined = try db.request(parsing: "Track.including(required: genre)")
        let albums = try db.frequencies(of: .column("AlbumId"), in: joined, offset: 1, limit: 1)
        XCTAssertEqual(albums.rows, [ValueFrequency(value: .integer(2), count: 1)])
        XCTAssertEqual(albums.totalRows, 5)
        XCTAssertEqual(albums.distinctCount, 4)

        // Past the end: no value, the totals still there.
        let past = try db.frequencies(of: .column("GenreId"), in: Table("Track").all, offset: 5, limit: 10)
        XCTAssertEqual(past.rows, [])
        XCTAssertEqual(past.totalRows, 7)
    }

    /// `previewingValuesUpTo:`: long values are read cut in SQL, grouped and ordered whole.
    func testLongValuesAreReadCutButGroupedWhole() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE t(id INTEGER PRIMARY KEY, v);
            INSERT INTO t(v) VALUES (printf('%.*c', 150, 'a') || 'z'), (printf('%.*c', 150, 'a') || 'z'),
                (printf('%.*c', 150, 'a') || 'b'), ('short'), (zeroblob(500)), (NULL);
            """)
        let whole = try db.frequencies(of: [.column("v")], in: Table("t").all, offset: 0, limit: 10)
        let cut = try db.frequencies(of: [.column("v")], in: Table("t").all, offset: 0, limit: 10, previewingValuesUpTo: 100)
        XCTAssertEqual(cut.rows.map(\.count), whole.rows.map(\.count), "two long values alike in 150 characters stay apart")
        XCTAssertEqual(cut.distinctCount, 5)
        XCTAssertEqual(whole.rows.first?.value, .text(String(repeating: "a", count: 150) + "z"))
        XCTAssertEqual(cut.rows.first?.value, .text(String(repeating: "a", count: 100)))
        XCTAssertEqual(cut.rows.first?.cutLengths, [0: 0])
        for (shown, full) in zip(cut.rows, whole.rows) {
            switch full.value {
            case .text(let text) where text.count > 100:
                XCTAssertEqual(shown.value, .text(String(text.prefix(100))))
                XCTAssertEqual(shown.cutLengths, [0: 0])
            case .blob(let bytes):
                XCTAssertEqual(shown.value, .blob(Array(bytes.prefix(100))))
                XCTAssertEqual(shown.cutLengths, [0: 500])
            default:
                XCTAssertEqual(shown.value, full.value)
                XCTAssertEqual(shown.cutLengths, [:])
            }
        }
        XCTAssertEqual(whole.rows.map(\.cutLengths), Array(repeating: [:], count: 5), "whole without a preview")
    }
}
