import AssocCore
import XCTest

@testable import AssocTUI

final class BrowserRenderTests: XCTestCase {
    func makeDatabase() throws -> Connection {
        let db = try Connection.inMemory()
        try db.execute(
            """
            CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE album(id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT, price REAL);
            INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Björk'), (3, NULL), (4, 'NULL');
            INSERT INTO album VALUES (1, 1, 'Back in Black', 9.99), (2, 2, 'Homogenic', NULL), (3, 2, '漢字 Title', 10.0);
            """)
        return db
    }

    func makeSource(_ db: Connection) throws -> RequestDataSource {
        try RequestDataSource(connection: db)
    }

    func run(_ keys: [KeyEvent], width: Int = 80, height: Int = 24) throws -> (BrowserApp, FakeTerminal) {
        let db = try makeDatabase()
        let terminal = FakeTerminal(width: width, height: height, keys: keys)
        let app = BrowserApp(dataSource: try makeSource(db), terminal: terminal, title: "music.db")
        app.run()
        return (app, terminal)
    }

    func testOpeningATableRendersTheWholeScreen() throws {
        let (app, terminal) = try run([.enter])
        XCTAssertEqual(app.state.focus, .rows)
        let expected = """
            music.db › artist
            ─ Tables ─────── 2 ─│━ Rows: artist ━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 1/4 · col 1/2 ━
            artist             4│id │ name
            album              3│ 1 │ AC/DC
                                │ 2 │ Björk
                                │ 3 │ ∅
                                │ 4 │ NULL
                                │
                                │
                                │
                                │
                                │
                                │
                                │
                                │
            ─ Links: artist  1 ─│
            ⇉ albums 1 hasMany …│
                                │
                                │─ [SQL] Swift ─────────────────────────────────────────────
                                │SELECT * FROM "artist" ORDER BY "id" LIMIT 200
                                │-- keyset paging on id
                                │-- shown uncut: values ran cut to 20000 characters
                                │
            Tab pane  Enter open  Bksp back  v record  ? help  q quit  + include  t join
            """
        let screen = try XCTUnwrap(terminal.screen)
        XCTAssertEqual(screen.textLines(), expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        // NULL is ∅ in its own role; the text 'NULL' is text.
        XCTAssertEqual(screen.cell(x: 27, y: 5).role, .null)
        XCTAssertEqual(screen.cell(x: 27, y: 6).role, .normal)
        // Numbers are right-aligned in role .number; the selected row is highlighted, its current
        // cell (the first column) stands out in role .selection.
        XCTAssertEqual(screen.cell(x: 22, y: 4).role, .number)
        XCTAssertEqual(screen.cell(x: 22, y: 3).role, .selection)
        XCTAssertFalse(screen.cell(x: 22, y: 3).highlighted)
        XCTAssertTrue(screen.cell(x: 30, y: 3).highlighted)
        XCTAssertFalse(screen.cell(x: 30, y: 4).highlighted)
        // SQL keywords are highlighted.
        XCTAssertEqual(screen.cell(x: 21, y: 19).role, .sqlKeyword)
        XCTAssertEqual(screen.cell(x: 30, y: 19).role, .sqlKeyword)  // FROM
        XCTAssertEqual(screen.cell(x: 36, y: 19).role, .normal)  // "artist"
    }

    func testWideValuesAndRealsInTheGrid() throws {
        let (_, terminal) = try run([.down, .enter])
        let lines = try XCTUnwrap(terminal.screen).textLines()
        // artistId shows its artist's name beside the key (`L` hides it).
        XCTAssertEqual(lines[2], "artist             4│id │ artistId  │ title         │ price")
        XCTAssertEqual(lines[3], "album              3│ 1 │ 1 · AC/DC │ Back in Black │  9.99")
        XCTAssertEqual(lines[4], "                    │ 2 │ 2 · Björk │ Homogenic     │ ∅")
        // 漢字 takes 4 cells: "漢字 Title" is 10 cells, padded with 3 spaces to 13.
        XCTAssertEqual(lines[5], "                    │ 3 │ 2 · Björk │ 漢字 Title    │  10.0")
        XCTAssertEqual(lines[16], "→ artist belongsTo …│")
    }

    func testBackRestoresTheCursorThroughTheApp() throws {
        let (app, terminal) = try run([.enter, .character("j"), .character("j"), .backTab, .down, .enter, .backspace])
        XCTAssertEqual(app.state.rows?.view.table, "artist")
        XCTAssertEqual(app.state.rows?.cursor.index, 2)
        XCTAssertEqual(app.state.focus, .tables)
        XCTAssertEqual(try XCTUnwrap(terminal.screen).textLines()[0], "music.db › artist")
        XCTAssertTrue(terminal.screen?.cell(x: 30, y: 5).highlighted ?? false)  // third row
    }

    func testRecordViewShowsOneRowVertically() throws {
        let (_, terminal) = try run([.down, .enter, .character("j"), .character("v")], width: 40, height: 10)
        let lines = try XCTUnwrap(terminal.screen).textLines()
        XCTAssertEqual(
            Array(lines[1...5]),
            [
                "━ Record 2/3: album ━━━━━━━ Esc closes ━",
                "id       │ 2",
                "artistId │ 2 · Björk",  // the key's label (L), as in the grid
                "title    │ Homogenic",
                "price    │ ∅"
            ])
    }

    func testHelpListsKeysByGroup() throws {
        let (_, terminal) = try run([.character("?")])
        let lines = try XCTUnwrap(terminal.screen).textLines()
        XCTAssertEqual(lines[1], "━ Help: keys by group ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ Esc closes ━")
        XCTAssertEqual(lines[2], " Move")
        XCTAssertEqual(lines[3], " ↑ k           previous row")
    }

    func testAKeyWithNothingToDoSaysWhyOnTheHintLine() throws {
        let (app, terminal) = try run([.character("y")])
        XCTAssertFalse(app.state.isFinished)
        XCTAssertEqual(
            try XCTUnwrap(terminal.screen).textLines()[23],
            "y copies the cell (Rows) or the side pane's text (SQL, Swift): Tab there first")
    }

    func testQuitEndsTheLoop() throws {
        let (app, terminal) = try run([.character("q"), .enter])
        XCTAssertTrue(app.state.isFinished)
        XCTAssertEqual(terminal.pendingKeys, [.enter])
    }

    func testHostileValuesNeverReachTheTerminal() throws {
        let db = try Connection.inMemory()
        try db.execute("CREATE TABLE \"we\"\"ird\u{1B}[2J\"(v)")
        let hostile = ["\u{1B}[31mred", "\u{1B}]52;c;ZXZpbA==\u{07}", "a\u{202E}evil", "nul\u{0}x", "csi\u{9B}2J", "two\nlines"]
        for value in hostile {
            try db.execute("INSERT INTO \"we\"\"ird\u{1B}[2J\" VALUES (?)", arguments: [.text(value)])
        }
        let source = try RequestDataSource(connection: db)
        for size in [(80, 24), (20, 5), (33, 9)] {
            let terminal = FakeTerminal(
                width: size.0, height: size.1,
                keys: [.enter, .character("v"), .escape, .tab, .tab, .character("?")])
            terminal.onDraw = { screen in assertNoForbiddenScalar(screen) }
            let app = BrowserApp(dataSource: source, terminal: terminal, title: "evil\u{1B}]0;x\u{07}.db")
            app.run()
        }
        let page = try source.page(of: RequestView(table: "we\"ird\u{1B}[2J"), offset: 0, limit: 2, totalCount: nil)
        XCTAssertEqual(page.statements.first?.sql, "SELECT *, \"rowid\" FROM \"we\"\"ird\u{1B}[2J\" ORDER BY \"rowid\" LIMIT 2")
        XCTAssertEqual(page.rows, [[.text("\u{1B}[31mred")], [.text("\u{1B}]52;c;ZXZpbA==\u{07}")]])
    }

    func testEverySmallSizeRendersWithoutTrapping() throws {
        let db = try makeDatabase()
        let source = try makeSource(db)
        let terminal = FakeTerminal(width: 80, height: 24)
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "music.db")
        app.start()
        app.handle(.down)
        app.handle(.enter)
        app.runAllDeferred()
        for width in 0...40 {
            for height in 0...12 {
                terminal.size = Size(width: width, height: height)
                app.handle(.resize)
                for key: KeyEvent in [.tab, .down, .character("l"), .character("$")] {
                    app.handle(key)
                    let screen = ScreenRenderer.render(app.state)
                    XCTAssertEqual(screen.textLines().count, height)
                }
            }
        }
        app.handle(.character("v"))
        XCTAssertGreaterThan(ScreenRenderer.render(app.state).textLines().joined().count, 0)
    }
}

/// A paste into a prompt: every character lands, the text has one owner (no copy per key), and the
/// screen is drawn once per burst, not once per character.
final class PromptPasteTests: XCTestCase {
    func testAPasteIsTakenInWithFewFrames() throws {
        let db = try Connection.inMemory()
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a');")
        let pasted = String(repeating: "x", count: 100_000)
        let keys: [KeyEvent] = [.enter, .character("/")] + pasted.map { KeyEvent.character($0) } + [.character("!")]
        let terminal = FakeTerminal(width: 80, height: 24, keys: keys)
        terminal.settlesBeforeEachKey = false
        let app = BrowserApp(dataSource: try RequestDataSource(connection: db), terminal: terminal, title: "t.db")
        app.run()
        XCTAssertEqual(app.state.prompt?.text, pasted + "!")
        XCTAssertLessThan(terminal.drawnCount, 1_000, "one frame per burst, not per character")
        // Wrapped on the lines above the hint line, from a window around the cursor: "…" says
        // the text starts before it.
        let screen = terminal.screen?.textLines() ?? []
        let promptLine = screen.dropLast().last ?? ""
        XCTAssertTrue(screen.contains { $0.hasPrefix("/…xxxx") }, screen.joined(separator: "\n"))
        XCTAssertTrue(promptLine.trimmingCharacters(in: .whitespaces).hasSuffix("x!"), promptLine)
    }
}
