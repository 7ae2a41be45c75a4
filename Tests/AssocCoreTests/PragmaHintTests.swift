import TestSupport
import XCTest

@testable import AssocCore

/// A PRAGMA given as own SQL is refused with the query that gives its rows, and that query runs
/// (issue 44, item 12).
final class PragmaHintTests: XCTestCase {
    func testTheRefusalNamesAQueryThatRuns() throws {
        let db = try TestDatabase.make(
            "CREATE TABLE \"it'em\" (id INTEGER PRIMARY KEY, name TEXT); CREATE INDEX item_name ON \"it'em\"(name);")
        let cases: [(String, String)] = [
            (#"PRAGMA table_info("it'em")"#, "SELECT * FROM pragma_table_info('it''em')"),
            ("  pragma main.index_list('it''em');", "SELECT * FROM pragma_index_list('it''em', 'main')"),
            ("PRAGMA page_count", "SELECT * FROM pragma_page_count"),
            ("PRAGMA table_xinfo(`it'em`)", "SELECT * FROM pragma_table_xinfo('it''em')")
        ]
        for (pragma, query) in cases {
            XCTAssertThrowsError(try db.sqlQuery(pragma)) { error in
                XCTAssertTrue("\(error)".contains("\"PRAGMA\": its rows, as a query: " + query + " (only one"), "\(error)")
            }
            XCTAssertFalse(try db.fetchAll(try db.request(sql: query)).isEmpty, query)
        }
        XCTAssertThrowsError(try db.sqlQuery("PRAGMA journal_mode = WAL")) { error in
            XCTAssertTrue("\(error)".contains("a PRAGMA that sets a value never runs here: the file is opened read-only"), "\(error)")
        }
        XCTAssertNil(PragmaHint.hint(for: "DELETE FROM t"))
    }
}
