import Foundation
import XCTest
import TestSupport
import AssocCore
@testable import AssocTUI

/// The Swift tab's code, taken from the browser's state as the pane renders it, compiled against
/// AssocCore and run on the same database file: it must print the rows the grid shows.
final class SwiftPaneProgramTests: XCTestCase {
    func makeDatabaseFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swiftpane-\(UUID().uuidString).sqlite").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute(ChinookFixture.sql)
        return path
    }

    /// Runs the browser on `path` with `keys`, then `]` (Swift tab); returns the app.
    func browse(_ path: String, _ keys: [KeyEvent]) throws -> BrowserApp {
        let terminal = FakeTerminal(width: 120, height: 36, keys: keys + [.character("]")])
        let app = BrowserApp(dataSource: try RequestDataSource(connection: Connection(path: path)), terminal: terminal, title: "t.db")
        app.run()
        XCTAssertEqual(app.state.sideTab, .swift)
        return app
    }

    /// The Swift pane's text (every line, unclipped).
    func paneText(_ app: BrowserApp) -> String {
        SwiftPaneText.lines(app.state, width: 120).map { $0.map(\.text).joined() }.joined(separator: "\n")
    }

    /// The grid's loaded rows, one line per row, values as Swift prints them (`nil` for NULL).
    func gridLines(_ app: BrowserApp) -> String {
        (app.state.rows?.rows ?? []).map { row in
            row.map { value -> String in
                switch value {
                case .null: return "nil"
                case .integer(let i): return "\(i)"
                case .real(let d): return "\(d)"
                case .text(let s): return s
                case .blob(let b): return "\(b)"
                }
            }.joined(separator: "|")
        }.joined(separator: "\n") + "\n"
    }

    func run(_ code: String, postlude: String, path: String) throws -> String {
        let result = try SwiftProgram.compileAndRun(code + "\n" + postlude, arguments: [path])
        XCTAssertEqual(result.compileStatus, 0, "swiftc failed:\n\(result.output)\n--- source:\n\(code)")
        XCTAssertEqual(result.runStatus, 0, result.output)
        return result.output
    }

    func testSwiftPaneOfThreeViewsCompilesAndFetchesTheGridRows() throws {
        let path = try makeDatabaseFile()
        let show = #"func s<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "nil" }"# + "\n"

        // 1. A whole table.
        let artists = try browse(path, [.enter])
        XCTAssertTrue(paneText(artists).contains("let request = Artist.all"), paneText(artists))
        let first = try run(paneText(artists), postlude: show + """
            for row in rows { print([s(row.artistId), s(row.name)].joined(separator: "|")) }
            """, path: path)
        XCTAssertEqual(first, "1|AC/DC\n2|Accept\n3|Aerosmith\n")
        XCTAssertEqual(first, gridLines(artists))

        // 2. Albums with their artist included (Tab to Links, + on `artist`).
        let albums = try browse(path, [.down, .down, .enter, .tab, .character("+")])
        XCTAssertTrue(paneText(albums).contains("Album.including(optional: Album.artist)"), paneText(albums))
        let second = try run(paneText(albums), postlude: show + """
            for row in rows {
                print([s(row.album.albumId), s(row.album.title), s(row.album.artistId), s(row.artist?.artistId), s(row.artist?.name)]
                    .joined(separator: "|"))
            }
            """, path: path)
        XCTAssertEqual(second.split(separator: "\n").count, 4)
        XCTAssertTrue(second.hasPrefix("1|For Those About To Rock We Salute You|1|1|AC/DC\n"), second)
        XCTAssertEqual(second, gridLines(albums))

        // 3. The tracks of album 1 (a followed link), with their genre required (+ then t).
        let tracks = try browse(path, [
            .down, .down, .enter, .tab, .down, .enter,  // Album 1 → Links → tracks → follow
            .tab, .down, .character("+"), .character("t"),  // Links of Track: genre, include, required
        ])
        XCTAssertEqual(tracks.state.rows?.view.table, "Track")
        XCTAssertTrue(paneText(tracks).contains(".including(required: Track.genre)"), paneText(tracks))
        let third = try run(paneText(tracks), postlude: show + """
            for row in rows {
                let t = row.track
                print([s(t.trackId), s(t.name), s(t.albumId), s(t.mediaTypeId), s(t.genreId), s(t.composer), s(t.milliseconds),
                       s(t.unitPrice), s(row.genre.genreId), s(row.genre.name)].joined(separator: "|"))
            }
            """, path: path)
        // Album 1 has tracks 1, 6 and 7; track 7 has no genre, so the required genre drops it.
        XCTAssertEqual(third.split(separator: "\n").map { $0.split(separator: "|").first ?? "" }, ["1", "6"])
        XCTAssertEqual(third, gridLines(tracks))
    }
}
