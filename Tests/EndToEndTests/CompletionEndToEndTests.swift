import Foundation
import TestSupport
import XCTest

/// `Tab` completes in the real `assoc` binary under tmux, at 80×24 and 160×45: `:Art` Tab lists
/// the tables above the prompt, Tab cycles them, Shift-Tab goes back, a method and an
/// association complete, the completed request runs; a long request wraps on several lines.
final class CompletionEndToEndTests: XCTestCase {
    func testTabCompletesOnTheRequestLine() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-completion.sqlite")
        for (width, height) in [(80, 24), (160, 45)] {
            let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: width, height: height)
            defer { session.kill() }
            session.waitFor("PlaylistTrack")
            session.send(":")
            session.waitFor("request: edit")
            session.send("C-u")
            session.send("Art")
            session.send("Tab")
            var screen = session.waitFor("2 completions: Artist  ArtistBio")
            XCTAssertTrue(promptLines(screen).contains(": Artist"), "\(width)x\(height):\n\(screen)")
            session.send("Tab", "Tab")
            screen = session.waitFor(": ArtistBio")
            session.send("BTab")
            screen = session.waitFor(timeout: 5, "back to Artist") { self.promptLines($0).last == ": Artist" }
            // Any other key accepts; then a method and an association.
            session.send(".inc")
            session.send("Tab")
            session.waitFor("3 completions: including(required:  including(optional:  including(all:")
            session.send("o")
            session.send("Tab")
            session.waitFor(": Artist.including(optional:")
            session.send("alb")
            session.send("Tab")
            session.waitFor(": Artist.including(optional: albums")
            session.send(").filter(Na")
            session.send("Tab")
            session.waitFor(": Artist.including(optional: albums).filter(Name")
            session.send(" = 'AC/DC')")
            session.send("Enter")
            screen = session.waitFor("Artist [+albums] /Name = 'AC/DC'")
            session.waitFor("AC/DC │")

            // A request longer than the screen is wide: wrapped on several lines while edited.
            let long = "Track.filter(" + Array(repeating: "Milliseconds > 1", count: 12).joined(separator: " AND ") + ")"
            session.send(":")
            session.waitFor("request: edit")
            session.send("C-u")
            session.send(long)
            // (tmux drops the spaces that end a row: compared without spaces.)
            let squeezed = long.filter { $0 != " " }
            screen = session.waitFor(timeout: 5, "the whole request") { self.promptLines($0).joined().filter { $0 != " " }.contains(squeezed) }
            XCTAssertGreaterThan(promptLines(screen).count, long.count / width, "\(width)x\(height):\n\(screen)")
            session.send("Escape")
            session.waitFor("Request line closed")
        }
    }

    /// Names that need quotes complete with plain ones (issue 44, item 8): on Northwind's names,
    /// `Ord` Tab opens the quote on the common prefix and lists both, `s` Tab gives `Orders`, and
    /// `"Order D` Tab the quoted name; the request runs.
    func testQuotedAndPlainNamesCompleteTogether() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, ShipCity TEXT);
            CREATE TABLE "Order Details" (OrderID INTEGER REFERENCES Orders(OrderID), Quantity INTEGER);
            INSERT INTO Orders VALUES (10248, 'Reims');
            INSERT INTO "Order Details" VALUES (10248, 12);
            """, name: "northwind-completion.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 100, height: 24)
        defer { session.kill() }
        session.waitFor("Order Details")
        session.send(":")
        session.waitFor("request: edit")
        session.send("C-u")
        session.send("Ord")
        session.send("Tab")
        var screen = session.waitFor("2 completions: Orders  \"Order Details\"")
        XCTAssertEqual(promptLines(screen).last, ": \"Order", screen)
        session.send("s")
        session.send("Tab")
        screen = session.waitFor(timeout: 5, "Orders") { self.promptLines($0).last == ": Orders" }
        session.send("C-u")
        session.send("\"Order D")
        session.send("Tab")
        screen = session.waitFor(timeout: 5, "the quoted name") { self.promptLines($0).last == ": \"Order Details\"" }
        session.send("Enter")
        session.waitFor("Rows: Order Details")
    }

    /// The prompt's rows: from the one starting with ": " down to the line above the hint line.
    func promptLines(_ screen: String) -> [String] {
        var lines = screen.components(separatedBy: "\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        lines.removeLast()  // the hint line
        guard let start = lines.lastIndex(where: { $0.hasPrefix(": ") }) else { return [] }
        return lines[start...].map { String($0.trimmingTrailingSpaces) }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self[...]
        while text.last == " " { text.removeLast() }
        return text
    }
}
