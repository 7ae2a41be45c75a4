import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocTUI

/// Find and jump in the data source: the position `find` answers is the position of the next
/// (previous) matching row in the view's order, as a fetch of the whole view says, whatever the
/// sort; `jump` lands on the first row whose key is at least the value.
final class FindTests: XCTestCase {
    func source() throws -> RequestDataSource {
        var random = SeededRandom(seed: randomSeed(fallback: 7))
        var rows: [String] = []
        for id in 1...600 {
            let name = random.pick(["Rock", "jazz", "Blues", "rock and roll", "Pop"]) ?? "Pop"
            let price = random.chance(10) ? "NULL" : String(random.below(20))
            rows.append("(\(id * 2), '\(name) \(id)', \(price))")
        }
        let db = try TestDatabase.make(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER);
            INSERT INTO item VALUES \(rows.joined(separator: ", "));
            """)
        return RequestDataSource(database: db)
    }

    /// The ids of the whole view, in its order.
    func ids(_ source: RequestDataSource, _ view: RequestView) throws -> [DatabaseValue] {
        try source.db.fetchAll(view.request.orderedTotally()).map { $0["id"] ?? .null }
    }

    func views() -> [RequestView] {
        let byPrice = RequestView(request: Table("item").order(Column("price").desc))
        let filtered = RequestView(request: Table("item").filter(Column("id") > 100).order(Column("name")))
        // An SQL snippet of the row (its value selected under a hidden name), and a request that
        // frames itself with a limit (keyset within its window).
        let bySnippet = RequestView(request: Table("item").order(sql: "price % 5"))
        let framed = RequestView(request: Table("item").order(Column("name")).limit(300, offset: 50))
        return [RequestView(table: "item"), byPrice, filtered, bySnippet, framed]
    }

    func testFindGoesToTheNextAndPreviousMatchInTheViewsOrder() throws {
        let source = try source()
        for view in views() {
            let all = try ids(source, view)
            let names = try source.db.fetchAll(view.request.orderedTotally()).map { row -> String in
                if case .text(let name)? = row["name"] { return name.lowercased() }
                return ""
            }
            for start in [0, 37, 250, all.count - 1] {
                let seen = try source.browsePage(of: view, offset: start, limit: 50, totalCount: all.count).anchors
                // Plain text: in any text column, ASCII case ignored.
                let next = try source.find("ROCK", in: view, after: .first(start), at: seen[.first(start)], backward: false)
                XCTAssertEqual(
                    next.position?.index, names.indices.first { $0 > start && names[$0].contains("rock") },
                    "\(view.request.relation.ordering ?? []) from \(start)")
                XCTAssertEqual(next.description, "text \"ROCK\" in any text column")
                let previous = try source.find("rock", in: view, after: .first(start), at: seen[.first(start)], backward: true)
                XCTAssertEqual(
                    previous.position?.index, names.indices.last { $0 < start && names[$0].contains("rock") },
                    "\(view.request.relation.ordering ?? []) back from \(start)")
                // A condition of the request language.
                let priced = try source.find("price = 3", in: view, after: .first(start), at: seen[.first(start)], backward: false)
                let prices = try source.db.fetchAll(view.request.orderedTotally()).map { $0["price"] }
                XCTAssertEqual(priced.position?.index, prices.indices.first { $0 > start && prices[$0] == .integer(3) })
                XCTAssertEqual(priced.description, "price = 3")
                // The page at the match reads from the match's anchor: the right row is there.
                if let position = next.position?.index, let values = next.values {
                    let page = try source.page(
                        of: view, at: .first(position), limit: 10, totalCount: all.count,
                        anchors: PageAnchors(indices: [position: values]))
                    XCTAssertEqual(page.rows.first?.first, all[position], "\(view.request.relation.ordering ?? []) page at \(position)")
                }
            }
        }
    }

    func testJumpLandsOnTheFirstKeyAtLeastTheValue() throws {
        let source = try source()
        for view in views() {
            let all = try ids(source, view)
            for key in ["1", "2", "301", "1200", "5000", "abc"] {
                var request = view.request
                let framed = request.limit != nil
                request.limit = nil
                request.offset = nil
                let target = try source.db.fetchOne(request.filter(Column("id") >= Database.keyValue(key)).order(Column("id")))?["id"]
                let expected = target.flatMap { all.firstIndex(of: $0) }
                if framed && target != nil && expected == nil {
                    // The row is not among those the request's limit keeps.
                    XCTAssertThrowsError(try source.browseJump(toKey: key, in: view), "#\(key)") { error in
                        XCTAssertTrue(AssocError.message(for: error).contains("outside the rows of this request's limit"), "\(error)")
                    }
                    continue
                }
                let position = try source.browseJump(toKey: key, in: view).position?.index
                XCTAssertEqual(position, expected, "\(view.request.relation.ordering ?? []) #\(key)")
            }
        }
    }

    /// A window around the row a jump reached, with no other anchor: read before and after it.
    func testTheWindowAroundAJumpReadsByKeyset() throws {
        for view in views() {
            let source = try source()
            let all = try ids(source, view)
            let position = try XCTUnwrap(try source.browseJump(toKey: "700", in: view).position?.index)
            let start = max(0, position - 10)
            let page = try source.browsePage(of: view, offset: start, limit: 30, totalCount: all.count)
            XCTAssertEqual(page.offset, start)
            XCTAssertEqual(page.rows.map { $0.first }, Array(all[start..<min(all.count, start + 30)]), "\(view.request.relation.ordering ?? [])")
            XCTAssertTrue(page.paging.hasPrefix("keyset paging"), page.paging)
            // No OFFSET but the one a request that frames itself asks for its first row.
            let framed = view.request.offset.map { " OFFSET \($0)" }
            XCTAssertFalse(page.statements.contains { $0.sql.contains("OFFSET") && !(framed.map($0.sql.hasSuffix) ?? false) }, "\(page.statements)")
        }
    }

    /// A sort on an expression of the row's columns, or on a column the selection leaves out,
    /// pages by keyset on (its value, selected under a hidden name, then the key); find and jump
    /// follow its order; the grid shows none of the hidden values.
    func testASortOnAnExpressionOrAnUnselectedColumnPagesByKeyset() throws {
        let source = try source()
        let byExpression = RequestView(
            request: Table("item").order(Ordering(AssocCore.Expression.binary(.remainder, .column("price"), .value(7)), descending: true)))
        let unselected = RequestView(request: Table("item").select(Column("id"), Column("name")).order(Column("price")))
        for (view, note) in [(byExpression, "keyset paging on price % 7 DESC, id"), (unselected, "keyset paging on price, id")] {
            let all = try ids(source, view)
            let first = try source.browsePage(of: view, offset: 0, limit: 40, totalCount: nil)
            XCTAssertEqual(first.paging, note)
            let names: [String] = first.columns.map { $0.name }
            XCTAssertEqual(names, view == unselected ? ["id", "name"] : ["id", "name", "price"])
            var rows = first.rows
            while rows.count < all.count {
                let page = try source.browsePage(of: view, offset: rows.count, limit: 40, totalCount: nil)
                XCTAssertFalse(page.statements.contains { $0.sql.contains("OFFSET") }, "\(page.statements)")
                XCTAssertEqual(page.columns.count, first.columns.count)
                if page.rows.isEmpty { break }
                rows += page.rows
            }
            XCTAssertEqual(rows.map { $0.first }, all, note)
            // Find follows the order: the next row whose price is 3 after row 100.
            let seen = try source.browsePage(of: view, offset: 90, limit: 20, totalCount: all.count).anchors
            let prices: [DatabaseValue?] = try source.db.fetchAll(Table("item").all.order(view.request.relation.ordering ?? []).orderedTotally())
                .map { $0["price"] }
            let found = try source.find("price = 3", in: view, after: .first(100), at: seen[.first(100)], backward: false)
            XCTAssertEqual(found.position?.index, prices.indices.first { $0 > 100 && prices[$0] == DatabaseValue.integer(3) }, note)
        }
    }

    /// A view paged with OFFSET is found in by numbering its rows (issue 30: no longer refused).
    func testFindOnAViewPagedWithOffsetNumbersItsRows() throws {
        let source = try source()
        var view = RequestView(table: "item")
        // An SQL snippet whose value changes from one read to the next.
        view.request = view.request.order(sql: "price + random() % 3")
        let page = try source.browsePage(of: view, offset: 0, limit: 10, totalCount: nil)
        XCTAssertEqual(page.paging, "OFFSET paging: sorted by an SQL snippet that is not one value per row (an aggregate, random(), the time)")
        let found = try source.find("rock", in: view, after: 0, at: nil, backward: false)
        XCTAssertTrue(found.statement?.sql.contains("THEN 1 ELSE 0 END FROM (SELECT") ?? false, "\(found)")
    }
}
