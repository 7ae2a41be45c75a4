import AssocCore
import XCTest

@testable import AssocTUI

final class PaneRenderingTests: XCTestCase {
    func testSQLWrapsOnTokensAndListsArguments() {
        let statement = GeneratedStatement(
            sql: "SELECT * FROM \"album\" WHERE title = 'it''s' LIMIT ? OFFSET ?",
            arguments: [.integer(200), .text("x\ny")])
        let lines = SQLPaneText.lines(for: statement, width: 24).map { $0.map(\.text).joined() }
        XCTAssertEqual(
            lines,
            [
                "SELECT * FROM \"album\" ",
                "WHERE title = 'it''s' ",
                "LIMIT ? OFFSET ?",
                "-- arguments: 200, 'x↵y'"
            ])
        let spans = SQLHighlighter.spans("select 'a' from t")
        XCTAssertEqual(spans.filter { $0.role == .sqlKeyword }.map(\.text), ["select", "from"])
        XCTAssertEqual(spans.filter { $0.role == .sqlString }.map(\.text), ["'a'"])
    }

    func testSQLWrapHardBreaksLongTokens() {
        let lines = SQLPaneText.wrap([StyledText("abcdefghij")], width: 4).map { $0.map(\.text).joined() }
        XCTAssertEqual(lines, ["abcd", "efgh", "ij"])
        XCTAssertEqual(SQLPaneText.wrap([StyledText("漢")], width: 1).count, 0)
        XCTAssertEqual(SQLPaneText.wrap([StyledText("x")], width: 0).count, 0)
    }

    func testStyledSpansEndWithEllipsisWhenCut() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        buffer.put([StyledText("⇉ ", .link), StyledText("hasMany ", .dim), StyledText("albums")], at: Point(x: 0, y: 0))
        XCTAssertEqual(buffer.textLines(), ["⇉ hasMany…"])
        XCTAssertEqual(buffer.cell(x: 9, y: 0).role, .dim)
    }

    func testRecordViewWrapsAtWordsAndKeepsLongNamesWhole() {
        // Width 30: the name column takes two fifths (12 cells), values 15.
        let lines = RecordViewRenderer.lines(
            columns: ["supportRep.reportsTo.FirstName", "id"],
            row: [.text("Stanford University of Somewhere"), .integer(7)],
            width: 30)
        XCTAssertEqual(
            lines.map { $0.map(\.text).joined() },
            [
                "supportRep.r │ Stanford",
                "eportsTo.Fir │ University of",
                "stName       │ Somewhere",
                "id           │ 7"
            ])
    }

    func testRecordViewWrapsTextAndShowsBlobHead() {
        // Width 20: "note" (4) + " │ " (3) leaves 13 cells per value line, so 4 bytes per hex line.
        let lines = RecordViewRenderer.lines(
            columns: ["note", "data", "big"],
            row: [.text("first line\nsecond, which is longer"), .blob(Array(0..<10)), .blob(Array(repeating: 0xFF, count: 40))],
            width: 20)
        XCTAssertEqual(
            lines.map { $0.map(\.text).joined() },
            [
                "note │ first line",
                "     │ second, which",
                "     │ is longer",
                "data │ blob, 10 B",
                "     │ 00 01 02 03",
                "     │ 04 05 06 07",
                "     │ 08 09",
                "big  │ blob, 40 B",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ FF FF FF FF",
                "     │ … 8 more bytes"
            ])
    }

    func testNoColorKeepsRolesDistinctWithAttributes() {
        XCTAssertNotEqual(Palette.monochrome(.null), Palette.monochrome(.normal))
        XCTAssertNotEqual(Palette.monochrome(.header), Palette.monochrome(.normal))
        XCTAssertNotEqual(Palette.monochrome(.error), Palette.monochrome(.normal))
        XCTAssertEqual(Palette.monochrome(.null).foreground, .default)
        XCTAssertTrue(StyleRole.allCases.allSatisfy { Palette.monochrome($0).foreground == .default })
    }
}

final class SQLCompactionTests: XCTestCase {
    func testLongPlaceholderListsAreShortened() {
        let many = "(" + Array(repeating: "?", count: 200).joined(separator: ", ") + ")"
        XCTAssertEqual(
            SQLPaneText.compacted(#"SELECT * FROM "a" WHERE "b" IN "# + many + " ORDER BY 1"),
            #"SELECT * FROM "a" WHERE "b" IN (?, ?, ?, … 200 values) ORDER BY 1"#)
        XCTAssertEqual(
            SQLPaneText.compacted(#"WHERE "b" IN (?, ?, ?) AND ("x", "y") IN (VALUES (?, ?))"#),
            #"WHERE "b" IN (?, ?, ?) AND ("x", "y") IN (VALUES (?, ?))"#)
        XCTAssertEqual(SQLPaneText.compacted("(?, ?"), "(?, ?")
        // The rows of a VALUES list (the orphan keys of a page's labels).
        let rows = Array(repeating: "(?)", count: 12).joined(separator: ", ")
        XCTAssertEqual(
            SQLPaneText.compacted("SELECT 1 FROM (VALUES \(rows)) WHERE x NOT IN (SELECT 1)"),
            "SELECT 1 FROM (VALUES (?), (?), (?), … 12 values) WHERE x NOT IN (SELECT 1)")
        let few = Array(repeating: "(?)", count: 8).joined(separator: ", ")
        XCTAssertEqual(SQLPaneText.compacted("VALUES \(few)"), "VALUES \(few)")
    }
}
