import TestSupport
import XCTest

@testable import AssocTUI

/// Issue 29 item 10: a long pane title is cut, never the row counter beside it.
final class TitleCounterTests: XCTestCase, ChinookBrowsing {
    func testALongTitleIsCutAndTheCounterStaysWhole() {
        let title = "Rows: albums → tracks → invoiceLines → invoice → customer → supportRep"
        for width in 30...100 {
            var buffer = ScreenBuffer(width: width, height: 2)
            PaneChrome.drawTitle(
                title, trailing: "1/6 · col 1/9", counter: true,
                in: Rect(x: 0, y: 0, width: width, height: 2), focused: true, buffer: &buffer)
            let line = buffer.textLines()[0]
            XCTAssertTrue(line.contains(" 1/6 · col 1/9 "), "width \(width): \(line)")
            XCTAssertTrue(line.contains("Rows: a"), "width \(width): \(line)")
        }
    }

    func testTheRowsPaneKeepsItsCounterBesideALongTableName() throws {
        let name = "recordings_of_every_concert_we_ever_played_in_the_nineties"
        let app = try makeApp(
            database: try TestDatabase.make(
                """
                CREATE TABLE \(name) (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO \(name) VALUES (1, 'a'), (2, 'b'), (3, 'c');
                """), width: 80, height: 24)
        try open(app, name)
        let titleLine = try XCTUnwrap(lines(app).first { $0.contains("Rows: ") })
        XCTAssertTrue(titleLine.contains("…"), titleLine)
        XCTAssertTrue(titleLine.contains(" 1/3 · col 1/2 "), titleLine)
    }
}

/// Issue 29 item 14: after following a link, the Links pane starts on a link `+` can include.
final class FollowedLinksCursorTests: XCTestCase, ChinookBrowsing {
    func testAfterFollowingTheCursorIsOnAToOneLinkNotLeadingBack() throws {
        let app = try makeApp()
        try open(app, "Album")
        try follow(app, "tracks")
        XCTAssertEqual(app.state.rows?.view.table, "Track")
        let selected = try XCTUnwrap(app.state.selectedLink)
        XCTAssertFalse(selected.association.isToMany)
        XCTAssertNotEqual(selected.association.destination, "Album", "\(app.state.linksPane.links.map(\.association.name))")
        press(app, .character("+"))
        XCTAssertTrue(
            app.state.message?.text.hasPrefix("Included \(selected.association.name)") ?? false,
            "\(String(describing: app.state.message))")
    }
}
