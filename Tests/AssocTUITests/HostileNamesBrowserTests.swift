import AssocCore
import AssocText
import Foundation
import XCTest

@testable import AssocTUI

/// Table and column names from the database in the browser's messages, prompts and export
/// default: never a raw control on screen, never a path outside the current directory.
final class HostileNamesBrowserTests: XCTestCase {
    static let esc = "\u{1B}"
    static let hostileNames = [
        "../../pwned", "/tmp/x", "a/b/c", "..", ".", "...", "-rf", "--help", ".hidden", " lead", "\\back\\slash",
        "t" + esc + "]0;title\u{07}", "c" + esc + "]52;c;SGVsbG8=\u{07}", "r" + esc + "[31mred" + esc + "[0m",
        "abc\u{202E}txt.exe", "line\nbreak", "\u{9B}31m", "émoji 👨‍👩‍👧", "",
        String(repeating: "long/", count: 100)
    ]

    func testDefaultExportNameIsAPlainSafeFileName() {
        let expected: [String: String] = [
            "../../pwned": "_.._pwned.json", "/tmp/x": "_tmp_x.json", "a/b/c": "a_b_c.json", "..": "export.json",
            ".": "export.json", "...": "export.json", "-rf": "rf.json", "--help": "help.json", ".hidden": "hidden.json",
            " lead": "lead.json", "\\back\\slash": "_back_slash.json", "t\u{1B}]0;title\u{07}": "t_]0;title_.json",
            "abc\u{202E}txt.exe": "abc_txt.exe.json", "nul\u{0}byte": "nul_byte.json", "line\nbreak": "line_break.json",
            "émoji 👨‍👩‍👧": "émoji 👨‍👩‍👧.json", "": "export.json", "Album": "Album.json"
        ]
        for (table, name) in expected {
            XCTAssertEqual(ExportFileName.defaultName(for: table), name, "\(table.debugDescription)")
        }
        for table in Self.hostileNames + ["x" + String(repeating: "ü", count: 400), String(repeating: "-", count: 300) + "z"] {
            let name = ExportFileName.defaultName(for: table)
            XCTAssertFalse(name.contains("/"), name)
            XCTAssertFalse(name.hasPrefix(".") || name.hasPrefix("-") || name.hasPrefix(" "), name)
            XCTAssertFalse(name.unicodeScalars.contains(where: Sanitizer.isUnsafe), name.debugDescription)
            XCTAssertLessThanOrEqual(name.utf8.count, 255, name)
            XCTAssertTrue(name.hasSuffix(".json"))
        }
    }

    func makeDatabase(_ names: [String]) throws -> Connection {
        let db = try Connection.inMemory()
        for (index, name) in names.enumerated() {
            let table = "\"" + name.replacing("\"", with: "\"\"") + "\""
            let column = "\"v" + Self.hostileNames[index % Self.hostileNames.count].replacing("\"", with: "\"\"") + "\""
            try db.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, \(column) TEXT)")
            try db.execute("INSERT INTO \(table) (\(column)) VALUES ('value " + String(index) + "')")
        }
        return db
    }

    /// The export of a table named `../../pwned` (and every other hostile name) with the default
    /// name lands in the current directory, under the safe name.
    func testDefaultExportStaysInTheCurrentDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("export-names-\(UUID().uuidString)")
        let current = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: current, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(current.path))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: root)
        }
        let names = Self.hostileNames.filter { !$0.isEmpty }
        let db = try makeDatabase(names)
        let schemaOrder = try SchemaIntrospector.read(db).tables.map(\.name)
        for (index, name) in schemaOrder.enumerated() {
            let keys: [KeyEvent] = Array(repeating: .down, count: index) + [.enter, .character("e"), .enter]
            let terminal = FakeTerminal(width: 120, height: 30, keys: keys)
            let app = BrowserApp(dataSource: try RequestDataSource(connection: db), terminal: terminal, title: "t.db")
            app.run()
            let expected = ExportFileName.defaultName(for: name)
            let written = current.appendingPathComponent(expected).path
            // One row, said in the singular; the file by its absolute path.
            XCTAssertTrue(
                app.state.message?.text.hasPrefix("Exported 1 row to \(Reducer.absolutePath(expected)) (JSON, the ") ?? false,
                "\(String(describing: app.state.message)) \(name.debugDescription)")
            XCTAssertTrue(Reducer.absolutePath(expected).hasSuffix("/" + expected))
            XCTAssertTrue(FileManager.default.fileExists(atPath: written), expected)
            try? FileManager.default.removeItem(atPath: written)  // ".", ".." and "..." share export.json
        }
        // Nothing was written above the current directory, or in /tmp under the table's name.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["a"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("a").path), ["b"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/x.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: current.path), [])
    }

    /// Opening each hostile table, a failing filter naming a hostile column, the request line and
    /// the export prompt: no cell of any drawn screen holds a control, escape or bidi override.
    func testHostileNamesInMessagesAndPromptsAreDrawnSafely() throws {
        let db = try makeDatabase(Self.hostileNames)
        let count = try SchemaIntrospector.read(db).tables.count
        var keys: [KeyEvent] = []
        for index in 0..<count {
            let column = "v" + Self.hostileNames[index % Self.hostileNames.count]
            keys += Array(repeating: .down, count: index) + [.enter]
            keys += [.character("/")] + ("no" + column + " == 1").map { KeyEvent.character($0) } + [.enter]
            keys += [.character(":"), .escape, .character("e"), .escape, .escape, .escape, .escape]
            keys += [.character("g")]
        }
        let terminal = FakeTerminal(width: 100, height: 24, keys: keys + [.character("q")])
        var sawError = false
        terminal.onDraw = { screen in
            let text = screen.textLines().joined(separator: "\n")
            XCTAssertFalse(text.unicodeScalars.contains { Sanitizer.isUnsafe($0) && $0 != "\n" }, text)
            if text.contains("no such column") || text.contains("nov") { sawError = true }
        }
        let app = BrowserApp(dataSource: try RequestDataSource(connection: db), terminal: terminal, title: "t\u{1B}]0;x\u{07}.db")
        app.run()
        XCTAssertGreaterThan(terminal.drawnCount, count * 5)
        XCTAssertTrue(sawError, "no filter error was drawn")
    }

    /// A table stored with an invalid UTF-8 name is listed (with U+FFFD) and opening it says why
    /// it cannot be read, instead of SQLite's bare "no such table".
    func testInvalidUTF8TableNameIsExplainedWhenOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("names.db").path
        do {
            let writer = try Connection(path: path, mode: .readWrite(create: true))
            try writer.execute("CREATE TABLE placeholder (id INTEGER PRIMARY KEY); CREATE TABLE ok (id INTEGER PRIMARY KEY)")
            let name: [UInt8] = [0x74, 0xFF, 0x1B, 0x5B, 0x32, 0x4A]  // "t", an invalid byte, ESC [2J
            let sql = Array("CREATE TABLE \"".utf8) + name + Array("\" (id INTEGER PRIMARY KEY)".utf8)
            try writer.execute("PRAGMA writable_schema = ON")
            try writer.execute(
                "UPDATE sqlite_schema SET name = CAST(?1 AS TEXT), tbl_name = CAST(?1 AS TEXT), sql = CAST(?2 AS TEXT) WHERE name = 'placeholder'",
                arguments: [.blob(name), .blob(sql)])
        }
        let terminal = FakeTerminal(width: 160, height: 24, keys: [.enter])
        let app = BrowserApp(dataSource: try RequestDataSource(connection: Connection(path: path)), terminal: terminal, title: "names.db")
        app.run()
        let message = try XCTUnwrap(app.state.message?.text)
        XCTAssertTrue(message.contains("not valid UTF-8"), message)
        let screen = try XCTUnwrap(terminal.screen).textLines().joined(separator: "\n")
        XCTAssertTrue(screen.contains("t\u{FFFD}␛[2J"), screen)
        XCTAssertTrue(screen.contains("not valid UTF-8"), screen)
        XCTAssertFalse(screen.unicodeScalars.contains { Sanitizer.isUnsafe($0) && $0 != "\n" })
    }
}
