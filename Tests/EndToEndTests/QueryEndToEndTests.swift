import Foundation
import TestSupport
import XCTest

/// Prefetch, aggregates, the filter prompt and the request line in the real `assoc` binary under
/// tmux, on the Chinook-like database of `BrowserEndToEndTests` (AC/DC: 2 albums; Accept: 2;
/// Aerosmith: none; the first album has 3 tracks, one without genre).
final class QueryEndToEndTests: XCTestCase {
    func start() throws -> TmuxSession {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-query.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5")
        session.waitFor("PlaylistTrack")
        session.send("Enter")  // Artist, the first table
        session.waitFor("AC/DC")
        return session
    }

    func quit(_ session: TmuxSession) {
        session.send("q")
        session.waitFor("EXITED 0")
    }

    func testPrefetchShowsCountsAndAChildPane() throws {
        let session = try start()
        defer { session.kill() }
        session.send("Tab")
        session.waitFor("albums 2")
        session.send("j", "p")  // prefetch albums
        var screen = session.waitFor("albums of #1 AC/DC")
        XCTAssertTrue(screen.contains("albums (n)"), screen)
        XCTAssertTrue(screen.contains("Let There Be Rock"), screen)
        screen = session.waitFor("IN (…)")  // the prefetch statement of the plan, under the main one
        XCTAssertTrue(screen.contains("SELECT * FROM \"Artist\""), screen)
        session.send("BTab", "j")  // the next artist: its albums, from the same page
        screen = session.waitFor("albums of #2 Accept")
        XCTAssertTrue(screen.contains("Balls to the Wall"), screen)
        session.send("Tab", "p")  // p again: no more prefetch
        session.waitFor(timeout: 5, "the child pane gone") { !$0.contains("albums of #") && !$0.contains("albums (n)") }
        quit(session)
    }

    func testAggregateColumnAndHavingFilter() throws {
        let session = try start()
        defer { session.kill() }
        session.send("Tab")
        session.waitFor("albums 2")
        session.send("j", "a")
        var screen = session.waitFor("albumCount")
        XCTAssertTrue(screen.contains("COUNT(DISTINCT"), screen)
        XCTAssertTrue(screen.contains("Aerosmith"), screen)
        session.send("/")
        session.waitFor("Enter applies")
        session.send("albums.count >= 2")
        session.send("Enter")
        screen = session.waitFor("HAVING")
        session.waitFor("1/2")
        screen = session.waitFor(timeout: 5, "Aerosmith filtered out") { !$0.contains("Aerosmith") }
        XCTAssertTrue(screen.contains("Filter: albums.count >= 2"), screen)
        quit(session)
    }

    func testFilterTypoThenFix() throws {
        let session = try start()
        defer { session.kill() }
        session.send("/")
        session.waitFor("Enter applies")
        session.send("Name = = 'Accept'")
        session.waitFor("/ Name = = 'Accept'")
        session.send("Enter")
        var screen = session.waitFor("(column 8)")
        XCTAssertTrue(screen.contains("         ^ "), screen)  // the caret under the second "="
        XCTAssertTrue(screen.contains("Aerosmith"), screen)  // the view is unchanged
        session.send("Home", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "DC", "DC")
        session.waitFor("/ Name = 'Accept'")
        session.send("Enter")
        screen = session.waitFor("Filter: Name = 'Accept'")
        session.waitFor("1/1")
        screen = session.waitFor(timeout: 5, "the other artists filtered out") { !$0.contains("AC/DC") && $0.contains("Accept") }
        XCTAssertTrue(screen.contains("WHERE \"Name\" = ?"), screen)
        quit(session)
    }

    func testRequestLineEditAddsAnInclude() throws {
        let session = try start()
        defer { session.kill() }
        session.send("Tab")
        session.waitFor("albums 2")
        session.send("j", "Enter")  // the albums of AC/DC
        session.waitFor("1/2")
        session.send("Tab", "j", "Enter")  // the tracks of its first album
        session.waitFor("1/3")
        session.send(":")
        session.waitFor(": Album.filter(key: 1).request(for: tracks)")
        session.send("End", ".including(optional: genre)")
        session.waitFor(": Album.filter(key: 1).request(for: tracks).including(optional: genre)")
        session.send("Enter")
        let screen = session.waitFor("LEFT JOIN \"Genre\"")
        XCTAssertTrue(screen.contains("tracks [+genre]"), screen)  // the same include as `+`
        XCTAssertTrue(screen.contains("genre.Name"), screen)
        XCTAssertTrue(screen.contains("1/3"), screen)
        quit(session)
    }
}
