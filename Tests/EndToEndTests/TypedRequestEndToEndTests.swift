import Foundation
import TestSupport
import XCTest

/// A typed request stays a fully interactive view, in the real `assoc` binary under tmux: after
/// `:` with a `select` and a `joining(required:)` filter, `s`, `/`, `+`, `t`, `u`, `u` each work
/// and the SQL pane shows the statement of each step.
final class TypedRequestEndToEndTests: XCTestCase {
    /// The SQL pane's text, its wrapped lines joined.
    func sqlPane(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        guard let title = lines.firstIndex(where: { $0.contains("─ [SQL]") }) else { return "" }
        var text = ""
        for line in lines[(title + 1)...].dropLast() {
            guard let bar = line.lastIndex(of: "│") else { continue }
            text += " " + line[line.index(after: bar)...].trimmingCharacters(in: .whitespaces)
        }
        return text.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: "  ", with: " ")
    }

    /// Waits until the SQL pane holds `expected`, and does not hold `absent`.
    @discardableResult
    func waitForSQL(_ session: TmuxSession, _ expected: [String], absent: [String] = [], line: UInt = #line) -> String {
        let screen = session.waitFor(timeout: 5, line: line, "SQL \(expected)") { screen in
            let sql = self.sqlPane(screen)
            return expected.allSatisfy { sql.contains($0) } && !absent.contains { sql.contains($0) }
        }
        return sqlPane(screen)
    }

    func testEveryKeyWorksOnATypedRequestAndUndoWalksBack() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "chinook-typed.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 260, height: 40)
        defer { session.kill() }
        session.waitFor("PlaylistTrack")
        session.send("Enter")
        session.waitFor("AC/DC")

        // The typed request: AC/DC's albums, two columns.
        session.send(":")
        session.waitFor(": Artist")
        session.send("C-u")
        session.send("Album.select(AlbumId, Title).joining(required: artist.filter(Name = 'AC/DC'))")
        session.send("Enter")
        var screen = session.waitFor("Request applied")
        waitForSQL(
            session,
            [
                #"SELECT "Album"."AlbumId", "Album"."Title" FROM "Album" JOIN "Artist" ON ("Artist"."ArtistId" = "Album"."ArtistId") AND ("Artist"."Name" = ?)"#,
                "-- arguments: 'AC/DC'"
            ])
        screen = session.waitFor("Let There Be Rock")
        XCTAssertFalse(screen.contains("Balls to the Wall"), screen)

        // s on Title.
        session.send("l", "s")
        session.waitFor("Sorted by Title ascending")
        waitForSQL(session, [#"ORDER BY "Album"."Title", "Album"."AlbumId""#, #"JOIN "Artist""#])

        // / on the key.
        session.send("/")
        session.waitFor("Enter applies")
        session.send("AlbumId > 1")
        session.send("Enter")
        session.waitFor("Filter: AlbumId > 1")
        waitForSQL(session, [#"WHERE "Album"."AlbumId" > ?"#, #"ORDER BY "Album"."Title""#])
        screen = session.waitFor(timeout: 5, "album 1 filtered out") { !$0.contains("For Those About To Rock") }

        // + on the joined artist: its columns come in.
        session.send("Tab", "g", "+")
        session.waitFor("Included the columns of artist")
        waitForSQL(session, [#""Album"."Title", "Artist".* FROM "Album" JOIN "Artist""#])

        // t: optional.
        session.send("t")
        session.waitFor("artist optional: LEFT JOIN")
        waitForSQL(session, [#"LEFT JOIN "Artist""#])

        // u, u: back to the required include, then to the join without columns.
        session.send("u")
        session.waitFor("Undone")
        waitForSQL(session, [#""Artist".* FROM "Album" JOIN "Artist""#], absent: ["LEFT JOIN"])
        session.send("u")
        waitForSQL(session, [#""Album"."Title" FROM "Album" JOIN "Artist""#], absent: [#""Artist".*"#, "LEFT JOIN"])
        screen = session.capture()
        XCTAssertTrue(screen.contains("Let There Be Rock"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
