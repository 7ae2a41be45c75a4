import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// The browser's data source and the public `Pager` read the same rows in the same pages, forward
/// from the first row and backward from the last: keyset pages on a table, a sort with ties, a
/// descending sort, rows a to-many join repeats; OFFSET pages on a view and on a request with a
/// limit of its own.
final class PagerAgreementTests: XCTestCase {
    static let sql = """
        CREATE TABLE category (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, categoryId INTEGER REFERENCES category(id), price REAL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12) INSERT INTO category SELECT i, 'c' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 437)
          INSERT INTO item SELECT i, 'item ' || (i % 50), 1 + i % 12, (i * 7) % 100 FROM n;
        CREATE VIEW cheap AS SELECT * FROM item WHERE price < 50;
        """

    static let requests = [
        "item", "item.order(categoryId)", "item.order(categoryId.desc, name)", "category.including(required: items)",
        "cheap", "item.filter(price > 10).limit(130)"
    ]

    /// A row as the grid flattens it: the root's values, then each included scope's.
    private func flattened(_ row: Row) -> [DatabaseValue] {
        row.values + row.scopes.flatMap { flattened($0.row) }
    }

    func testTheBrowserAndThePagerReadTheSamePages() throws {
        let db = try TestDatabase.make(Self.sql)
        let source = RequestDataSource(database: db)
        let size = 50
        for text in Self.requests {
            let request = try db.request(parsing: text)
            let view = RequestView(request: request)
            let pager = try db.pager(for: request)
            let total = try db.fetchCount(request)
            XCTAssertGreaterThan(total, size * 2, text)

            // Forward from the first row.
            var anchors = PageAnchors()
            var page = try pager.firstPage(size: size)
            var offset = 0
            while !page.isEmpty {
                let browser = try source.page(of: view, at: .first(offset), limit: size, totalCount: nil, anchors: anchors)
                anchors.merge(browser.anchors, near: browser.first)
                XCTAssertEqual(browser.rows, page.rows.map(flattened), "\(text), forward, rows \(offset)…")
                offset += page.rows.count
                page = try pager.page(after: page, size: size)
            }
            XCTAssertEqual(offset, total, text)

            // Backward from the last row.
            anchors = PageAnchors()
            page = try pager.lastPage(size: size)
            var end = total
            while !page.isEmpty {
                let start = max(0, end - size)
                let browser = try source.page(of: view, at: .first(start), limit: end - start, totalCount: total, anchors: anchors)
                anchors.merge(browser.anchors, near: browser.first)
                XCTAssertEqual(browser.rows, page.rows.map(flattened), "\(text), backward, rows \(start)…")
                end -= page.rows.count
                page = try pager.page(before: page, size: size)
            }
            XCTAssertEqual(end, 0, text)
        }
    }
}
