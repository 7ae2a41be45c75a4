import XCTest

/// The terminal the environment describes, through the real binary under tmux: a locale whose
/// character type is not UTF-8 (`LANG=C`) still shows non-ASCII letters, and a terminal type that
/// cannot host the browser (`dumb`, unknown, unset) is refused with one line that says what to set.
final class TerminalEnvironmentEndToEndTests: XCTestCase {
    static let sql = """
        CREATE TABLE customer (id INTEGER PRIMARY KEY, first TEXT, last TEXT);
        INSERT INTO customer VALUES (1, 'Luís', 'Gonçalves'), (2, 'Leonie', 'Köhler'), (3, '漢字', 'plain');
        """

    func testCLocaleShowsNonASCIILetters() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "locale.sqlite")
        for environment in ["LANG=C LC_ALL=", "LC_ALL=POSIX"] {
            let session = try TmuxSession(
                command: "env -u LC_CTYPE \(environment) '\(assoc)' '\(db)' --table customer; echo EXITED $?; sleep 5", width: 100, height: 20)
            defer { session.kill() }
            let screen = session.waitFor(timeout: 5, "the customers (\(environment))") { $0.contains("Rows: customer") && $0.contains("Leonie") }
            for word in ["Luís", "Gonçalves", "Köhler", "漢字"] {
                XCTAssertTrue(screen.contains(word), "\(word) missing with \(environment):\n\(screen)")
            }
            XCTAssertFalse(screen.contains("Lus "), screen)
            session.send("q")
            session.waitFor("EXITED 0")
        }
    }

    /// `TERM` set to `value` (nil: unset): the browser does not start, says what to set, exits 1.
    func refusal(term value: String?) throws -> String {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "term.sqlite")
        let environment = value.map { "TERM=" + Shell.quote($0) } ?? "-u TERM"
        let session = try TmuxSession(command: "env \(environment) '\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 220, height: 10)
        defer { session.kill() }
        let screen = session.waitFor(timeout: 5, "the exit (TERM \(value ?? "unset"))") { $0.contains("EXITED") }
        XCTAssertTrue(screen.contains("EXITED 1"), screen)
        XCTAssertTrue(screen.contains("set TERM to your terminal's type, e.g. TERM=xterm-256color"), screen)
        XCTAssertFalse(screen.contains("Error opening terminal"), screen)
        XCTAssertFalse(screen.contains("Tables"), screen)
        return screen
    }

    func testDumbTerminalIsRefusedWithWhatToSet() throws {
        let screen = try refusal(term: "dumb")
        XCTAssertTrue(screen.contains(#"assoc: the terminal type "dumb" (TERM) cannot move the cursor"#), screen)
    }

    func testUnknownTerminalTypeIsRefusedWithWhatToSet() throws {
        let screen = try refusal(term: "no-such-terminal-42")
        XCTAssertTrue(screen.contains(#"assoc: the terminal type "no-such-terminal-42" (TERM) is unknown on this system"#), screen)
    }

    func testUnsetAndEmptyTerminalTypeAreRefusedWithWhatToSet() throws {
        for value in [nil, ""] as [String?] {
            let screen = try refusal(term: value)
            XCTAssertTrue(screen.contains("assoc: the terminal type is not set (TERM is empty)"), screen)
        }
    }
}
