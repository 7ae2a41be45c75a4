import XCTest

@testable import AssocTUI

/// What the real terminal does when the environment falls short: ASCII placeholders when no
/// UTF-8 character type exists (never a dropped character), and the message for a terminal type
/// that cannot host the browser.
final class TerminalFallbackTests: XCTestCase {
    func testASCIIPlaceholdersKeepEveryCharacterAndItsWidth() {
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("a", width: 1), "a")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("í", width: 1), "?")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("e\u{301}", width: 1), "?")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("漢", width: 2), "??")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("─", width: 1), "-")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("│", width: 1), "|")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("┼", width: 1), "+")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("…", width: 1), ".")
        XCTAssertEqual(NcursesTerminal.asciiPlaceholder("▶", width: 1), "?")
        // "Luís Gonçalves", cell by cell: as many cells as before, none empty.
        let cells = "Luís Gonçalves".map { NcursesTerminal.asciiPlaceholder(String($0), width: 1) }
        XCTAssertEqual(cells.joined(), "Lu?s Gon?alves")
    }

    func testTerminalTypeProblemsSayWhatToSet() {
        XCTAssertNil(NcursesTerminal.terminalTypeProblem(status: 0, type: "xterm-256color"))
        XCTAssertEqual(
            NcursesTerminal.terminalTypeProblem(status: 1, type: nil),
            "the terminal type is not set (TERM is empty): set TERM to your terminal's type, e.g. TERM=xterm-256color")
        XCTAssertEqual(
            NcursesTerminal.terminalTypeProblem(status: 2, type: "vt9000"),
            "the terminal type \"vt9000\" (TERM) is unknown on this system (no terminfo entry): set TERM to your terminal's type, e.g. TERM=xterm-256color"
        )
        XCTAssertEqual(
            NcursesTerminal.terminalTypeProblem(status: 3, type: "dumb"),
            "the terminal type \"dumb\" (TERM) cannot move the cursor, which the browser needs: set TERM to your terminal's type, e.g. TERM=xterm-256color"
        )
    }
}
