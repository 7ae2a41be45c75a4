import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Go to row N (issue 30, item 3): a count before `G` (`250G`) and `:250`, on a table paged by
/// key, a sorted view, and a SQLite view paged with OFFSET, before and after the view is counted:
/// the row shown is the row a plain fetch of the view has at index N-1, and its number is real.
final class GoToRowTests: XCTestCase, ChinookBrowsing {
    /// `item`: 3,000 rows, keys 3, 6, …, 9,000, names that repeat; `cheap`, a view over it.
    func database() throws -> Database {
        let rows = (1...3_000).map { id in "(\(id * 3), 'Name \(id % 97)', \(id % 20))" }
        return try TestDatabase.make(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER);
            INSERT INTO item VALUES \(rows.joined(separator: ", "));
            CREATE VIEW cheap AS SELECT id, name, price FROM item WHERE price < 15;
            """)
    }

    /// The app with `table` open, its rows not counted yet (no deferred work run).
    func app(opening table: String, width: Int = 100, height: Int = 30) throws -> BrowserApp {
        let app = try makeApp(database: try database(), width: width, height: height)
        let index = try XCTUnwrap(app.state.tablesPane.tables.firstIndex { $0.name == table })
        keys(app, [.home] + Array(repeating: .down, count: index) + [.enter])
        XCTAssertEqual(app.state.rows?.view.table, table)
        return app
    }

    /// Presses `keys`, running no deferred work (the view stays uncounted).
    func keys(_ app: BrowserApp, _ keys: [KeyEvent]) {
        for key in keys {
            app.handle(key)
            app.runForeground()
        }
    }

    func typed(_ app: BrowserApp, _ text: String) {
        keys(app, text.map { KeyEvent.character($0) })
    }

    /// The ids of the whole view, in its order.
    func ids(_ app: BrowserApp) throws -> [DatabaseValue] {
        let source = try XCTUnwrap(app.dataSource as? RequestDataSource)
        let view = try XCTUnwrap(app.state.rows?.view)
        return try source.db.fetchAll(view.request.orderedTotally()).map { $0["id"] ?? .null }
    }

    func selectedId(_ app: BrowserApp) -> DatabaseValue? { app.state.rows?.selectedRow?.first }

    func testCountThenGGoesToThatRowOnEveryKindOfView() throws {
        for (table, sort) in [("item", false), ("item", true), ("cheap", false)] {
            let app = try app(opening: table)
            if sort { keys(app, [.right, .character("s")]) }
            let all = try ids(app)
            XCTAssertFalse(app.state.rows?.isCounted ?? true, "\(table): not counted yet")
            typed(app, "250")
            XCTAssertEqual(app.state.pendingCount, 250)
            XCTAssertTrue(lines(app).last?.hasPrefix("250  G: go to row 250") ?? false, "\(lines(app).last ?? "")")
            typed(app, "G")
            XCTAssertNil(app.state.pendingCount)
            XCTAssertEqual(app.state.rows?.cursor.index, 249, table)
            XCTAssertEqual(selectedId(app), all[249], "\(table) sorted: \(sort)")
            XCTAssertTrue(app.state.rows?.counterLabel.hasPrefix("250/") ?? false, app.state.rows?.counterLabel ?? "")
            // Every visible line is the view's row at its position.
            let rows = try XCTUnwrap(app.state.rows)
            for index in rows.cursor.top..<(rows.cursor.top + app.state.visibleLines(.rows)) {
                XCTAssertEqual(rows.row(at: index)?.first, all[index], "\(table) line of row \(index + 1)")
            }
            // Deep, then back near the start: exact both times.
            typed(app, "2900G")
            XCTAssertEqual(selectedId(app), all[2899 < all.count ? 2899 : all.count - 1], table)
            typed(app, "7G")
            XCTAssertEqual(app.state.rows?.cursor.index, 6)
            XCTAssertEqual(selectedId(app), all[6], table)
        }
    }

    func testRequestLineNumberGoesToThatRow() throws {
        let app = try app(opening: "cheap")
        let all = try ids(app)
        typed(app, ":")
        XCTAssertEqual(app.state.prompt?.kind, .request)
        keys(app, [.control("u")])
        typed(app, "250")
        keys(app, [.enter])
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(app.state.rows?.cursor.index, 249)
        XCTAssertEqual(selectedId(app), all[249])
        XCTAssertEqual(app.state.rows?.view.table, "cheap", "the view stays")
        // A digit typed first replaces the request's text: `:1200` as in vim.
        typed(app, ":1200")
        XCTAssertEqual(app.state.prompt?.text, "1200")
        keys(app, [.enter])
        XCTAssertEqual(app.state.rows?.cursor.index, 1199)
        XCTAssertEqual(selectedId(app), all[1199])
        // A letter first edits the request as before.
        typed(app, ":")
        let request = try XCTUnwrap(app.state.prompt?.text)
        typed(app, "x")
        XCTAssertEqual(app.state.prompt?.text, request + "x")
        typed(app, "1")
        XCTAssertEqual(app.state.prompt?.text, request + "x1")
    }

    func testPastTheLastRowGoesToTheLastAndSaysSo() throws {
        let app = try app(opening: "item")
        let all = try ids(app)
        typed(app, "5000G")
        XCTAssertEqual(app.state.rows?.cursor.index, all.count - 1)
        XCTAssertEqual(selectedId(app), all.last)
        XCTAssertEqual(app.state.message?.text, "Row 5000 is past the last: row 3000, the last")
        // Counted now: the count moves the cursor at once, no query.
        app.runAllDeferred()
        XCTAssertTrue(app.state.rows?.isCounted ?? false)
        typed(app, "12G")
        XCTAssertEqual(app.state.rows?.cursor.index, 11)
        XCTAssertEqual(selectedId(app), all[11])
    }

    func testZeroAloneIsFirstColumnEscClearsTheCountOtherKeysForgetIt() throws {
        let app = try app(opening: "item")
        keys(app, [.right, .right])
        typed(app, "0")
        XCTAssertNil(app.state.pendingCount)
        XCTAssertEqual(app.state.rows?.column.index, 0, "0 alone: first column")
        typed(app, "10")
        XCTAssertEqual(app.state.pendingCount, 10, "0 after a digit extends the count")
        keys(app, [.escape])
        XCTAssertNil(app.state.pendingCount)
        XCTAssertEqual(app.state.rows?.view.table, "item", "Esc clears the count, it does not go back")
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        typed(app, "3j")
        XCTAssertNil(app.state.pendingCount)
        XCTAssertEqual(app.state.rows?.cursor.index, 1, "a count before another key is forgotten")
        // After G pressed with no count, a count still goes to its row.
        typed(app, "G")
        typed(app, "40G")
        XCTAssertEqual(app.state.rows?.cursor.index, 39)
        XCTAssertEqual(selectedId(app), try ids(app)[39])
        XCTAssertFalse(app.state.rows?.endIsProvisional ?? true)
    }

    /// `f`, `n`, `N` on a view without a key (issue 30, item 3): the rows past the cursor are
    /// counted in order up to the first match, the statement shown in the SQL pane, instead of a refusal.
    func testFindOnAViewWithoutAKeyNumbersTheRows() throws {
        let app = try app(opening: "cheap")
        let source = try XCTUnwrap(app.dataSource as? RequestDataSource)
        let view = try XCTUnwrap(app.state.rows?.view)
        let names = try source.db.fetchAll(view.request.orderedTotally()).map { $0["name"] ?? .null }
        let matches = names.indices.filter { names[$0] == .text("Name 5") }
        XCTAssertGreaterThan(matches.count, 3)
        typed(app, "f")
        typed(app, "name = 'Name 5'")
        keys(app, [.enter])
        XCTAssertEqual(app.state.rows?.cursor.index, matches[0], app.state.message?.text ?? "")
        XCTAssertEqual(app.state.rows?.selectedRow?[1], .text("Name 5"))
        XCTAssertTrue(SQLPaneText.plainText(for: app.state) != nil)
        let pane = SQLPaneText.lines(for: app.state, width: 200).map { $0.map(\.text).joined() }.joined(separator: "\n")
        XCTAssertTrue(pane.contains("THEN 1 ELSE 0 END FROM (SELECT"), pane)
        XCTAssertTrue(pane.contains("reads every row in between"), pane)
        typed(app, "n")
        XCTAssertEqual(app.state.rows?.cursor.index, matches[1])
        typed(app, "n")
        XCTAssertEqual(app.state.rows?.cursor.index, matches[2])
        typed(app, "N")
        XCTAssertEqual(app.state.rows?.cursor.index, matches[1])
        // Far down, then back.
        typed(app, "2000G")
        typed(app, "N")
        XCTAssertEqual(app.state.rows?.cursor.index, matches.last { $0 < 1999 })
    }

    func testCountGInTheTablesPaneMovesItsCursor() throws {
        let app = try makeApp(database: try database())
        XCTAssertEqual(app.state.focus, .tables)
        typed(app, "2G")
        XCTAssertEqual(app.state.tablesPane.cursor.index, 1)
    }
}
