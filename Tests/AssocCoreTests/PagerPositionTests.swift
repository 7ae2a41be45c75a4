import TestSupport
import XCTest

@testable import AssocCore

/// `pager.page(at:size:)`: the rows from an absolute index, equal to those of one `fetchAll` of
/// the totally ordered request there, on keyset and OFFSET pagers (a SQLite view, a request with
/// its own limit), and pages by keyset again from there.
final class PagerPositionTests: XCTestCase {
    static let sql =
        PagerTests.sql + """
            CREATE VIEW TrackNames AS SELECT TrackId, Name, AlbumId FROM Track;
            """

    func testRowNIsTheRowOfTheTotallyOrderedFetchAtNMinusOne() throws {
        let db = try TestDatabase.make(Self.sql)
        let requests: [(String, Request, Bool)] = [
            ("Track.order(Name)", try db.request(parsing: "Track.order(Name)"), true),
            ("Album.including(required: tracks)", try db.request(parsing: "Album.including(required: tracks)"), true),
            ("Track.order(Composer)", try db.request(parsing: "Track.order(Composer)"), true),
            ("TrackNames", Table("TrackNames").all, false),
            ("TrackNames.order(Name)", Table("TrackNames").order(Column("Name")), false),
            ("Track.order(random())", Table("Track").order(sql: "random()"), false)
        ]
        for (text, request, keyset) in requests {
            let pager = try db.pager(for: request)
            XCTAssertEqual(pager.method.isKeyset, keyset, "\(text): \(pager.method)")
            if text.contains("random") { continue }
            let all = try db.fetchAll(request.orderedTotally())
            XCTAssertGreaterThan(all.count, 200, text)
            guard all.count > 200 else { continue }
            for number in [1, 2, 100, 200, all.count - 1, all.count] {
                let page = try pager.page(at: number - 1, size: 1)
                XCTAssertEqual(RowDump.text(page.rows), RowDump.text([all[number - 1]]), "\(text) row \(number)")
            }
            let window = try pager.page(at: 120, size: 30)
            XCTAssertEqual(RowDump.text(window.rows), RowDump.text(Array(all[120..<150])), text)
            // Past the last row: empty.
            XCTAssertTrue(try pager.page(at: all.count, size: 5).isEmpty, text)
            XCTAssertEqual(RowDump.text(try pager.page(at: all.count - 2, size: 5).rows), RowDump.text(Array(all.suffix(2))), text)
            // From there on, the pages before and after are the neighbours.
            let after = try pager.page(after: window, size: 20)
            XCTAssertEqual(RowDump.text(after.rows), RowDump.text(Array(all[150..<170])), "\(text) after")
            let before = try pager.page(before: window, size: 20)
            XCTAssertEqual(RowDump.text(before.rows), RowDump.text(Array(all[100..<120])), "\(text) before")
            if keyset {
                XCTAssertEqual(window.keys.count, window.rows.count, text)
                XCTAssertTrue(after.statements.allSatisfy { !$0.sql.contains("OFFSET") }, "\(text) pages by key from there")
            }
        }
    }

    func testRowNOfARequestWithItsOwnLimitCountsInsideIt() throws {
        let db = try TestDatabase.make(Self.sql)
        let request = try db.request(parsing: "Track.order(Name).limit(30, offset: 5)")
        let pager = try db.pager(for: request)
        XCTAssertEqual(pager.method, .offset(reason: .ownLimit))
        let all = try db.fetchAll(try db.request(parsing: "Track.order(Name)").orderedTotally())
        XCTAssertEqual(RowDump.text(try pager.page(at: 9, size: 1).rows), RowDump.text([all[14]]))
        XCTAssertEqual(RowDump.text(try pager.page(at: 28, size: 10).rows), RowDump.text(Array(all[33..<35])))
        XCTAssertTrue(try pager.page(at: 30, size: 10).isEmpty)
    }
}
