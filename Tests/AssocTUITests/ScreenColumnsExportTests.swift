import AssocCore
import Foundation
import XCTest

@testable import AssocTUI

/// Issue 29 item 13: `e` exports exactly the columns on screen, in screen order (pinned first);
/// `E` exports every column of the request, the hidden root columns too.
final class ScreenColumnsExportTests: XCTestCase, ChinookBrowsing {
    private func export(_ app: BrowserApp, key: Character, to file: String) throws -> String {
        press(app, .character(key), .control("u"))
        type(app, file)
        press(app, .enter)
        for _ in 0..<200 where app.state.exportPrompt != nil {
            usleep(10_000)
            app.runAllDeferred()
        }
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    func testEExportsTheScreenColumnsAndShiftEEveryColumn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try makeApp(width: 140, height: 30)
        try open(app, "Album")
        try follow(app, "tracks")  // Track, with its Links pane on genre
        press(app, .character("+"))  // include genre
        XCTAssertTrue(app.state.rows?.columns.contains { $0.header == "genre.Name" } ?? false)
        // Hide a root column (leaves the request's selection) and an included one (grid only).
        for _ in 0..<5 where app.state.focus != .rows { press(app, .tab) }
        let composer = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "Composer" })
        press(app, .character("0"))
        for _ in 0..<composer { press(app, .right) }
        press(app, .character("x"))
        let genreId = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "genre.GenreId" })
        press(app, .character("0"))
        for _ in 0..<genreId { press(app, .right) }
        press(app, .character("x"))
        // Pin Name.
        let name = try XCTUnwrap(app.state.rows?.columns.firstIndex { $0.header == "Name" })
        press(app, .character("0"))
        for _ in 0..<name { press(app, .right) }
        press(app, .character("!"))
        let screen = try XCTUnwrap(app.state.rows?.columns.map(\.header))
        XCTAssertEqual(Array(screen.prefix(2)), ["TrackId", "Name"])

        let shown = try export(app, key: "e", to: directory + "/shown.csv")
        let shownLines = shown.components(separatedBy: "\r\n")
        XCTAssertEqual(shownLines.first, screen.joined(separator: ","))
        // The first row's values, in the same order as the grid's first row.
        let gridRow = try XCTUnwrap(app.state.rows?.rows.first).map { value -> String in
            switch value {
            case .null: return ""
            case .integer(let v): return String(v)
            case .real(let v): return RealText.readable(v)
            case .text(let t): return t.contains(",") ? "\"" + t + "\"" : t
            case .blob: return "?"
            }
        }
        XCTAssertEqual(shownLines.dropFirst().first, gridRow.joined(separator: ","))
        XCTAssertTrue(shown.contains("Rock"), shown)
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("the \(screen.count) columns of the view, "), message)
        XCTAssertTrue(message.hasSuffix(" on screen; E exports every column)"), message)

        let all = try export(app, key: "E", to: directory + "/all.json")
        XCTAssertTrue(all.contains("\"Composer\""), all)
        XCTAssertTrue(all.contains("\"GenreId\""), all)
        XCTAssertTrue(
            app.state.message?.text.contains("every column of the request") ?? false,
            "\(String(describing: app.state.message))")
    }
}
