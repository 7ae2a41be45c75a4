import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocTUI

/// Tables as wide as SQLite allows (2,000 columns in a result): the browser's pages add columns
/// of their own (a cut blob's length, keyset values), and a find tests every text column, which
/// once went past SQLite's limits on result columns and on expression depth.
final class WideTableTests: XCTestCase {
    /// `columns` columns: `id`, text columns `t2`…, and a blob `payload` among them; row `id`
    /// holds `word<id>` in its last text column and a blob of `blobBytes` in row 2.
    func source(columns: Int, blobBytes: Int) throws -> RequestDataSource {
        let texts = (2..<columns).map { "t\($0) TEXT" }
        let last = "t\(columns - 1)"
        let db = try TestDatabase.make(
            """
            CREATE TABLE wide (id INTEGER PRIMARY KEY, payload BLOB, \(texts.joined(separator: ", ")));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO wide (id, t2, t3, \(last)) SELECT i, 'first ' || (i % 3), i % 5, 'word' || i FROM n;
            UPDATE wide SET payload = zeroblob(\(blobBytes)) WHERE id = 2;
            UPDATE wide SET payload = X'0102' WHERE id = 3;
            """)
        return RequestDataSource(database: db)
    }

    func testATableOfTwoThousandColumnsPagesSortsAndFinds() throws {
        let limit = ReadLimits.cellPreview
        for columns in [2_000, 1_997] {
            let source = try source(columns: columns, blobBytes: limit + 5_000)
            let plain = RequestView(table: "wide")
            let page = try source.page(of: plain, offset: 0, limit: 30, totalCount: nil)
            XCTAssertEqual(page.rows.count, 30, "\(columns) columns")
            XCTAssertEqual(page.columns.count, columns)
            XCTAssertEqual(page.rows[4].last, .text("word5"))
            // Row 2's blob is read cut. With room for one more column its size is read (packed with
            // the others'); at 2,000 columns there is none, and the cut shows without a size.
            guard case .blob(let head) = page.rows[1][1] else { return XCTFail("row 2's payload: \(page.rows[1][1])") }
            XCTAssertEqual(head.count, limit)
            XCTAssertEqual(page.cutLengths[1][1], columns == 2_000 ? Row.unknownCutLength : limit + 5_000)
            XCTAssertEqual(page.rows[2][1], .blob([1, 2]))
            XCTAssertNil(page.cutLengths[2][1])

            // Sorted by a column: keyset paging adds the sort key and the id.
            let sorted = RequestView(request: Table("wide").order(Column("t3").desc))
            let sortedPage = try source.page(of: sorted, offset: 0, limit: 40, totalCount: nil)
            let firsts = sortedPage.rows.map { $0[3] }
            XCTAssertEqual(firsts.first, .text("4"))
            XCTAssertEqual(firsts.last, .text("0"))
            XCTAssertEqual(sortedPage.rows.count, 40)

            // Find tests every text column: more OR terms than SQLite's depth limit of 1,000.
            let anchor = try XCTUnwrap(page.anchors[0])
            let found = try source.find("WORD17", in: plain, after: 0, at: anchor, backward: false)
            XCTAssertEqual(found.position, 16, "\(columns) columns")

            // Exported sorted, as the grid shows it: the header, then 40 rows, the last column last.
            let path = NSTemporaryDirectory() + "assoc-wide-\(UUID().uuidString).csv"
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertEqual(try source.export(sorted, to: path, format: .csv, replacing: .never) { _ in true }, 40)
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
            XCTAssertEqual(lines.count, 41)
            XCTAssertTrue(lines[0].hasSuffix(",t\(columns - 1)"), String(lines[0].suffix(40)))
            XCTAssertTrue(lines[1].hasPrefix("4,,first 1,4,") && lines[1].hasSuffix(",word4"), String(lines[1].prefix(40)))
        }
    }

    /// The engine alone: a filter of 1,500 OR terms (one per column) runs, printed as halves in
    /// parentheses past 100 terms; a short chain stays flat.
    func testLongChainsOfConditionsStayUnderSQLitesDepthLimit() throws {
        let db = try TestDatabase.make(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO t VALUES (1, 10), (2, 20), (3, 1499);")
        let terms = (0..<1_500).map { Column("v") == $0 }
        let condition = terms.dropFirst().reduce(terms[0]) { $0 || $1 }
        let rows = try db.fetchAll(Table("t").filter(condition))
        XCTAssertEqual(rows.map { $0["id"] }, [.integer(1), .integer(2), .integer(3)])
        let short = try db.mainStatement(for: Table("t").filter(Column("v") == 1 || Column("v") == 2 || Column("v") == 3))
        XCTAssertEqual(short.sql, #"SELECT * FROM "t" WHERE ("v" = ?) OR ("v" = ?) OR ("v" = ?)"#)
        let long = try db.mainStatement(for: Table("t").filter(condition))
        XCTAssertTrue(long.sql.hasPrefix(#"SELECT * FROM "t" WHERE ((((("v" = ?) OR ("v" = ?)"#), String(long.sql.prefix(80)))
    }
}
