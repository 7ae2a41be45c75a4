import TestSupport
import XCTest

@testable import AssocCore

/// `pager.firstRow(where:after:backward:)`: the next (previous) row a condition holds for, on any
/// pager: its index is that of the row in one `fetchAll` of the totally ordered request.
final class PagerFindTests: XCTestCase {
    func testFirstMatchPastAnIndexOnKeysetAndOffsetPagers() throws {
        let db = try TestDatabase.make(PagerPositionTests.sql)
        let requests: [Request] = [
            Table("TrackNames").all,
            Table("TrackNames").order(Column("Name").desc),
            try db.request(parsing: "Track.order(Name)"),
            try db.request(parsing: "Track.order(Name).limit(150, offset: 60)")
        ]
        let condition = Expression.binary(.equal, .column("Name"), .value(.text("Song 3")))
        for request in requests {
            let pager = try db.pager(for: request)
            let names = try db.fetchAll(request.orderedTotally()).map { $0["Name"] ?? .null }
            let matches = names.indices.filter { names[$0] == .text("Song 3") }
            XCTAssertGreaterThan(matches.count, 3, "\(request)")
            for from in [-1, 0, matches[1], matches[1] - 1, names.count - 1] {
                let forward = try pager.firstRow(where: condition, after: from)
                XCTAssertEqual(forward.index, matches.first { $0 > from }, "\(request) after \(from)")
                XCTAssertTrue(forward.statement.sql.contains(" OFFSET "), forward.statement.sql)
                let backward = try pager.firstRow(where: condition, after: max(0, from), backward: true)
                XCTAssertEqual(backward.index, matches.last { $0 < max(0, from) }, "\(request) before \(from)")
            }
        }
    }

    func testAColumnNamedLikeTheMatchIsNotTakenForIt() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE t (a INTEGER, assoc_find_match INTEGER, ASSOC_FIND_MATCH_ INTEGER);
            INSERT INTO t VALUES (1, 1, 1), (2, 1, 1), (3, 0, 0), (4, 1, 1);
            CREATE VIEW v AS SELECT * FROM t;
            """)
        let pager = try db.pager(for: Table("v").order(Column("a")))
        let found = try pager.firstRow(where: .binary(.equal, .column("a"), .value(.integer(3))), after: 0)
        XCTAssertEqual(found.index, 2)
    }
}
