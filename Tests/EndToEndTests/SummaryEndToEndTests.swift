import Foundation
import TestSupport
import XCTest

/// `I` in the real `assoc` binary under tmux, at 80×24 and 160×45: the summary of a table's
/// columns, Enter on a line opens `F` on that column, Esc comes back, Esc again closes; the file
/// is never written.
final class SummaryEndToEndTests: XCTestCase {
    func testSummaryThenFrequenciesOfAColumn() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "summary.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for (width, height) in [(80, 24), (160, 45)] {
            let session = try TmuxSession(
                command: "'\(assoc)' '\(db)' --table Track; echo EXITED $?; sleep 5", width: width, height: height)
            defer { session.kill() }
            session.waitFor("Balls to the Wall")
            session.send("I")
            var screen = session.waitFor("Summary of 8 columns done")
            XCTAssertTrue(screen.contains("Summary: Track"), screen)
            XCTAssertTrue(screen.contains("│ type    │ null │ distinct │ min"), screen)
            // GenreId: seven integers-or-NULLs, two NULLs, one distinct value (1: NULLs are counted apart).
            XCTAssertTrue(screen.range(of: #"GenreId\s+│ integer │\s+2 │\s+1 │ 1"#, options: .regularExpression) != nil, screen)
            XCTAssertTrue(screen.range(of: #"Composer\s+│ text\s+│\s+1 │\s+4 │ AC/DC"#, options: .regularExpression) != nil, screen)
            if width == 160 { XCTAssertTrue(screen.contains("│ most frequent"), screen) }
            session.send("j", "j", "j", "j", "Enter")
            screen = session.waitFor("Frequencies: GenreId in Track")
            screen = session.waitFor("71.4 %")
            XCTAssertTrue(screen.contains("28.6 %"), screen)
            session.send("Escape")
            screen = session.waitFor("Summary: Track")
            session.send("s")
            session.waitFor("Summary sorted by name")
            session.send("Escape")
            session.waitFor("Summary closed")
            session.send("q")
            session.waitFor("EXITED 0")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "the database is never written")
    }
}
