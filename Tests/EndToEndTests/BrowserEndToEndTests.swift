import Foundation
import TestSupport
import XCTest

/// The real `assoc` binary in a real terminal (tmux): keys in, screens out, and a sane terminal
/// after quitting ("EXITED 0" printed by the shell, no curses remnants on screen).
final class BrowserEndToEndTests: XCTestCase {
    func firstLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// After `q`: the shell's "EXITED 0" and nothing of the browser left on screen.
    func assertQuitsCleanly(_ session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) {
        session.send("q")
        let screen = session.waitFor("EXITED 0", file: file, line: line)
        for remnant in ["─ Tables", "━ Tables", "─ Rows", "━ Rows", "─ SQL", "━ SQL", "│", "Tab pane"] {
            XCTAssertFalse(screen.contains(remnant), "left on screen: \(remnant)\n\(screen)", file: file, line: line)
        }
    }

    func testChinookFollowIncludeToggleBackQuit() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-mini.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5")
        defer { session.kill() }

        session.waitFor("PlaylistTrack")
        session.send("Enter")  // Artist, the first table
        session.waitFor("Rows: Artist")
        session.waitFor("AC/DC")

        session.send("Tab")  // Links: artistBio, albums, tracks
        session.waitFor("albums 2")  // AC/DC has 2 albums, counted for the selected row
        session.send("j", "Enter")
        var screen = session.waitFor(timeout: 5, "the albums of AC/DC") { self.firstLine($0) == "chinook-mini.sqlite › Artist › #1 AC/DC › albums" }
        screen = session.waitFor("1/2")
        XCTAssertTrue(screen.contains("Let There Be Rock"))
        XCTAssertTrue(screen.contains("WHERE \"ArtistId\" = ?"), screen)

        session.send("Tab", "j", "Enter")  // Links of Album: artist, tracks
        session.waitFor(timeout: 5, "the tracks of the first album") {
            self.firstLine($0) == "chinook-mini.sqlite › Artist › #1 AC/DC › albums › #1 For Those About To Rock… › tracks"
        }
        screen = session.waitFor("1/3")
        XCTAssertTrue(screen.contains("Let's Get It Up"))

        session.send("Tab", "+")  // Links of Track start on genre (album leads back): include it
        screen = session.waitFor("LEFT JOIN \"Genre\"")
        XCTAssertTrue(screen.contains("tracks [+genre]"), screen)
        XCTAssertTrue(screen.contains("1/3"))

        session.send("t")  // required: the track without genre disappears
        screen = session.waitFor(timeout: 5, "JOIN without LEFT") { $0.contains("JOIN \"Genre\"") && !$0.contains("LEFT JOIN") }
        session.waitFor("1/2")
        XCTAssertTrue(screen.contains("[+genre!]"), screen)

        session.send("t")  // optional again
        session.waitFor("LEFT JOIN \"Genre\"")
        session.waitFor("1/3")

        session.send("BSpace")
        session.waitFor(timeout: 5, "back to albums") { self.firstLine($0) == "chinook-mini.sqlite › Artist › #1 AC/DC › albums" }
        session.send("BSpace")
        session.waitFor(timeout: 5, "back to Artist") { self.firstLine($0) == "chinook-mini.sqlite › Artist" }
        assertQuitsCleanly(session)
    }

    func testDemoDatabaseOpensFollowsAndQuits() throws {
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "'\(assoc)'; echo EXITED $?; sleep 5", width: 80, height: 24)
        defer { session.kill() }
        session.waitFor("demo library")
        session.send("Enter")
        session.waitFor("Rows: country")
        session.send("Tab", "Enter")  // the first link of country, from its first row
        session.waitFor(timeout: 5, "a followed link") { self.firstLine($0).hasPrefix("demo library › country › #") }
        session.send("BSpace")
        session.waitFor(timeout: 5, "back") { self.firstLine($0) == "demo library › country" }
        assertQuitsCleanly(session)
    }

    func testTableOptionOpensItAtStartAndGShowsTheEnd() throws {
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "'\(assoc)' --table book; echo EXITED $?; sleep 5", width: 100, height: 24)
        defer { session.kill() }
        session.waitFor(timeout: 5, "the book table open") { self.firstLine($0) == "demo library › book" && $0.contains("Rows: book") }
        session.send("G")
        session.waitFor(timeout: 5, "the last book selected") {
            $0.contains("Rows: book") && $0.range(of: #" (\d+)/\1 "#, options: .regularExpression) != nil
        }
        assertQuitsCleanly(session)
    }

    func testBadPathFailsBeforeTheScreen() throws {
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "'\(assoc)' /nonexistent/x.sqlite; echo EXITED $?; sleep 5")
        defer { session.kill() }
        let screen = session.waitFor(timeout: 5, "an error and a non-zero status") { $0.contains("EXITED") && !$0.contains("EXITED 0") }
        XCTAssertFalse(screen.contains("─ Tables") || screen.contains("━ Tables"))
    }
}

/// Curses starts after the first page is asked for, with the kernel's size until then: when
/// `LINES`/`COLUMNS` give curses another size, the browser uses that one from its first frame.
final class TerminalSizeEndToEndTests: XCTestCase {
    func testLinesAndColumnsFromTheEnvironmentAreUsed() throws {
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "LINES=20 COLUMNS=70 '\(assoc)' --table book; echo EXITED $?; sleep 5", width: 100, height: 30)
        defer { session.kill() }
        let screen = session.waitFor(timeout: 5, "the book table") { $0.contains("Rows: book") && $0.contains("Tab pane") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.firstIndex { $0.hasPrefix("Tab pane") }, 19, screen)
        // The panes' top border spans curses' 70 columns, not the terminal's 100.
        XCTAssertEqual(lines.count > 1 ? lines[1].count : 0, 70, screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
