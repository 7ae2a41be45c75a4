import AssocCore
import XCTest

@testable import AssocTUI

final class KeyDecodingTests: XCTestCase {
    func testTerminalCharactersBecomeKeyEvents() {
        XCTAssertEqual(NcursesTerminal.character(13), .enter)
        XCTAssertEqual(NcursesTerminal.character(10), .enter)
        XCTAssertEqual(NcursesTerminal.character(9), .tab)
        XCTAssertEqual(NcursesTerminal.character(27), .escape)
        XCTAssertEqual(NcursesTerminal.character(127), .backspace)
        XCTAssertEqual(NcursesTerminal.character(3), .control("c"))
        XCTAssertEqual(NcursesTerminal.character(4), .control("d"))
        XCTAssertEqual(NcursesTerminal.character(0), nil)
        XCTAssertEqual(NcursesTerminal.character(0x71), .character("q"))
        XCTAssertEqual(NcursesTerminal.character(0x4E2D), .character("中"))
        XCTAssertEqual(NcursesTerminal.character(0xD800), nil)  // a lone surrogate is not a scalar
    }

    func testSidePaneScrollStopsAtItsLastLine() {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        var rows = RowsState(view: RequestView(table: "t"))
        rows.page = RowsPage(
            columns: [], rows: [], first: 0,
            statements: [GeneratedStatement(sql: "SELECT * FROM \"t\" LIMIT ? OFFSET ?", arguments: [200, 0])])
        rows.isLoading = false
        state.rows = rows
        state.focus = .side
        // 2 lines of SQL in a 4-line pane (80×24: side pane 59×5 with its title): nothing to scroll.
        _ = Reducer.reduce(&state, .action(.pageDown))
        XCTAssertEqual(state.side.scroll, 0)
        // A 295-letter identifier hard-wraps into 5 lines of 59, plus the arguments line: 6 lines,
        // so the last scroll position showing 4 lines is 2.
        state.rows?.page?.statements = [GeneratedStatement(sql: String(repeating: "x", count: 295), arguments: [1])]
        _ = Reducer.reduce(&state, .action(.pageDown))
        XCTAssertEqual(state.side.scroll, 2)
        _ = Reducer.reduce(&state, .action(.moveDown))
        XCTAssertEqual(state.side.scroll, 2)
        _ = Reducer.reduce(&state, .action(.moveUp))
        XCTAssertEqual(state.side.scroll, 1)
    }
}
