import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// `J` to a table 50 hops away (issue 32, item 5): the chain of 50 `request(for:)` it opens is
/// written so that SQLite's nesting does not grow with it (it failed with "parser stack overflow"
/// from 12 hops), and lists the records reached.
final class LongJumpTests: XCTestCase, ChinookBrowsing {
    /// A ring of 120 tables: `t{i}.nextId` → `t{i+1}.id`; every table has ids 1…3, id k pointing
    /// to id k % 3 + 1, so row 1 of t0 reaches id 50 % 3 + 1 = 3 of t50 (50 hops forward, 70 back).
    static var sql: String {
        (0..<120).map { table in
            "CREATE TABLE t\(table)(id INTEGER PRIMARY KEY, nextId INTEGER REFERENCES t\((table + 1) % 120)(id));"
                + " INSERT INTO t\(table) VALUES (1, 2), (2, 3), (3, 1);"
        }.joined(separator: "\n")
    }

    func testJumpFiftyHopsOpensTheRecordsReached() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql))
        try open(app, "t0")
        press(app, .character("J"))
        type(app, "t50")
        XCTAssertEqual(app.state.jumpList?.shown.first?.table, "t50")
        XCTAssertEqual(app.state.jumpList?.shown.first?.hops, 50)
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "t50")
        XCTAssertNil(app.state.message?.isError == true ? app.state.message : nil)
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(3)])
        // Every row of t0: each of t50's records once.
        press(app, .backspace, .character("J"))
        type(app, "t50")
        press(app, .control("a"))
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(1), .integer(2), .integer(3)])
    }
}
