import XCTest

@testable import AssocTUI

/// A view that takes the grid's place or covers the panes shows its own keys on the hint line,
/// not the grid's (`+ include` does something else there, or nothing).
final class ModeHintLineTests: XCTestCase, ChinookBrowsing {
    func testEveryViewOverThePanesShowsItsOwnKeys() throws {
        let app = try makeApp(width: 160, height: 45)
        try open(app, "Album")
        let gridHint = try XCTUnwrap(lines(app).last)
        XCTAssertTrue(gridHint.contains("+ include"), "the grid's own keys, for contrast: \(gridHint)")

        // Each view: the keys that open it, the text its hint line must show, the keys that close it.
        let views: [(name: String, open: [KeyEvent], expected: String, close: [KeyEvent])] = [
            ("frequencies", [.character("F")], "Enter filters the view by the value", [.escape]),
            ("summary", [.character("I")], "Enter: frequencies of the column", [.escape]),
            ("schema map", [.character("m")], "Enter centres on a table", [.escape]),
            ("help", [.character("?")], "↑ ↓ PgUp PgDn scroll · Esc closes", [.escape]),
            ("messages", [.control("p")], "↑ ↓ PgUp PgDn scroll · Esc closes", [.escape]),
            ("cardinality", [.tab, .down, .character("C")], "Enter opens the rows of a bucket", [.escape, .backTab])
        ]
        for view in views {
            for key in view.open { press(app, key) }
            // A status message (a summary done, say) takes the line first: the next move clears it.
            var state = app.state
            state.message = nil
            let hint = try XCTUnwrap(ScreenRenderer.render(state).textLines().last, view.name)
            XCTAssertTrue(hint.contains(view.expected), "\(view.name): \(hint)")
            XCTAssertFalse(hint.contains("+ include"), "\(view.name): \(hint)")
            for key in view.close { press(app, key) }
            XCTAssertEqual(app.state.mode, .grid, view.name)
        }
    }
}
