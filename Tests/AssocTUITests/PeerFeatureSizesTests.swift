import AssocCore
import AssocText
import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 30's features drawn at the two sizes its "Done means" names, 80×24 and 160×45, for those
/// whose own tests draw one size only: go to row N, the Tables filter and completion. Each screen
/// fits its width and shows what the feature promises.
final class PeerFeatureSizesTests: XCTestCase, ChinookBrowsing {
    static let sizes = [(80, 24), (160, 45)]

    func assertFits(_ screen: [String], _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
        for text in screen {
            XCTAssertLessThanOrEqual(TextWidth.width(of: text), width, "\(width) columns: \(text)", file: file, line: line)
        }
    }

    func testGoToRowAtBothSizes() throws {
        for (width, height) in Self.sizes {
            let app = try makeApp(width: width, height: height)
            try open(app, "Track")
            type(app, "5")
            XCTAssertTrue(lines(app).last?.hasPrefix("5  G: go to row 5") ?? false, "\(width)×\(height): \(lines(app).last ?? "")")
            press(app, .character("G"))
            // Track 5 is the fifth row of the view in key order, and the counter says so.
            XCTAssertEqual(app.state.rows?.selectedRow?.first, .integer(5), "\(width)×\(height)")
            let screen = lines(app)
            assertFits(screen, width)
            XCTAssertTrue(screen.contains { $0.contains("5/7") }, "\(width)×\(height): \(screen.joined(separator: "\n"))")
            XCTAssertTrue(screen.contains { $0.contains("Go Down") }, "\(width)×\(height): the row is on screen")
        }
    }

    func testTheTablesFilterAtBothSizes() throws {
        for (width, height) in Self.sizes {
            let app = try makeApp(width: width, height: height)
            press(app, .character("/"))
            type(app, "play")
            let screen = lines(app)
            assertFits(screen, width)
            XCTAssertTrue(screen.contains { $0.contains("PlaylistTrack") }, "\(width)×\(height): \(screen.joined(separator: "\n"))")
            XCTAssertFalse(screen.contains { $0.hasPrefix("Album") }, "\(width)×\(height): only the matches are listed")
            XCTAssertEqual(app.state.selectedTable?.name, "Playlist")
            press(app, .enter)
            XCTAssertEqual(app.state.rows?.view.table, "Playlist", "\(width)×\(height)")
        }
    }

    func testCompletionAtBothSizes() throws {
        for (width, height) in Self.sizes {
            let app = try makeApp(width: width, height: height)
            try open(app, "Album")
            press(app, .character(":"), .control("u"))
            type(app, "Album.filter(Ti")
            press(app, .tab)
            XCTAssertEqual(app.state.prompt?.text, "Album.filter(Title", "\(width)×\(height)")
            let screen = lines(app)
            assertFits(screen, width)
            XCTAssertTrue(screen.contains { $0.contains("Album.filter(Title") }, "\(width)×\(height): \(screen.joined(separator: "\n"))")
            type(app, " == 'Balls to the Wall')")
            press(app, .enter)
            XCTAssertNil(app.state.prompt, "\(width)×\(height)")
            XCTAssertEqual(app.state.rows?.rows.map { $0.first }, [.integer(2)], "\(width)×\(height)")
        }
    }
}
