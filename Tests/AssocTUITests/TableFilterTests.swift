import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Finding a table (issue 30, item 4): `/` in the Tables pane narrows the list as the text is
/// typed (substring, case-insensitive, then fuzzy), Enter opens the selected table, Esc clears;
/// views are marked `◇` in the list (explained in the help).
final class TableFilterTests: XCTestCase, ChinookBrowsing {
    /// Tables named like the Formula 1 schema's, and a view.
    func database() throws -> Database {
        let names = [
            "circuits", "constructor_results", "drivers", "lap_times", "pit_stops", "qualifying", "races", "race_result", "results", "seasons",
            "status"
        ]
        let tables = names.map { "CREATE TABLE \($0) (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO \($0) VALUES (1, '\($0)');" }
        return try TestDatabase.make(tables.joined(separator: "\n") + "\nCREATE VIEW fast_laps AS SELECT * FROM lap_times;")
    }

    func testMatchesSubstringFirstThenFuzzy() {
        let tables = ["race_result", "Races", "drivers", "results", "constructor_results"].map { TableSummary(name: $0) }
        // Both begin with it: the shorter first (issue 44: NameRanking).
        XCTAssertEqual(TableFilter.matches(tables, "RACE").map { tables[$0].name }, ["Races", "race_result"])
        // Fuzzy: the letters in order, the tightest first (race_result spans 8 cells, the other 10).
        XCTAssertEqual(TableFilter.matches(tables, "rcres").map { tables[$0].name }, ["race_result", "constructor_results"])
        XCTAssertEqual(
            TableFilter.matches(tables, "rs").map { tables[$0].name }, ["drivers", "results", "race_result", "constructor_results", "Races"])
        XCTAssertEqual(TableFilter.matches(tables, "").count, 5)
        XCTAssertEqual(TableFilter.matches(tables, "xyz"), [])
    }

    func testSlashInTheTablesPaneFiltersAsYouTypeAndEnterOpens() throws {
        let app = try makeApp(database: try database())
        XCTAssertEqual(app.state.focus, .tables)
        press(app, .character("/"))
        XCTAssertEqual(app.state.prompt?.kind, .tables)
        type(app, "rcres")
        let shown = lines(app)
        XCTAssertTrue(shown.contains { $0.contains("race_result") }, "\(shown)")
        XCTAssertFalse(shown.contains { $0.contains("drivers") }, "only the matches are listed: \(shown)")
        XCTAssertEqual(app.state.selectedTable?.name, "race_result")
        press(app, .enter)
        XCTAssertNil(app.state.prompt)
        XCTAssertEqual(app.state.rows?.view.table, "race_result")
    }

    func testArrowsMoveAmongMatchesEscClears() throws {
        let app = try makeApp(database: try database())
        press(app, .character("/"))
        type(app, "RES")
        // The name it begins, then where it begins a word (shorter first), then the fuzzy matches.
        XCTAssertEqual(app.state.selectedTable?.name, "results")
        press(app, .down)
        XCTAssertEqual(app.state.selectedTable?.name, "race_result")
        press(app, .down)
        XCTAssertEqual(app.state.selectedTable?.name, "constructor_results")
        press(app, .down)
        XCTAssertEqual(app.state.selectedTable?.name, "races", "then the fuzzy matches, tightest first (r-a-c-e-s: r, e, s in 5 cells)")
        press(app, .up, .up)
        XCTAssertEqual(app.state.selectedTable?.name, "race_result")
        press(app, .escape)
        XCTAssertNil(app.state.prompt)
        XCTAssertNil(app.state.rows, "Esc opens nothing")
        XCTAssertTrue(lines(app).contains { $0.contains("drivers") }, "every table again")
        XCTAssertEqual(app.state.selectedTable?.name, "race_result", "the cursor stays on the table selected")
    }

    func testAClickOnAFilteredLineSelectsThatTable() throws {
        let app = try makeApp(database: try database())
        press(app, .character("/"))
        type(app, "RES")
        let rect = try XCTUnwrap(app.state.layout.panes[.tables])
        // Lines: constructor_results, race_result, results.
        press(app, .mouse(x: rect.x + 2, y: rect.y + 2, kind: .click))
        XCTAssertEqual(app.state.selectedTable?.name, "race_result")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "race_result")
    }

    func testViewsAreMarkedInTheListAndTheHelpSaysSo() throws {
        let app = try makeApp(database: try database())
        let line = try XCTUnwrap(lines(app).first { $0.contains("fast_laps") })
        XCTAssertTrue(line.contains(TableFilter.viewMark), line)
        XCTAssertFalse(try XCTUnwrap(lines(app).first { $0.contains("drivers") }).contains(TableFilter.viewMark))
        XCTAssertTrue(HelpContent.lines.contains { $0.map(\.text).joined().contains("◇ marks a view") })
    }

    func testTableOptionStillOpensTheTable() throws {
        // `--table` opens through the same event the command line sends.
        let app = try makeApp(database: try database())
        app.dispatch(.openTable("race_result"))
        app.runAllDeferred()
        XCTAssertEqual(app.state.rows?.view.table, "race_result")
    }
}
