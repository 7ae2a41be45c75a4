import AssocCore
import AssocText
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// The side pane zoomed to the whole body (`z`), the Swift code scrolled sideways, and `y`
/// copying the cell or the side pane's text, through OSC 52 or a clipboard command.
final class SidePaneZoomCopyTests: XCTestCase, ChinookBrowsing {
    final class RecordingClipboard: Clipboard {
        var copied: [String] = []
        func copy(_ text: String) throws -> String {
            copied.append(text)
            return "with the test's clipboard"
        }
    }

    func testZoomGivesTheSidePaneTheWholeBodyAndEscGivesItBack() throws {
        let app = try makeApp(width: 80, height: 24)
        try open(app, "Album")
        press(app, .character("z"))
        XCTAssertTrue(app.state.side.isMaximized)
        XCTAssertEqual(app.state.focus, .side)
        XCTAssertEqual(app.state.layout.panes, [.side: Rect(x: 0, y: 1, width: 80, height: 22)])
        let screen = lines(app)
        XCTAssertTrue(screen[1].hasPrefix("━ [SQL] Swift ━"), screen[1])
        XCTAssertEqual(TextWidth.width(of: screen[1]), 80)
        XCTAssertTrue(screen[2].hasPrefix("SELECT * FROM \"Album\""), screen[2])
        // The Swift tab, zoomed: more lines of code than the 9-line pane showed.
        press(app, .character("]"))
        XCTAssertEqual(app.state.side.tab, .swift)
        XCTAssertTrue(app.state.side.isMaximized)
        XCTAssertEqual(app.state.visibleLines(.side), 21)
        press(app, .escape)
        XCTAssertFalse(app.state.side.isMaximized)
        XCTAssertEqual(app.state.rows?.view.table, "Album", "Esc first un-zooms, it does not go back")
        XCTAssertNotNil(app.state.layout.panes[.rows])
    }

    func testTheSwiftCodeScrollsSideways() throws {
        let app = try makeApp(width: 80, height: 40)
        try open(app, "Track")
        press(app, .character("]"), .character("z"))
        let code = try XCTUnwrap(app.state.side.swiftCode?.text)
        let widest = code.split(separator: "\n").map { TextWidth.width(of: String($0)) }.max() ?? 0
        XCTAssertGreaterThan(widest, 80, "Track's code has lines wider than the screen")
        XCTAssertTrue(lines(app)[1].hasSuffix("z back ▶ ━"), lines(app)[1])
        let before = lines(app)
        press(app, .right)
        XCTAssertEqual(app.state.side.column, 20)
        let after = lines(app)
        // A line is the same text, 20 cells further left (a line that fits the screen, not cut at its edge).
        let index = try XCTUnwrap(before.indices.dropFirst(2).first { (41..<78).contains(TextWidth.width(of: before[$0])) })
        XCTAssertEqual(after[index], String(before[index].dropFirst(20)))
        XCTAssertTrue(after[1].contains("◀ z back"), after[1])
        press(app, .character("$"))
        XCTAssertEqual(app.state.side.column, widest - 80)
        press(app, .right)
        XCTAssertEqual(app.state.message?.text, "Already at the right edge")
        press(app, .character("0"))
        XCTAssertEqual(app.state.side.column, 0)
        press(app, .character("["), .right)
        XCTAssertEqual(app.state.message?.text, "The SQL wraps to the pane's width: nothing to scroll sideways")
    }

    func testYCopiesTheCellOrTheSidePanesWholeText() throws {
        let app = try makeApp(width: 100, height: 30)
        let clipboard = RecordingClipboard()
        app.clipboard = clipboard
        try open(app, "Album")
        press(app, .right, .character("y"))
        XCTAssertEqual(clipboard.copied, ["For Those About To Rock We Salute You"])
        XCTAssertEqual(app.state.message?.text, "Copied the cell Title (37 characters) with the test's clipboard")
        // The SQL pane: every statement whole, with its arguments (4 albums: no count statement).
        press(app, .tab, .tab, .character("y"))
        // The labels of ArtistId (`1 · AC/DC`) are read by a statement of the page too.
        XCTAssertEqual(
            clipboard.copied.last,
            """
            SELECT * FROM "Album" ORDER BY "AlbumId" LIMIT 200
            SELECT "ArtistId", substr("Name", 1, 200) FROM "Artist" WHERE "ArtistId" IN (?, ?)
            -- arguments: 1, 2
            """)
        press(app, .backTab, .backTab, .character("/"))
        type(app, "Title LIKE 'B%'")
        press(app, .enter, .tab, .tab, .character("y"))
        XCTAssertEqual(
            clipboard.copied.last,
            """
            SELECT * FROM "Album" WHERE "Title" LIKE ? ORDER BY "AlbumId" LIMIT 200
            -- arguments: 'B%'
            SELECT "ArtistId", substr("Name", 1, 200) FROM "Artist" WHERE "ArtistId" IN (?)
            -- arguments: 2
            """)
        press(app, .character("]"), .character("y"))
        XCTAssertEqual(clipboard.copied.last, app.state.side.swiftCode?.text)
        XCTAssertTrue(clipboard.copied.last?.hasPrefix("import GRDB") ?? false)
        press(app, .tab, .character("y"))
        XCTAssertEqual(app.state.focus, .tables)
        XCTAssertEqual(app.state.message?.text, "y copies the cell (Rows) or the side pane's text (SQL, Swift): Tab there first")
        XCTAssertEqual(clipboard.copied.count, 4)
    }

    func testOSC52OnlyWhenEnabledAndBase64() throws {
        let terminal = FakeTerminal(width: 80, height: 24)
        let none = SystemClipboard(osc52: false, terminal: terminal, environment: ["PATH": "/nonexistent"])
        XCTAssertThrowsError(try none.copy("secret")) { error in
            XCTAssertEqual(error as? ClipboardError, ClipboardError(message: SystemClipboard.howToEnable))
        }
        XCTAssertEqual(terminal.osc52, [], "never OSC 52 unless asked for")
        XCTAssertEqual(try SystemClipboard(osc52: true, terminal: terminal, environment: [:]).copy("hi"), "with OSC 52")
        XCTAssertEqual(try SystemClipboard(osc52: false, terminal: terminal, environment: ["ASSOC_OSC52": "1"]).copy("é\u{1B}"), "with OSC 52")
        XCTAssertEqual(terminal.osc52, ["hi", "é\u{1B}"])
        // The escape character travels as base64: nothing of the text reaches the terminal raw.
        XCTAssertEqual(FakeTerminal.osc52Sequence("hi"), "\u{1B}]52;c;aGk=\u{07}")
        XCTAssertEqual(FakeTerminal.osc52Sequence("é\u{1B}"), "\u{1B}]52;c;w6kb\u{07}")
    }

    func testAClipboardCommandGetsTheTextOnItsInput() throws {
        // A stand-in `xclip` on PATH that writes what it reads next to itself.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("xclip")
        try "#!/bin/sh\ncat > \"$(dirname \"$0\")/copied\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let environment = ["PATH": directory.path, "DISPLAY": ":0"]
        XCTAssertEqual(SystemClipboard.command(environment: environment)?.arguments, ["-selection", "clipboard"])
        XCTAssertNil(SystemClipboard.command(environment: ["PATH": directory.path]), "xclip only with an X display")
        let clipboard = SystemClipboard(osc52: false, terminal: FakeTerminal(width: 10, height: 10), environment: environment)
        XCTAssertEqual(try clipboard.copy("Björk\tAC/DC"), "with xclip")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("copied"), encoding: .utf8), "Björk\tAC/DC")
    }

    func testOSC52RefusesATextOverItsLimitWithAMessage() throws {
        let terminal = FakeTerminal(width: 80, height: 24)
        let clipboard = SystemClipboard(osc52: true, terminal: terminal, environment: [:])
        let limit = String(repeating: "a", count: SystemClipboard.osc52Limit)
        XCTAssertEqual(try clipboard.copy(limit), "with OSC 52")
        XCTAssertThrowsError(try clipboard.copy(limit + "é")) { error in
            XCTAssertEqual(
                (error as? ClipboardError)?.message,
                "1.0 MB is more than OSC 52 sends (1 MB): export it (e), or use wl-copy, xclip or xsel (without --osc52)")
        }
        XCTAssertEqual(terminal.osc52.count, 1, "nothing sent for the text over the limit")
    }

    func testAClipboardCommandThatDoesNotReadGetsTheTimeoutMessageForAnySize() throws {
        // A stand-in `xclip` that never reads its input.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("xclip")
        try "#!/bin/sh\nexec sleep 30\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let clipboard = SystemClipboard(
            osc52: false, terminal: FakeTerminal(width: 10, height: 10), environment: ["PATH": directory.path, "DISPLAY": ":0"])
        // Both sizes at once: each waits out the 2 s limit.
        let texts = ["small", String(repeating: "x", count: 4 << 20)]
        let messages = concurrentMap(texts) { text in
            do {
                _ = try clipboard.copy(text)
                return "copied"
            } catch {
                return (error as? ClipboardError)?.message ?? "\(error)"
            }
        }
        for (text, message) in zip(texts, messages) {
            XCTAssertEqual(message, "xclip did not finish within 2 s", "\(text.utf8.count) bytes")
        }
    }
}
