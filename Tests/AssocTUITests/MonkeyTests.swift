import AssocCore
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

typealias MonkeyRandom = SeededRandom

/// The fast monkey: random keys and resizes (10,000; 100,000 under `ASSOC_FULL_TESTS=1`;
/// `ASSOC_MONKEY_EVENTS` chooses) through the real loop pieces (key → reducer → data source on the
/// Chinook-like fixture and on hostile data → renderer → fake terminal), with the state's
/// invariants checked after every event. `ASSOC_SEED` replays.
final class MonkeyTests: XCTestCase {
    static let specialKeys: [KeyEvent] = [
        .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .delete,
        .tab, .backTab, .function(1), .function(5), .control("b"), .control("f"), .control("u"), .control("d"), .control("x")
    ]

    static func randomKey(_ random: inout MonkeyRandom) -> KeyEvent {
        let bound = Keymap.bindings.flatMap(\.keys)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55: return bound.randomElement(using: &random) ?? .enter
        case 55..<80: return specialKeys.randomElement(using: &random) ?? .enter
        default:
            let scalars: [UInt32] = [0x20, 0x21, 0x7E, 0xE9, 0x4E2D, 0x1F600]
            let value =
                Int.random(in: 0..<3, using: &random) == 0
                ? scalars.randomElement(using: &random) ?? 0x41
                : UInt32.random(in: 0x21...0x7E, using: &random)
            return Unicode.Scalar(value).map { .character(Character($0)) } ?? .enter
        }
    }

    func hostileDatabase() throws -> Database {
        return try TestDatabase.make(
            """
            CREATE TABLE h (k TEXT PRIMARY KEY, v TEXT, "c\u{1B}[31m" BLOB);
            INSERT INTO h VALUES ('a', char(27) || ']52;c;SEVMTE9DTElQ' || char(7), X'00FF9B');
            INSERT INTO h VALUES (char(8238) || 'b', CAST(X'41FFFE42C3' AS TEXT), NULL);
            INSERT INTO h VALUES ('', 'before' || char(0) || 'after', 1e308);
            CREATE TABLE child (id INTEGER PRIMARY KEY, hk TEXT REFERENCES h(k), hk2 TEXT REFERENCES h(k));
            INSERT INTO child VALUES (1, 'a', char(8238) || 'b'), (2, 'missing', NULL), (3, '', 'a');
            CREATE VIEW v AS SELECT * FROM child JOIN h ON h.k = child.hk;
            """)
    }

    func testRandomEventsNeverTrap() throws {
        let total = TestVolume.count(quick: 10_000, full: 100_000, variable: "ASSOC_MONKEY_EVENTS")
        var random = MonkeyRandom(seed: randomSeed())
        let databases = [("chinook", try ChinookFixture.database()), ("hostile", try hostileDatabase())]
        // Random `e` exports write relative paths: run in a scratch directory, never the repository.
        let leave = try enterScratchDirectory("assoc-monkey")
        defer { leave() }
        var quits = 0
        for (name, database) in databases {
            let source = RequestDataSource(database: database)
            let terminal = FakeTerminal(width: 80, height: 24)
            var app = BrowserApp(dataSource: source, terminal: terminal, title: name)
            app.start()
            for step in 0..<(total / databases.count) {
                if Int.random(in: 0..<20, using: &random) == 0 {
                    let tiny = Int.random(in: 0..<4, using: &random) == 0
                    terminal.size =
                        tiny
                        ? Size(width: Int.random(in: 0...20, using: &random), height: Int.random(in: 0...5, using: &random))
                        : Size(width: Int.random(in: 20...300, using: &random), height: Int.random(in: 5...100, using: &random))
                    app.handle(.resize)
                } else {
                    app.handle(Self.randomKey(&random))
                }
                // The key's own work (a page, a prompt's check) ends before the next key.
                app.runForeground()
                if step % 7 == 0 { app.runAllDeferred() }
                // Rendering a 300×100 screen costs far more than a key: render one event in 25.
                if step % 25 == 0 {
                    try checkInvariants(app.state, ScreenRenderer.render(app.state), name: name, step: step)
                } else {
                    try checkCursors(app.state, name: name, step: step)
                }
                if app.state.isFinished {
                    quits += 1
                    let size = terminal.size
                    app = BrowserApp(dataSource: source, terminal: terminal, title: name)
                    terminal.size = size
                    app.start()
                }
            }
        }
        print("in-process monkey: \(total) events, \(quits) quits and restarts")
        XCTAssertGreaterThan(quits, 0, "q and Ctrl-C were pressed and the browser restarted")
    }

    func checkInvariants(_ state: AppState, _ screen: ScreenBuffer, name: String, step: Int) throws {
        let context = "\(name) step \(step)"
        XCTAssertEqual(screen.width, max(0, state.size.width), context)
        XCTAssertEqual(screen.height, max(0, state.size.height), context)
        try checkCursors(state, name: name, step: step)
        for line in screen.textLines() {
            for scalar in line.unicodeScalars
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            {
                XCTFail("control U+\(String(scalar.value, radix: 16)) on screen at \(context)")
                return
            }
        }
    }

    func checkCursors(_ state: AppState, name: String, step: Int) throws {
        let context = "\(name) step \(step)"
        XCTAssertLessThanOrEqual(state.tablesPane.cursor.index, max(0, state.tablesPane.tables.count - 1), context)
        XCTAssertLessThanOrEqual(state.linksPane.cursor.index, max(0, state.linksPane.links.count - 1), context)
        if let rows = state.rows {
            XCTAssertGreaterThanOrEqual(rows.cursor.index, 0, context)
            XCTAssertLessThanOrEqual(rows.cursor.index, max(0, rows.cursor.count - 1), context)
            XCTAssertLessThanOrEqual(rows.column.index, max(0, rows.columns.count - 1), context)
        }
        XCTAssertNil(state.activity, "no query is left running between keys: \(context)")
    }
}
