import AssocCore
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// The request line (`:`) takes a user's own SQL statement: its rows in the grid, the statement
/// in the SQL pane, GRDB's `Row.fetchAll` in the Swift pane; keys, undo and Esc as for any view;
/// a write refused in the prompt.
final class OwnSQLBrowserTests: XCTestCase, ChinookBrowsing {
    static let statement = "SELECT Name, Milliseconds FROM Track WHERE Milliseconds > 300000 ORDER BY Milliseconds DESC"

    func typeRequest(_ app: BrowserApp, _ text: String) {
        press(app, .character(":"), .control("u"))
        type(app, text)
        press(app, .enter)
    }

    func testAStatementOnTheRequestLineShowsItsRows() throws {
        for (width, height) in [(80, 24), (160, 45)] {
            let app = try makeApp(width: width, height: height)
            try open(app, "Album")
            typeRequest(app, Self.statement)
            XCTAssertNil(app.state.prompt, app.state.prompt?.error?.message ?? "")
            let rows = try XCTUnwrap(app.state.rows)
            XCTAssertEqual(rows.view.title, "SQL")
            XCTAssertEqual(rows.view.request.query?.sql, Self.statement)
            XCTAssertEqual(rows.columns.map(\.header), ["Name", "Milliseconds"])
            XCTAssertEqual(rows.rows.map { $0.first }, ["For Those About To Rock (We Salute You)", "Balls to the Wall", "Go Down"])
            let screen = lines(app).joined(separator: "\n")
            XCTAssertTrue(screen.contains("Balls to the Wall"), screen)
            XCTAssertTrue(screen.contains("SQL"), screen)
            // The SQL pane: the statement, inside the one that ran, and why it pages with OFFSET.
            let sql = (SQLPaneText.plainText(for: app.state) ?? "") + "\n" + (rows.reading?.description ?? "")
            XCTAssertTrue(sql.contains("Milliseconds > 300000"), sql)
            XCTAssertTrue(sql.contains("the rows of an SQL statement have no key"), sql)
            // `:` again shows the statement itself.
            press(app, .character(":"))
            XCTAssertEqual(app.state.prompt?.text, Self.statement)
            press(app, .escape)
            XCTAssertEqual(app.state.rows?.view.request.query?.sql, Self.statement)
        }
    }

    func testKeysWorkOnItAndUndoGoesBack() throws {
        let app = try makeApp(width: 160, height: 45)
        try open(app, "Album")
        let album = try XCTUnwrap(app.state.rows?.view)
        typeRequest(app, Self.statement)
        let typed = try XCTUnwrap(app.state.rows?.view)
        // s sorts by the current column (Name), = filters on the value under the cursor.
        press(app, .character("0"), .character("s"))
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, ["Balls to the Wall", "For Those About To Rock (We Salute You)", "Go Down"])
        press(app, .character("="))
        XCTAssertEqual(app.state.rows?.rows.count, 1)
        XCTAssertEqual(app.state.rows?.totalCount, 1)
        // The request line shows the statement that runs, itself SQL that opens the same rows.
        press(app, .character(":"))
        let text = try XCTUnwrap(app.state.prompt?.text)
        XCTAssertTrue(text.hasPrefix("SELECT * FROM (" + Self.statement + ") AS \"sql\" WHERE"), text)
        press(app, .enter)
        XCTAssertNil(app.state.prompt, app.state.prompt?.error?.message ?? "")
        XCTAssertEqual(app.state.rows?.rows.map { $0.first }, ["Balls to the Wall"])
        // F counts the values of a column of its rows.
        press(app, .character("u"), .character("u"), .character("u"))
        XCTAssertEqual(app.state.rows?.view, typed)
        press(app, .right, .character("F"))
        XCTAssertNotNil(app.state.frequency, app.state.message?.text ?? "")
        press(app, .escape)
        // The Swift pane: GRDB's Row.fetchAll with the statement.
        press(app, .character("r"))
        XCTAssertEqual(
            app.state.side.swiftCode?.text,
            """
            // Your own SQL statement, run as GRDB runs raw SQL.
            let rows = try Row.fetchAll(db, sql: "\(Self.statement)")

            """)
        press(app, .character("u"))
        XCTAssertEqual(app.state.rows?.view, album)
    }

    /// `#` jumps to a key: on a view without one it says so at once, and what goes to a row
    /// instead, rather than opening a prompt whose Enter could only refuse; on a table it opens.
    func testHashOnAViewWithoutAKeySaysSoAtOnce() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Album")
        press(app, .character("#"))
        XCTAssertEqual(app.state.prompt?.kind, .jump)
        press(app, .escape)
        typeRequest(app, Self.statement)
        press(app, .character("#"))
        XCTAssertNil(app.state.prompt)
        let message = try XCTUnwrap(app.state.message?.text)
        XCTAssertTrue(message.hasPrefix("# jumps to a key, and this view has none to page on (the rows of an SQL statement have no key)"), message)
        XCTAssertTrue(message.hasSuffix("250G or :250 goes to row 250"), message)
    }

    func testExportWritesItsRows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("own-sql-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = RequestDataSource(database: try ChinookFixture.database())
        let view = try source.view(parsing: Self.statement, from: nil)
        let path = directory.appendingPathComponent("long.csv").path
        let count = try source.export(view, to: path, format: .csv, replacing: .never) { _ in true }
        XCTAssertEqual(count, 3)
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "Name,Milliseconds\r\nFor Those About To Rock (We Salute You),343719\r\nBalls to the Wall,342562\r\nGo Down,331180\r\n")
    }

    func testWritesAreRefusedInThePrompt() throws {
        let app = try makeApp(width: 100, height: 30)
        try open(app, "Album")
        let before = try XCTUnwrap(app.state.rows?.view)
        for (text, message) in [
            ("DELETE FROM Track", #"SQL refused: "DELETE""#),
            ("UPDATE Track SET Name = 'x' RETURNING *", #"SQL refused: "UPDATE""#),
            ("ATTACH 'x.db' AS x", #"SQL refused: "ATTACH""#),
            ("PRAGMA writable_schema=ON", #"SQL refused: "PRAGMA""#),
            ("SELECT 1; DELETE FROM Track", #"SQL refused: a second statement, "DELETE FROM Track""#),
            ("WITH a AS (SELECT 1) DELETE FROM Track", "SQL refused: the statement writes to the database")
        ] {
            typeRequest(app, text)
            XCTAssertEqual(app.state.prompt?.kind, .request, text)
            let error = app.state.prompt?.error?.message ?? ""
            XCTAssertTrue(error.contains(message), "\(text): \(error)")
            XCTAssertTrue(lines(app).joined(separator: "\n").contains("SQL refused"), text)
            press(app, .escape)
            XCTAssertEqual(app.state.rows?.view, before, text)
        }
        XCTAssertEqual(try ChinookFixture.database().fetchCount(Table("Track").all), 7)
    }

    /// Through the real data source over a file: each write attempt typed on the request line
    /// leaves the file's bytes as they were.
    func testWritesThroughTheRequestLineLeaveTheFileUnchanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("own-sql-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("chinook.sqlite").path
        try Connection(path: path, mode: .readWrite(create: true)).execute(ChinookFixture.sql)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let app = try makeApp(database: try Database(path: path), width: 100, height: 30)
        for text in [
            "DELETE FROM Track", "UPDATE Track SET Name = 'x' RETURNING *", "ATTACH 'x.db' AS x", "PRAGMA writable_schema=ON",
            "SELECT 1; DELETE FROM Track", "WITH a AS (SELECT 1) DELETE FROM Track"
        ] {
            typeRequest(app, text)
            XCTAssertNotNil(app.state.prompt?.error, text)
            press(app, .escape)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["chinook.sqlite"])
    }
}
