import TestSupport
import XCTest

@testable import AssocCore

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
}
