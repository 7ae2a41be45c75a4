import AssocCore
import AssocText
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// Side-pane tabs, the schema map, export and the mouse, driven through the app on the
/// Chinook-like fixture (tables in schema order: Artist, ArtistBio, Album, …).
final class BrowserToolsTests: XCTestCase {
    func app(_ keys: [KeyEvent], width: Int = 80, height: Int = 24, database: Database? = nil) throws -> (BrowserApp, FakeTerminal) {
        let terminal = FakeTerminal(width: width, height: height, keys: keys)
        let source = RequestDataSource(database: try database ?? ChinookFixture.database())
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
        app.run()
        return (app, terminal)
    }

    func screen(_ terminal: FakeTerminal) -> [String] { terminal.screen?.textLines() ?? [] }

    // MARK: Side pane tabs

    func testBracketsSwitchTheSidePaneBetweenSQLAndSwift() throws {
        let (swift, terminal) = try app([.enter, .character("]")])
        XCTAssertEqual(swift.state.side.tab, .swift)
        let lines = screen(terminal)
        XCTAssertTrue(lines.contains { $0.contains("─ SQL [Swift] ─") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasSuffix("│import GRDB") }, lines.joined(separator: "\n"))
        let (back, backTerminal) = try app([.enter, .character("]"), .character("[")])
        XCTAssertEqual(back.state.side.tab, .sql)
        XCTAssertTrue(screen(backTerminal).contains { $0.hasSuffix("│SELECT * FROM \"Artist\" ORDER BY \"ArtistId\" LIMIT 200") })
        let (hidden, _) = try app([.enter, .character("]"), .character("b")])
        XCTAssertFalse(hidden.state.side.isShown)
        XCTAssertNil(hidden.state.layout.panes[.side])
    }

    func testSwiftCodeIsAskedOncePerViewOnlyWhenTheSwiftTabShows() {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: RequestView(table: "Album"))
        XCTAssertEqual(Reducer.reduce(&state, .action(.moveDown)), [])  // SQL tab: nothing asked
        XCTAssertEqual(Reducer.reduce(&state, .action(.nextTab)), [.swiftCode(RequestView(table: "Album"))])
        XCTAssertEqual(Reducer.reduce(&state, .action(.moveDown)), [])  // asked already
        _ = Reducer.reduce(&state, .swiftGenerated(SwiftCodeState(view: RequestView(table: "Album"), text: "a\nb\n", isError: false)))
        XCTAssertEqual(SwiftPaneText.lines(state, width: 40).map { $0.map(\.text).joined() }, ["a", "b"])
    }

    func testSwiftTabScrollsWithJAndK() throws {
        // Artist's code is longer than the side pane, which shows 4 of its lines at 80×24.
        let (app, terminal) = try app([.enter, .character("]"), .tab, .tab, .character("j"), .character("j")])
        XCTAssertEqual(app.state.focus, .side)
        XCTAssertEqual(app.state.side.scroll, 2)
        let lines = screen(terminal)
        XCTAssertTrue(lines[19].hasSuffix("│struct Artist: Codable, FetchableRecord, TableRecord {"), lines.joined(separator: "\n"))
    }

    // MARK: Schema map

    func testSchemaMapDrawsTheTreeAroundTheCurrentTable() throws {
        let (map, terminal) = try app([.character("m")])
        XCTAssertEqual(map.state.schemaMap?.table, "Artist")
        let lines = screen(terminal)
        // The tree around Artist, written from the fixture's schema.
        let expected = [
            "━ Schema map: Artist ━",
            " Artist",
            " ├─↣ artistBio: ArtistBio",
            " │ └─→ artist: Artist …",
            " ├─⇉ albums: Album",
            " │ ├─→ artist: Artist …",
            " │ ├─⇉ tracks: Track",
            " │ ├─⤳ artistBio: ArtistBio (via artist.artistBio)"
        ]
        for (offset, text) in expected.enumerated() {
            XCTAssertTrue(lines[1 + offset].hasPrefix(text), "line \(1 + offset): \(lines[1 + offset])")
        }
    }

    func testSchemaMapEnterRecentresThenOpensAndEscCloses() throws {
        // j j j: the `albums: Album` line; Enter re-centres on Album.
        let (centred, _) = try app([.character("m"), .character("j"), .character("j"), .character("j"), .enter])
        XCTAssertEqual(centred.state.schemaMap?.table, "Album")
        XCTAssertEqual(centred.state.schemaMap?.lines.first?.table, "Album")
        // Enter on the root line opens the table.
        let (opened, _) = try app([.character("m"), .character("j"), .character("j"), .character("j"), .enter, .enter])
        XCTAssertNil(opened.state.schemaMap)
        XCTAssertEqual(opened.state.rows?.view, RequestView(table: "Album"))
        XCTAssertEqual(opened.state.selectedTable?.name, "Album")
        // A click on the `albums: Album` line (screen line 5: title at 1, root at 2) selects it.
        let (clicked, _) = try app([.character("m"), .mouse(x: 10, y: 5, kind: .click), .enter])
        XCTAssertEqual(clicked.state.schemaMap?.table, "Album")
        let (closed, _) = try app([.character("m"), .escape])
        XCTAssertNil(closed.state.schemaMap)
        XCTAssertNil(closed.state.rows)
    }

    // MARK: Export

    func temporaryPath(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.appendingPathComponent(name).path
    }

    func type(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    func testExportPromptDefaultsToTheTableAndWritesJSON() throws {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: RequestView(table: "Album"))
        _ = Reducer.reduce(&state, .action(.export))
        XCTAssertEqual(state.exportPrompt?.text, "Album.json")
        XCTAssertEqual(Reducer.reduce(&state, .promptKey(.backspace)), [])
        XCTAssertEqual(state.exportPrompt?.text, "Album.jso")
        _ = Reducer.reduce(&state, .promptKey(.control("u")))
        _ = Reducer.reduce(&state, .promptKey(.character("a")))
        XCTAssertEqual(Reducer.reduce(&state, .promptKey(.enter)), [.export(RequestView(table: "Album"), path: "a", replacing: .never)])

        let path = temporaryPath("albums.json")
        let (app, terminal) = try app([.down, .down, .enter, .character("e"), .control("u")] + type(path) + [.enter], width: 160)
        XCTAssertNil(app.state.exportPrompt)
        XCTAssertEqual(app.state.message?.text, "Exported 4 rows to \(path) (JSON, the 3 columns of the view, all on screen; E exports every column)")
        // The progress was drawn while writing.
        XCTAssertTrue(
            terminal.recentFrames.contains { screen in
                let line = screen.textLines().last ?? ""
                return line.hasPrefix("Exporting to \(path): 4 / 4 rows") && line.hasSuffix("… (Esc cancels)")
            })
        let written = try String(contentsOfFile: path, encoding: .utf8)
        // The fetch JSON contract, byte for byte (its shape written by hand for the first row).
        let db = try ChinookFixture.database()
        XCTAssertEqual(written, try RowJSON.render(db.fetchAll(Table("Album").all)))
        XCTAssertTrue(written.hasPrefix("[\n  {\"AlbumId\": 1, \"Title\": \"For Those About To Rock We Salute You\", \"ArtistId\": 1},\n"), written)
    }

    /// The suggested name is replaced by a name typed over it (an absolute path typed after it
    /// made `Album.json/tmp/x.csv`), edited after Backspace.
    func testTypingOverTheSuggestedNameReplacesIt() {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: RequestView(table: "Album"))
        _ = Reducer.reduce(&state, .action(.export))
        for key in type("/tmp/x.csv") { _ = Reducer.reduce(&state, .promptKey(key)) }
        XCTAssertEqual(state.exportPrompt?.text, "/tmp/x.csv")

        _ = Reducer.reduce(&state, .promptKey(.escape))
        _ = Reducer.reduce(&state, .action(.export))
        for key in [KeyEvent.backspace] + type("n.csv") { _ = Reducer.reduce(&state, .promptKey(key)) }
        XCTAssertEqual(state.exportPrompt?.text, "Album.json.csv")
    }

    /// At 80 columns the name and its cursor come first and stay in view, whatever its length;
    /// the help after them is what gets cut.
    func testTheNameBeingTypedStaysInViewAtEightyColumns() {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        state.rows = RowsState(view: RequestView(table: "Album"))
        _ = Reducer.reduce(&state, .action(.export))
        let last = { ScreenRenderer.render(state).textLines().last ?? "" }
        XCTAssertTrue(last().hasPrefix("Export to: Album.json▏  · typing replaces the name, Backspace edits it; "), last())
        XCTAssertEqual(TextWidth.width(of: last().trimmingCharacters(in: .whitespaces)), 80, last())

        let long = "/tmp/" + String(repeating: "d", count: 90) + "/rows.csv"
        for key in type(long) { _ = Reducer.reduce(&state, .promptKey(key)) }
        XCTAssertEqual(state.exportPrompt?.text, long)
        let line = last()
        XCTAssertTrue(line.hasPrefix("Export to: …ddd"), line)
        XCTAssertTrue(line.hasSuffix("d/rows.csv▏"), line)
        XCTAssertEqual(TextWidth.width(of: line), 80, line)
        XCTAssertFalse(line.contains("typing replaces"), line)
    }

    func testExportNeverReplacesAFileWithoutConfirmation() throws {
        let path = temporaryPath("artists.csv")
        try "keep me".write(toFile: path, atomically: true, encoding: .utf8)
        let keys: [KeyEvent] = [.enter, .character("e"), .control("u")] + type(path) + [.enter]
        let (asked, _) = try app(keys)
        XCTAssertEqual(asked.state.exportPrompt?.stage, .confirmOverwrite(try FileDestination.resolve(path)))
        XCTAssertEqual(asked.state.exportPrompt?.line, "\(path) exists: overwrite it? (y/N)")
        let (refused, _) = try app(keys + [.character("n")])
        XCTAssertNil(refused.state.exportPrompt)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "keep me")
        let (confirmed, _) = try app(keys + [.character("y")])
        XCTAssertEqual(
            confirmed.state.message?.text, "Exported 3 rows to \(path) (CSV, the 2 columns of the view, all on screen; E exports every column)")
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "ArtistId,Name\r\n1,AC/DC\r\n2,Accept\r\n3,Aerosmith\r\n")
    }

    func testExporterStreamsWithProgressAndIncludes() throws {
        let db = try ChinookFixture.database()
        let track = Table("Track")
        let request = track.including(optional: track.album.including(required: Table("Album").artist))
        let path = temporaryPath("tracks.json")
        var progress: [[Int]] = []
        let written = try RequestExporter(db: db, progressEvery: 3).export(request, to: path, format: .json, replacing: .never) {
            progress.append([$0.written, $0.total])
            return true
        }
        XCTAssertEqual(written, 7)
        XCTAssertEqual(progress, [[3, 7], [6, 7], [7, 7]])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try RowJSON.render(db.fetchAll(request.orderedTotally())))
        // By key: the same file, read by one statement ordered by the key (no pages, no OFFSET).
        let byKey = temporaryPath("tracks-by-key.json")
        let recorder = StatementRecorder(db.connection)
        XCTAssertEqual(
            try RequestExporter(db: db, progressEvery: 3).export(
                request, to: byKey, format: .json, replacing: .never, order: [Ordering(Column("TrackId").expression)]), 7)
        XCTAssertEqual(try String(contentsOfFile: byKey, encoding: .utf8), try String(contentsOfFile: path, encoding: .utf8))
        let statements = recorder.sql.filter { !$0.contains("COUNT") }
        XCTAssertEqual(statements.count, 1)
        XCTAssertTrue(statements[0].hasSuffix("ORDER BY \"Track\".\"TrackId\""), statements[0])
        // An empty view is an empty array.
        let empty = temporaryPath("none.json")
        XCTAssertEqual(try RequestExporter(db: db).export(track.filter(Column("TrackId") > 100), to: empty, format: .json, replacing: .never), 0)
        XCTAssertEqual(try String(contentsOfFile: empty, encoding: .utf8), "[]\n")
        let existing = try FileDestination.resolve(path)
        XCTAssertThrowsError(try RequestExporter(db: db).export(request, to: path, format: .json, replacing: .never)) {
            XCTAssertEqual($0 as? FileWriteError, .exists(existing))
        }
    }

    /// A prefetching view goes out chunk by chunk (one parent per chunk here): the same file as
    /// the JSON of fetchAll, and CSV likewise.
    func testExporterWritesPrefetchedRowsChunkByChunk() throws {
        let db = try ChinookFixture.database()
        let artist = Table("Artist")
        let request = artist.including(all: artist.association("albums").including(all: Table("Album").association("tracks")))
        let tiny = CursorChunking(maximumParents: 1, rowBudget: 1)
        for format in [ExportFormat.json, .csv] {
            let path = temporaryPath("artists.\(format.rawValue)")
            let written = try RequestExporter(db: db, chunking: tiny).export(
                request, to: path, format: format, replacing: .never, order: [Ordering(Column("ArtistId").expression)])
            let rows = try db.fetchAll(request.order(Column("ArtistId")))
            XCTAssertEqual(written, rows.count)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), format == .json ? try RowJSON.render(rows) : try RowCSV.render(rows))
        }
    }

    func testCancelledExportSaysNothingWasWritten() {
        var state = AppState(title: "t", size: Size(width: 80, height: 24))
        state.exportPrompt = ExportPrompt(
            view: RequestView(table: "Album"), text: "/tmp/a.json",
            stage: .running(ExportProgress(written: 5, total: 9, rowsPerSecond: 10)))
        XCTAssertEqual(state.exportPrompt?.line, "Exporting to /tmp/a.json: 5 / 9 rows, 10 rows/s… (Esc cancels)")
        _ = Reducer.reduce(&state, .export(.cancelled))
        XCTAssertNil(state.exportPrompt)
        XCTAssertEqual(state.message?.text, "Export cancelled: nothing written to /tmp/a.json")
    }

    /// Progress returning false stops the export and removes the partial file; the rate is reported.
    func testExportCancelledFromProgressRemovesTheFile() throws {
        let db = try ChinookFixture.database()
        let path = temporaryPath("cancelled.json")
        var reports: [ExportProgress] = []
        XCTAssertThrowsError(
            try RequestExporter(db: db, progressEvery: 2).export(Table("Track").all, to: path, format: .json, replacing: .never) {
                reports.append($0)
                return $0.written < 4
            }
        ) { XCTAssertEqual($0 as? FileWriteError, .cancelled(path: path)) }
        XCTAssertEqual(reports.map(\.written), [2, 4])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertTrue(reports.allSatisfy { $0.rowsPerSecond >= 0 && $0.total == 7 })
    }

    // MARK: Mouse

    func testMouseDecoding() {
        XCTAssertEqual(NcursesTerminal.mouse(x: 3, y: 4, kind: 1), .mouse(x: 3, y: 4, kind: .click))
        XCTAssertEqual(NcursesTerminal.mouse(x: 0, y: 0, kind: 2), .mouse(x: 0, y: 0, kind: .wheelUp))
        XCTAssertEqual(NcursesTerminal.mouse(x: 9, y: 1, kind: 3), .mouse(x: 9, y: 1, kind: .wheelDown))
        XCTAssertNil(NcursesTerminal.mouse(x: 9, y: 1, kind: 0))
        XCTAssertNil(NcursesTerminal.mouse(x: -1, y: 1, kind: 1))
    }

    func testMouseTargetsFollowTheLayout() throws {
        // 80×24: left column 20 wide (Tables y 1…14: (22 × 3 + 4) / 5 lines; Links 15…22), separator x 20, Rows from x 21
        // (y 1…17), side pane y 18…22 (its title line: "─ [SQL] Swift ─").
        let (app, _) = try app([.enter])
        let state = app.state
        XCTAssertEqual(state.layout.panes[.tables], Rect(x: 0, y: 1, width: 20, height: 14))
        XCTAssertEqual(state.layout.panes[.rows], Rect(x: 21, y: 1, width: 59, height: 17))
        XCTAssertEqual(state.layout.panes[.side], Rect(x: 21, y: 18, width: 59, height: 5))
        XCTAssertEqual(Reducer.mouseTarget(x: 5, y: 1, in: state), .pane(.tables))
        XCTAssertEqual(Reducer.mouseTarget(x: 5, y: 3, in: state), .item(.tables, 1))
        XCTAssertEqual(Reducer.mouseTarget(x: 5, y: 12, in: state), .pane(.tables))  // below the 9 tables
        XCTAssertEqual(Reducer.mouseTarget(x: 30, y: 2, in: state), .pane(.rows))  // grid header
        XCTAssertEqual(Reducer.mouseTarget(x: 30, y: 4, in: state), .item(.rows, 1))
        XCTAssertEqual(Reducer.mouseTarget(x: 30, y: 6, in: state), .pane(.rows))  // after the 3 artists
        XCTAssertEqual(Reducer.mouseTarget(x: 23, y: 18, in: state), .sideTab(.sql))  // "[SQL]" at x 23…27
        XCTAssertEqual(Reducer.mouseTarget(x: 29, y: 18, in: state), .sideTab(.swift))  // "Swift" at x 29…33
        XCTAssertEqual(Reducer.mouseTarget(x: 40, y: 18, in: state), .pane(.side))
        XCTAssertEqual(Reducer.mouseTarget(x: 20, y: 5, in: state), .nothing)  // the separator
    }

    func testClicksSelectAndTheWheelScrolls() throws {
        let (clicked, _) = try app([.enter, .mouse(x: 30, y: 5, kind: .click)])
        XCTAssertEqual(clicked.state.focus, .rows)
        XCTAssertEqual(clicked.state.rows?.cursor.index, 2)
        XCTAssertEqual(clicked.state.rows?.column.index, 0)
        // Artist's grid: "ArtistId" (x 21…28), " │ " (x 29…31), "Name" from x 32.
        let (cell, _) = try app([.enter, .mouse(x: 33, y: 5, kind: .click)])
        XCTAssertEqual(cell.state.rows?.cursor.index, 2)
        XCTAssertEqual(cell.state.rows?.column.index, 1)
        let (tables, _) = try app([.enter, .mouse(x: 3, y: 4, kind: .click)])
        XCTAssertEqual(tables.state.focus, .tables)
        XCTAssertEqual(tables.state.tablesPane.cursor.index, 2)
        let (tab, _) = try app([.enter, .mouse(x: 29, y: 18, kind: .click)])
        XCTAssertEqual(tab.state.side.tab, .swift)
        XCTAssertEqual(tab.state.focus, .side)
        let (wheel, _) = try app([
            .mouse(x: 3, y: 5, kind: .wheelDown), .mouse(x: 3, y: 5, kind: .wheelDown),
            .mouse(x: 3, y: 5, kind: .wheelUp)
        ])
        XCTAssertEqual(wheel.state.focus, .tables)
        XCTAssertEqual(wheel.state.tablesPane.cursor.index, 3)
    }
}
