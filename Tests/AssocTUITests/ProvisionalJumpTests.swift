import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// `#`, `f` and `n` far from the rows seen: the row reached takes a provisional position at once,
/// the rows around it page by keyset relative to it, and a deferred count settles them. Random
/// walks (jumps, finds, page up and down, `g`, `G`, the deferred work run at random moments) over
/// views of a few thousand rows, sorted or not, filtered or not, through the app with the real
/// data source: after every key, every visible row is the row a plain fetch of the view has at
/// that line's position, and settling never moves the selected row on the screen.
final class ProvisionalJumpTests: XCTestCase, ChinookBrowsing {
    /// `item`: 3,000 rows, keys 3, 6, …, 9,000; few names and prices (ties), some NULL prices.
    func database(seed: UInt64) throws -> Database {
        var random = SeededRandom(seed: seed)
        var rows: [String] = []
        for id in 1...3_000 {
            let name = random.pick(["Rock", "jazz", "Blues", "Pop"]) ?? "Pop"
            let price = random.chance(10) ? "NULL" : String(random.below(20))
            rows.append("(\(id * 3), '\(name) \(id % 97)', \(price))")
        }
        return try TestDatabase.make(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER);
            INSERT INTO item VALUES \(rows.joined(separator: ", "));
            """)
    }

    func app(seed: UInt64, exactCountLimit: Int) throws -> BrowserApp {
        let app = try makeApp(database: try database(seed: seed), width: 100, height: 30)
        (app.dataSource as? RequestDataSource)?.exactCountLimit = exactCountLimit
        try open(app, "item")
        return app
    }

    /// Opens the prompt of `key`, types `text` and presses Enter, running no deferred work.
    func submit(_ app: BrowserApp, _ key: Character, _ text: String) {
        for event in [KeyEvent.character(key)] + text.map({ KeyEvent.character($0) }) + [.enter] {
            app.handle(event)
            app.runForeground()
        }
    }

    /// The ids of the whole view, in its order.
    func ids(_ app: BrowserApp) throws -> [DatabaseValue] {
        let source = try XCTUnwrap(app.dataSource as? RequestDataSource)
        let view = try XCTUnwrap(app.state.rows?.view)
        return try source.db.fetchAll(view.request.orderedTotally()).map { $0["id"] ?? .null }
    }

    /// The real position of grid position `index`: relative ones through the frame's row, found in
    /// `all`; those near a provisional end from the end.
    func real(_ index: Int, _ rows: RowsState, _ all: [DatabaseValue]) -> Int? {
        let position = rows.line.position(at: index)
        switch position.origin {
        case .first: return index
        case .last: return position.settled(count: all.count).index
        case .found:
            guard let key = rows.relative?.values.last, let found = all.firstIndex(of: key) else { return nil }
            return position.located(foundAt: found).index
        }
    }

    /// Every visible line shows the row of `all` at its position; the selected row is loaded.
    func checkVisible(_ app: BrowserApp, _ all: [DatabaseValue], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let rows = app.state.rows else { return XCTFail("no rows, " + label, file: file, line: line) }
        XCTAssertFalse(rows.isLoading, label, file: file, line: line)
        let visible = app.state.visibleLines(.rows)
        XCTAssertNotNil(rows.selectedRow, "selected row loaded, " + label, file: file, line: line)
        for index in rows.cursor.top..<min(rows.cursor.top + visible, rows.totalCount) {
            guard let position = real(index, rows, all) else { return XCTFail("frame row unknown, " + label, file: file, line: line) }
            guard let row = rows.row(at: index) else {
                return XCTFail("line \(index - rows.cursor.top) not loaded (real \(position) of \(all.count)), " + label, file: file, line: line)
            }
            guard position >= 0, position < all.count else {
                return XCTFail("line at \(position) outside the \(all.count) rows, " + label, file: file, line: line)
            }
            XCTAssertEqual(row.first, all[position], "line \(index - rows.cursor.top), real \(position), " + label, file: file, line: line)
        }
        if rows.relative == nil, rows.isCounted {
            XCTAssertEqual(rows.totalCount, all.count, label, file: file, line: line)
        }
        // The rows known to exist, at their real positions, are rows of the view.
        if let last = real(rows.totalCount - 1, rows, all), !rows.endIsProvisional {
            XCTAssertLessThan(last, all.count, "rows known, " + label, file: file, line: line)
        }
    }

    func testJumpFarLandsAtOnceWithAProvisionalPositionSettledLater() throws {
        let app = try app(seed: 3, exactCountLimit: 100)
        let all = try ids(app)
        submit(app, "#", "6000")
        let rows = try XCTUnwrap(app.state.rows)
        // Row 2,000 of 3,000 (key 6,000): more than 100 rows before it, so not counted yet.
        XCTAssertNotNil(rows.relative)
        XCTAssertEqual(rows.cursorPosition, .found(0))
        XCTAssertEqual(rows.selectedRow?.first, 6_000)
        XCTAssertTrue(lines(app).joined().contains("?/3000"), lines(app).joined(separator: "\n"))
        XCTAssertEqual(app.deferred, [.locateRow(rows.view, values: [6_000])])
        checkVisible(app, all, "after #6000")
        let line = rows.cursor.index - rows.cursor.top
        app.runAllDeferred()
        let settled = try XCTUnwrap(app.state.rows)
        XCTAssertNil(settled.relative)
        XCTAssertEqual(settled.cursor.index, 1_999)
        XCTAssertEqual(settled.cursor.index - settled.cursor.top, line, "the row stays on its line")
        XCTAssertEqual(settled.selectedRow?.first, 6_000)
        XCTAssertTrue(lines(app).joined().contains("2000/3000"), lines(app).joined(separator: "\n"))
        checkVisible(app, all, "settled")
        // Near the start: counted at once.
        submit(app, "#", "100")
        XCTAssertNil(app.state.rows?.relative)
        XCTAssertEqual(app.state.rows?.cursor.index, 33)
        XCTAssertEqual(app.state.rows?.selectedRow?.first, 102)
        // Far, then near the start before the first is counted: the real position wins.
        submit(app, "#", "7000")
        XCTAssertNotNil(app.state.rows?.relative)
        submit(app, "#", "31")
        XCTAssertNil(app.state.rows?.relative)
        XCTAssertEqual(app.state.rows?.cursor.index, 10)
        XCTAssertEqual(app.state.rows?.selectedRow?.first, 33)
        XCTAssertTrue(lines(app).joined().contains("11/3000"), lines(app).joined(separator: "\n"))
        checkVisible(app, all, "#7000 then #31")
        app.runAllDeferred()
        XCTAssertEqual(app.state.rows?.cursor.index, 10, "the first jump's count changes nothing")
        checkVisible(app, all, "#7000 then #31, deferred")
    }

    func testPagingUpFromAJumpReachesTheFirstRowAndSettles() throws {
        let app = try app(seed: 4, exactCountLimit: 10)
        let all = try ids(app)
        submit(app, "#", "600")
        XCTAssertNotNil(app.state.rows?.relative, "199 rows before key 600: more than 10, and more than the window reads")
        XCTAssertEqual(app.state.rows?.selectedRow?.first, 600)
        for step in 0..<12 {
            app.handle(.pageUp)
            app.runForeground()
            checkVisible(app, all, "page up \(step)")
        }
        XCTAssertNil(app.state.rows?.relative, "reading back to the first row told where the row is")
        XCTAssertEqual(app.state.rows?.cursor.index, 0)
        XCTAssertEqual(app.state.rows?.selectedRow?.first, 3)
    }

    func testRandomWalksOfJumpsFindsAndPagesShowEveryRowInPlace() throws {
        let seed = randomSeed()
        var random = MonkeyRandom(seed: seed)
        var relativeSteps = 0
        var settles = 0
        for round in 0..<6 {
            let app = try app(seed: seed &+ UInt64(round), exactCountLimit: [0, 5, 40][round % 3])
            // Unsorted, sorted on the price (ties, NULLs), sorted descending and filtered.
            switch round % 3 {
            case 1:
                app.handle(.right)
                app.handle(.right)
                app.runForeground()
                app.handle(.character("s"))
                app.runForeground()
            case 2:
                submit(app, "/", "price IS NOT NULL AND price < 15")
                app.handle(.right)
                app.runForeground()
                app.handle(.character("s"))
                app.runForeground()
                app.handle(.character("s"))
                app.runForeground()
            default:
                break
            }
            if Bool.random(using: &random) { app.runAllDeferred() }
            let all = try ids(app)
            var log: [String] = ["round \(round) seed \(seed) view \(app.state.rows?.view.request.relation.ordering ?? [])"]
            for _ in 0..<60 {
                let step: String
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    let key = Int.random(in: 0...9_100, using: &random)
                    submit(app, "#", String(key))
                    step = "#\(key)"
                case 1:
                    let text = ["Rock 1", "jazz", "price = 7", "Blues 5"].randomElement(using: &random) ?? "jazz"
                    submit(app, "f", text)
                    step = "f \(text)"
                case 2:
                    let key = Bool.random(using: &random) ? "n" : "N"
                    app.handle(.character(Character(key)))
                    app.runForeground()
                    step = key
                case 3:
                    app.runAllDeferred()
                    step = "deferred"
                case 4:
                    app.handle(.character("g"))
                    app.runForeground()
                    step = "g"
                case 5:
                    app.handle(.character("G"))
                    app.runForeground()
                    step = "G"
                case 6, 7:
                    let count = Int.random(in: 1...3, using: &random)
                    for _ in 0..<count {
                        app.handle(.pageUp)
                        app.runForeground()
                    }
                    step = "page up ×\(count)"
                default:
                    let count = Int.random(in: 1...3, using: &random)
                    for _ in 0..<count {
                        app.handle(.pageDown)
                        app.runForeground()
                    }
                    step = "page down ×\(count)"
                }
                log.append(step)
                if app.state.prompt != nil {
                    app.handle(.escape)
                    app.runForeground()
                }
                checkVisible(app, all, log.suffix(8).joined(separator: ", "))
                if app.state.rows?.relative != nil { relativeSteps += 1 }
                // Settling keeps the selected row on its line.
                if let before = app.state.rows, before.relative != nil, Int.random(in: 0..<3, using: &random) == 0 {
                    app.runAllDeferred()
                    log.append("deferred")
                    if app.state.rows?.relative == nil { settles += 1 }
                    let after = try XCTUnwrap(app.state.rows)
                    XCTAssertEqual(after.selectedRow?.first, before.selectedRow?.first, log.suffix(8).joined(separator: ", "))
                    XCTAssertEqual(
                        after.cursor.index - after.cursor.top, before.cursor.index - before.cursor.top, log.suffix(8).joined(separator: ", "))
                    checkVisible(app, all, log.suffix(8).joined(separator: ", "))
                }
            }
        }
        // The walks went through relative frames, and saw them settle.
        XCTAssertGreaterThan(relativeSteps, 20, "seed \(seed)")
        XCTAssertGreaterThan(settles, 0, "seed \(seed)")
    }
}
