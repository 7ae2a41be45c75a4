import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 29 item 16: NULL is `∅` wherever the browser shows a value (grid, record view, frequency
/// pane), in its own role; the texts 'NULL' and '∅' stay distinct from it, even without attributes.
final class NullSignTests: XCTestCase, ChinookBrowsing {
    /// Rows 1…5: NULL, 'NULL', '∅', '∅' in SQL quotes, ' ∅ '.
    static let sql = """
        CREATE TABLE thing(id INTEGER PRIMARY KEY, v TEXT);
        INSERT INTO thing VALUES (1, NULL), (2, 'NULL'), (3, '∅'), (4, '''∅'''), (5, ' ∅ ');
        """

    func testTheCellsOfNullAndOfTextsThatReadAsNull() {
        XCTAssertEqual(ValueFormatter.cell(.null), StyledText("∅", .null))
        XCTAssertEqual(ValueFormatter.cell(.text("NULL")), StyledText("NULL", .normal))
        XCTAssertEqual(ValueFormatter.cell(.text("∅")), StyledText("'∅'", .normal))
        XCTAssertEqual(ValueFormatter.cell(.text("'∅'")), StyledText("'''∅'''", .normal))
        XCTAssertEqual(ValueFormatter.cell(.text(" ∅\t")).text, "' ∅⇥'")  // the tab made visible
        // Other texts are left alone, quotes or ∅ included.
        for text in ["∅x", "x∅", "'a'", "'", "''", "∅ ∅", "'∅", "∅'", "'∅'∅'", "ø", "{}", ""] {
            XCTAssertEqual(ValueFormatter.cell(.text(text)).text, Sanitizer.sanitize(text), text)
        }
    }

    /// No two of these texts look alike, and none looks like NULL.
    func testShownTextsAreAllDistinct() {
        let pieces = ["∅", "'", " ", "''", "x"]
        var texts: Set<String> = [""]
        for _ in 0..<4 { texts.formUnion(texts.flatMap { text in pieces.map { text + $0 } }) }
        var seen: [String: String] = [:]
        for text in texts {
            let shown = ValueFormatter.cell(.text(text)).text.trimmingCharacters(in: .whitespaces)
            XCTAssertNotEqual(shown, "∅", text.debugDescription)
            // Trailing spaces vanish in a padded cell: compare what a person can see.
            if let other = seen[shown], other.trimmingCharacters(in: .whitespaces) != text.trimmingCharacters(in: .whitespaces) {
                XCTFail("\(text.debugDescription) and \(other.debugDescription) both show as \(shown.debugDescription)")
            }
            seen[shown] = text
        }
    }

    /// `y` copies the value, not its picture: NULL as the SQL word, a text as it is.
    func testCopyingACellCopiesTheValue() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql), width: 80, height: 24)
        let clipboard = SidePaneZoomCopyTests.RecordingClipboard()
        app.clipboard = clipboard
        try open(app, "thing")
        press(app, .right, .character("y"), .down, .down, .character("y"))
        XCTAssertEqual(clipboard.copied, ["NULL", "∅"])
    }

    func testTheGridRecordViewAndFrequencyPaneShowTheSign() throws {
        let app = try makeApp(database: try TestDatabase.make(Self.sql), width: 80, height: 24)
        try open(app, "thing")
        var screen = ScreenRenderer.render(app.state)
        var shown = screen.textLines()
        let first = try XCTUnwrap(shown.firstIndex { $0.contains("│ 1 │") }, shown.joined(separator: "\n"))
        let valueColumn = try XCTUnwrap(shown[first].range(of: "│ 1 │")).upperBound
        let x = shown[first].distance(from: shown[first].startIndex, to: valueColumn) + 1
        XCTAssertEqual(
            (0..<5).map { String(shown[first + $0][valueColumn...]).trimmingCharacters(in: .whitespaces) },
            ["∅", "NULL", "'∅'", "'''∅'''", "' ∅ '"])
        XCTAssertEqual(screen.cell(x: x, y: first).role, .null)
        XCTAssertEqual(screen.cell(x: x, y: first + 1).role, .normal)
        XCTAssertEqual(screen.cell(x: x + 1, y: first + 2).role, .normal)

        // The record view of row 1: `v │ ∅` in the NULL role.
        press(app, .character("v"))
        screen = ScreenRenderer.render(app.state)
        shown = screen.textLines()
        let line = try XCTUnwrap(shown.firstIndex { $0.contains("v  │ ") }, shown.joined(separator: "\n"))
        XCTAssertTrue(shown[line].hasSuffix("│ ∅") || shown[line].contains("│ ∅ "), shown[line])
        let sign = try XCTUnwrap(shown[line].firstIndex(of: "∅"))
        XCTAssertEqual(screen.cell(x: shown[line].distance(from: shown[line].startIndex, to: sign), y: line).role, .null)
        press(app, .right)
        XCTAssertTrue(
            RecordViewRenderer.lines(columns: ["v"], row: [.text("∅")], width: 20)
                .allSatisfy { $0.last?.text == "'∅'" })

        // The frequency pane of v: five values, NULL among them as ∅.
        press(app, .escape, .character("0"), .right, .character("F"))
        screen = ScreenRenderer.render(app.state)
        shown = screen.textLines()
        // Each line: the Tables pane │ value │ count │ % │ bar.
        let rows = shown.indices.filter { shown[$0].contains("20.0 %") }
        let values = rows.map { shown[$0].split(separator: "│").dropFirst().first.map(String.init) ?? "" }
        XCTAssertEqual(
            Set(values.map { $0.trimmingCharacters(in: .whitespaces) }), ["∅", "NULL", "'∅'", "'''∅'''", "' ∅ '"],
            shown.joined(separator: "\n"))
        let nullRow = try XCTUnwrap(rows.first { shown[$0].contains("│∅ ") })
        let nullX = try XCTUnwrap(shown[nullRow].firstIndex(of: "∅"))
        XCTAssertEqual(screen.cell(x: shown[nullRow].distance(from: shown[nullRow].startIndex, to: nullX), y: nullRow).role, .null)
    }
}
