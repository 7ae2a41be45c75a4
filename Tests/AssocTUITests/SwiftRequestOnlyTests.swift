import AssocCore
import Foundation
import XCTest

@testable import AssocTUI

/// `r`: the Swift tab shows the request alone (what `assoc swift --request-only` prints), for an
/// app that already has its record types; again, the whole code. The pane's title says which,
/// and the help screen lists the key.
final class SwiftRequestOnlyTests: XCTestCase, ChinookBrowsing {
    func testRTogglesTheSwiftTabBetweenTheWholeCodeAndTheRequestAlone() throws {
        let app = try makeApp(width: 100, height: 30)
        try open(app, "Album")
        press(app, .character("]"))
        let whole = try XCTUnwrap(app.state.side.swiftCode?.text)
        XCTAssertTrue(whole.contains("struct Album"), whole)
        XCTAssertTrue(lines(app).contains { $0.contains("r request only  [ ] tabs  z zoom") }, lines(app).joined(separator: "\n"))

        press(app, .character("r"))
        XCTAssertTrue(app.state.side.swiftRequestOnly)
        XCTAssertEqual(app.state.side.swiftCode?.requestOnly, true)
        XCTAssertEqual(app.state.side.swiftCode?.text, "Album.all()\n")
        XCTAssertEqual(app.state.message?.text, "Swift tab: the request alone, for an app that has its record types (r: the whole code)")
        let screen = lines(app)
        XCTAssertTrue(screen.contains { $0.contains("[Swift] · request only") && $0.contains("r whole code") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.hasSuffix("│Album.all()") }, screen.joined(separator: "\n"))
        XCTAssertFalse(screen.contains { $0.contains("struct Album") }, screen.joined(separator: "\n"))

        // The form stays while the view changes: a followed link is the request alone too.
        try follow(app, "tracks")
        XCTAssertEqual(app.state.side.swiftCode?.requestOnly, true)
        XCTAssertEqual(
            app.state.side.swiftCode?.text,
            """
            // album: the Album whose key is 1 (try Album.fetchOne(db, key: 1))
            album.request(for: Album.tracks)

            """)

        press(app, .character("r"))
        XCTAssertFalse(app.state.side.swiftRequestOnly)
        XCTAssertEqual(app.state.side.swiftCode?.text.contains("struct Track"), true)
    }

    func testRShowsTheSwiftTabWhenTheSidePaneIsHiddenOrOnSQL() throws {
        let app = try makeApp(width: 100, height: 30)
        try open(app, "Album")
        XCTAssertEqual(app.state.side.tab, .sql)
        press(app, .character("r"))
        XCTAssertEqual(app.state.side.tab, .swift)
        XCTAssertTrue(app.state.side.isShown)
        XCTAssertEqual(app.state.side.swiftCode?.text, "Album.all()\n")
    }

    func testTheHelpScreenListsR() {
        let binding = Keymap.binding(for: .sideAlternate)
        XCTAssertEqual(binding?.keys, [.character("r")])
        XCTAssertEqual(Keymap.action(for: .character("r")), .sideAlternate)
    }
}
