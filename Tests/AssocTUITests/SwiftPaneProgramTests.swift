import AssocCore
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// The Swift tab's code, taken from the browser's state as the pane renders it: GRDB 7 code for
/// the view (compiling and running such code against GRDB is Conformance/'s `--codegen` check).
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
        XCTAssertEqual(app.state.side.tab, .swift)
        return app
    }

    /// The Swift pane's text (every line, unclipped).
    func paneText(_ app: BrowserApp) -> String {
        SwiftPaneText.lines(app.state, width: 120).map { $0.map(\.text).joined() }.joined(separator: "\n")
    }

    func testSwiftPaneShowsTheViewAsGRDBCode() throws {
        let path = try makeDatabaseFile()

        // 1. A whole table.
        let artists = try paneText(browse(path, [.enter]))
        XCTAssertTrue(artists.hasPrefix("import GRDB\n"), artists)
        XCTAssertTrue(artists.contains("struct Artist: Codable, FetchableRecord, TableRecord {"), artists)
        XCTAssertTrue(artists.contains("func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<Artist> {"), artists)
        XCTAssertTrue(artists.contains("    return Artist"), artists)

        // 2. Albums with their artist included (Tab to Links, + on `artist`).
        let albums = try paneText(browse(path, [.down, .down, .enter, .tab, .character("+")]))
        XCTAssertTrue(albums.contains(".including(optional: Album.artist)"), albums)
        XCTAssertTrue(
            albums.contains(
                """
                struct AlbumInfo: Decodable, FetchableRecord {
                    var album: Album
                    var artist: Artist?
                }
                """), albums)

        // 3. The tracks of album 1 (a followed link: GRDB's record.request(for:)), with their genre
        // required (+ then t).
        let tracks = try browse(
            path,
            [
                .down, .down, .enter, .tab, .down, .enter,  // Album 1 → Links → tracks → follow
                .tab, .character("+"), .character("t")  // Links of Track start on genre: include, required
            ])
        XCTAssertEqual(tracks.state.rows?.view.table, "Track")
        let text = paneText(tracks)
        XCTAssertTrue(text.contains("guard let album = try Album.fetchOne(db, key: 1) else {"), text)
        XCTAssertTrue(text.contains("return album.request(for: Album.tracks)"), text)
        XCTAssertTrue(text.contains(".including(required: Track.genre)"), text)
        XCTAssertTrue(text.contains("struct Album: Codable, FetchableRecord, EncodableRecord, TableRecord {"), text)
    }
}
