import ArgumentParser
@testable import AssocCLI
import XCTest

/// `BrowseLine` reads the plain browse lines without ArgumentParser: it must read them exactly as
/// ArgumentParser does, and leave every other line to it.
final class BrowseLineTests: XCTestCase {
    /// What ArgumentParser makes of a line: a browse command's database and table, or nil for
    /// anything else (another subcommand, help, version, an error).
    func argumentParserReading(_ arguments: [String]) -> BrowseLine? {
        guard let command = try? AssocCommand.parseAsRoot(arguments), let browse = command as? BrowseCommand else { return nil }
        return BrowseLine(database: browse.database.database, table: browse.table)
    }

    func testPlainLinesAreRecognized() {
        XCTAssertEqual(BrowseLine([]), BrowseLine(database: nil, table: nil))
        XCTAssertEqual(BrowseLine(["a.db"]), BrowseLine(database: "a.db", table: nil))
        XCTAssertEqual(BrowseLine(["a.db", "--table", "big"]), BrowseLine(database: "a.db", table: "big"))
        XCTAssertEqual(BrowseLine(["-t", "big", "a.db"]), BrowseLine(database: "a.db", table: "big"))
        XCTAssertEqual(BrowseLine(["browse", "--table=big"]), BrowseLine(database: nil, table: "big"))
    }

    func testEverythingElseIsLeftToArgumentParser() {
        for line in [["--help"], ["-h"], ["--version"], ["help"], ["schema"], ["fetch", "a.db"], ["sql"],
                     ["browse", "--help"], ["a.db", "b.db"], ["a.db", "--table"], ["--table", "-x"],
                     ["--table", "a", "--table", "b"], ["-tbig"], ["--", "a.db"], [""], ["a.db", "--bogus"],
                     ["--generate-completion-script", "bash"], ["browse", "browse"]] {
            XCTAssertNil(BrowseLine(line), "\(line)")
        }
    }

    /// Every line built from these words: where `BrowseLine` reads one, ArgumentParser reads it
    /// the same (a browse command with the same database and table).
    func testReadsEveryLineAsArgumentParserDoes() {
        let words = ["a.db", "browse", "schema", "help", "-t", "--table", "--table=x", "big", "--version", "-h", "", "-"]
        var lines: [[String]] = [[]]
        var longest: [[String]] = [[]]
        for _ in 0..<4 {
            longest = longest.flatMap { line in words.map { line + [$0] } }
            lines += longest
        }
        var recognized = 0
        for line in lines {
            guard let quick = BrowseLine(line) else { continue }
            recognized += 1
            XCTAssertEqual(argumentParserReading(line), quick, "\(line)")
        }
        XCTAssertGreaterThan(recognized, 30)
    }
}
