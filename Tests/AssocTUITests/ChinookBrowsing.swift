import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Drives the app over the Chinook-like fixture with the real data source: each key is handled,
/// then the deferred work is run, as a slow typist would.
protocol ChinookBrowsing {}

extension ChinookBrowsing {
    func makeApp(width: Int = 100, height: Int = 30) throws -> BrowserApp {
        try makeApp(database: try ChinookFixture.database(), width: width, height: height)
    }

    /// The app over `database` (a schema of the test's own).
    func makeApp(database: Database, width: Int = 100, height: Int = 30) throws -> BrowserApp {
        let source = RequestDataSource(database: database)
        let app = BrowserApp(dataSource: source, terminal: FakeTerminal(width: width, height: height), title: "chinook")
        app.start()
        app.runAllDeferred()
        return app
    }

    func press(_ app: BrowserApp, _ keys: KeyEvent...) {
        for key in keys {
            app.handle(key)
            app.runAllDeferred()
        }
    }

    func type(_ app: BrowserApp, _ text: String) {
        for character in text { press(app, .character(character)) }
    }

    func lines(_ app: BrowserApp) -> [String] { ScreenRenderer.render(app.state).textLines() }

    /// Opens the table named `table` from the Tables pane.
    func open(_ app: BrowserApp, _ table: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let index = try XCTUnwrap(app.state.tablesPane.tables.firstIndex { $0.name == table }, file: file, line: line)
        press(app, .home)
        for _ in 0..<index { press(app, .down) }
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, table, file: file, line: line)
    }
}

extension ChinookBrowsing {
    /// Moves the focus to the Links pane and follows the link named `link` of the selected row.
    func follow(_ app: BrowserApp, _ link: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for _ in 0..<5 where app.state.focus != .links { press(app, .tab) }
        XCTAssertEqual(app.state.focus, .links, file: file, line: line)
        let index = try XCTUnwrap(
            app.state.linksPane.links.firstIndex { $0.association.name == link }, "no link \(link)",
            file: file, line: line)
        press(app, .home)
        for _ in 0..<index { press(app, .down) }
        press(app, .enter)
    }
}
