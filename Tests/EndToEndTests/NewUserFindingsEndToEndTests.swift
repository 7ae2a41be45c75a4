import Foundation
import TestSupport
import XCTest

/// What a new user tripped on ("What a new user tripped on, and two things every peer has"),
/// each checked in the real `assoc` binary under tmux on a database the test builds.
final class NewUserFindingsEndToEndTests: XCTestCase {
    /// `$` scrolls the grid to the last column and `0` back to the first ones, although the key
    /// column `0` lands on is pinned (a pinned column never scrolls, so `0` used to stay put).
    func testZeroAndDollarScrollToTheFirstAndLastColumn() throws {
        let assoc = try Products.assoc()
        let names = (1...30).map { String(format: "c%02d", $0) }
        let sql =
            "CREATE TABLE wide (id INTEGER PRIMARY KEY, \(names.map { "\($0) TEXT" }.joined(separator: ", ")));\n"
            + "INSERT INTO wide VALUES (1, \(names.map { "'v\($0)'" }.joined(separator: ", ")));"
        let db = try Products.makeDatabase(sql, name: "wide.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table wide; echo EXITED $?; sleep 5", width: 160, height: 24)
        defer { session.kill() }
        var screen = session.waitFor("vc01")
        XCTAssertFalse(screen.contains("vc30"), screen)
        session.send("$")
        screen = session.waitFor("vc30")
        XCTAssertFalse(screen.contains("vc01"), "scrolled to the last column: " + screen)
        session.send("0")
        screen = session.waitFor("vc01")
        XCTAssertFalse(screen.contains("vc30"), "back to the first columns: " + screen)
        XCTAssertTrue(screen.contains("vc02"), screen)
        // The export prompt counts truly: the view's 31 columns, of which a few are on screen.
        session.send("e")
        screen = session.waitFor("Export to:")
        let counted = try XCTUnwrap(
            screen.range(of: #"the 31 columns of the view, [0-9]+ on screen"#, options: .regularExpression), screen)
        let onScreen = Int(screen[counted].split(separator: " ")[6]) ?? 0
        XCTAssertTrue((10...25).contains(onScreen), screen)
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// A PRAGMA on the request line and in `fetch --sql` is refused with the query that gives its
    /// rows, and that query runs in both (item 12).
    func testAPragmaPointsToItsQuery() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            "CREATE TABLE track (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO track VALUES (1, 'Intro');", name: "pragma-hint.sqlite")
        let refused = Shell.run("'\(assoc)' fetch '\(db)' --sql 'PRAGMA table_info(track)' 2>&1")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("SELECT * FROM pragma_table_info('track')"), refused.output)
        let ran = Shell.run("'\(assoc)' fetch '\(db)' --sql \"SELECT name FROM pragma_table_info('track')\" --format csv")
        XCTAssertEqual(ran.output, "name\r\nid\r\ntitle\r\n")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table track; echo EXITED $?; sleep 5", width: 120, height: 24)
        defer { session.kill() }
        session.waitFor("Intro")
        session.openEmptyRequestLine()
        session.send("PRAGMA table_info(track)")
        session.send("Enter")
        session.waitFor("its rows, as a query: SELECT * FROM pragma_table_info('track')")
        session.send("C-u")
        session.send("SELECT * FROM pragma_table_info('track')")
        session.send("Enter")
        session.waitFor(timeout: 5, "the pragma's rows") { $0.contains("title") && $0.contains("INTEGER") }
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// History across runs (item 14): a request run in one browser comes back with ↑ and Ctrl-R
    /// in the next; the file is 0600 under `$XDG_STATE_HOME/assoc`, nothing is written beside the
    /// database, `--no-history` and `ASSOC_HISTORY=0` leave the file alone, and a damaged file is
    /// skipped with one line.
    func testHistoryAcrossRuns() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            "CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Björk');",
            name: "history.sqlite")
        let folder = (db as NSString).deletingLastPathComponent
        let besideBefore = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let state = NSTemporaryDirectory() + "assoc-history-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let history = state + "/assoc/history"
        func browse(_ options: String = "", environment: String = "") throws -> TmuxSession {
            let command = "env XDG_STATE_HOME='\(state)' \(environment) '\(assoc)' '\(db)' --table artist \(options); echo EXITED $?; sleep 5"
            let session = try TmuxSession(command: command, width: 100, height: 24)
            session.waitFor("Björk")
            return session
        }
        var session = try browse()
        session.openEmptyRequestLine()
        session.send("artist.filter(id > 1)")
        session.send("Enter")
        session.waitFor(timeout: 5, "the filtered view") { !$0.contains("AC/DC") && $0.contains("Accept") }
        session.send("q")
        session.waitFor("EXITED 0")
        session.kill()
        XCTAssertEqual(try String(contentsOfFile: history, encoding: .utf8), "request\tartist.filter(id > 1)\n")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), besideBefore, "nothing beside the database")

        session = try browse()
        session.openEmptyRequestLine()
        session.send("Up")
        session.waitFor(": artist.filter(id > 1)")
        session.send("C-u")
        session.send("id >")
        session.waitFor(": id >")
        session.send("C-r")
        session.waitFor(": artist.filter(id > 1)")
        session.waitFor("History 1/1 holding ‘id >’")
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
        session.kill()

        // Off: the file keeps its bytes.
        let kept = try Data(contentsOf: URL(fileURLWithPath: history))
        for (options, environment) in [("--no-history", ""), ("", "ASSOC_HISTORY=0")] {
            session = try browse(options, environment: environment)
            session.send("/")
            session.send("id = 3")
            session.send("Enter")
            session.waitFor(timeout: 5, "filtered") { !$0.contains("Accept") }
            session.send("q")
            session.waitFor("EXITED 0")
            session.kill()
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: history)), kept, "\(options)\(environment)")
        }

        // Damaged: skipped in one line, and the browser works.
        try Data([0x72, 0x65, 0x71, 0x75, 0x65, 0x73, 0x74, 0x09, 0xFF, 0x0A] + Array("request\tartist\n".utf8)).write(
            to: URL(fileURLWithPath: history))
        session = try browse()
        session.waitFor("History: 1 damaged line skipped")
        session.openEmptyRequestLine()
        session.send("Up")
        session.waitFor(": artist")
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// Several sort keys (item 2): `s` then `S` sort by two columns, the marks say their ranks,
    /// `G` reaches the last row of that order (keyset paging on both keys), `u` goes back a step.
    func testSortingBySeveralColumns() throws {
        let assoc = try Products.assoc()
        var rows: [String] = []
        for id in 1...500 { rows.append("(\(id), 'c\(id % 3)', \(id % 7))") }
        let db = try Products.makeDatabase(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, city TEXT, rank INTEGER);
            INSERT INTO item VALUES \(rows.joined(separator: ", "));
            """, name: "multi-sort.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table item; echo EXITED $?; sleep 5", width: 100, height: 24)
        defer { session.kill() }
        session.waitFor("Rows: item")
        session.send("l")
        session.send("s")
        session.waitFor("Sorted by city ascending")
        session.send("l")
        session.send("S", "S")
        session.waitFor("Sorted by rank descending (2 sort keys)")
        // The first rows: city c0, rank 6 (ids 6, 27, 48…: id % 3 = 0, id % 7 = 6).
        var screen = session.waitFor(timeout: 5, "the first rows") { $0.range(of: #"│\s+6 │ c0\s+│\s+6"#, options: .regularExpression) != nil }
        XCTAssertTrue(screen.contains("city ¹▲") && screen.contains("rank ²▼"), screen)
        session.send("G")
        // The last row: city c2, rank 0, the greatest id among them (497: 497 % 3 = 2, 497 % 7 = 0).
        screen = session.waitFor(timeout: 5, "the last row") { $0.range(of: #"│\s*497 │ c2\s+│\s+0"#, options: .regularExpression) != nil }
        // u: one step back, rank ascending again; u again: city alone.
        session.send("u")
        screen = session.waitFor("rank ²▲")
        session.send("u")
        screen = session.waitFor(timeout: 5, "city alone") { $0.contains("city ▲") && !$0.contains("²") }
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// Labels by name (item 3): Northwind's `Orders.EmployeeID` reads `5 · Steven Buchanan`, not
    /// the job title; the record view says which columns label the employee.
    func testLabelsAreNamesNotJobTitles() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE Employees (EmployeeID INTEGER PRIMARY KEY, LastName TEXT, FirstName TEXT, Title TEXT);
            INSERT INTO Employees VALUES (2, 'Fuller', 'Andrew', 'Vice President, Sales'), (5, 'Buchanan', 'Steven', 'Sales Manager'),
              (3, 'Leverling', 'Janet', 'Sales Representative'), (4, 'Peacock', 'Margaret', 'Sales Representative');
            CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, EmployeeID INTEGER REFERENCES Employees(EmployeeID), ShipCity TEXT);
            INSERT INTO Orders VALUES (10248, 5, 'Reims'), (10249, 3, 'Münster'), (10250, 4, 'Rio');
            """, name: "labels-by-name.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table Orders; echo EXITED $?; sleep 5", width: 120, height: 30)
        defer { session.kill() }
        var screen = session.waitFor("5 · Steven Buchanan")
        XCTAssertTrue(screen.contains("3 · Janet Leverling"), screen)
        XCTAssertFalse(screen.contains("Sales Manager"), screen)
        session.send("v")
        screen = session.waitFor("EmployeeID is labelled by Employees.FirstName + LastName")
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// `I` at 80×24: the figures the pane has no room for are reached sideways (item 4).
    func testTheSummaryScrollsSidewaysAt80Columns() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE employee (id INTEGER PRIMARY KEY, lastName TEXT, title TEXT, salary REAL);
            INSERT INTO employee VALUES (1, 'Adams', 'General Manager', 9000), (2, 'Edwards', 'Sales Manager', 7000),
              (3, 'Peacock', 'Sales Support Agent', 5000), (4, 'Park', 'Sales Support Agent', 5200);
            """, name: "summary-sideways.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table employee; echo EXITED $?; sleep 5", width: 80, height: 24)
        defer { session.kill() }
        session.waitFor("Peacock")
        session.send("I")
        var screen = session.waitFor("Summary of 4 columns done")
        XCTAssertFalse(screen.contains("most frequent"), screen)
        XCTAssertTrue(screen.contains("▶"), screen)
        session.send("l", "l", "l", "l", "l", "l")
        // The last figures once every `l` is drawn ("most frequent" shows a key or two before).
        screen = session.waitFor("Sales Support Agent ×2")
        XCTAssertTrue(screen.contains("most frequent"), screen)
        XCTAssertTrue(screen.contains("◀"), screen)
        session.send("0")
        screen = session.waitFor(timeout: 5, "back to the first figures") { $0.contains("│ type") && !$0.contains("most frequent") }
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// `F` on a key column shows each key with its parent's label, as the grid does (item 13).
    func testFrequenciesOfAKeyColumnShowTheParentsLabel() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE track (id INTEGER PRIMARY KEY, title TEXT, genreId INTEGER REFERENCES genre(id));
            INSERT INTO genre VALUES (1, 'Rock'), (7, 'Bossa Nova'), (3, 'Metal');
            INSERT INTO track VALUES (1, 'a', 1), (2, 'b', 7), (3, 'c', 7), (4, 'd', 3), (5, 'e', 7), (6, 'f', 9);
            """, name: "frequency-labels.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table track; echo EXITED $?; sleep 5", width: 120, height: 24)
        defer { session.kill() }
        session.waitFor("7 · Bossa Nova")
        session.send("$")
        session.waitFor("col 3/3")
        session.send("F")
        let expected = ["Frequencies: genreId in track", "7 · Bossa Nova", "1 · Rock", "3 · Metal", "9 · ⚠ no genre"]
        session.waitFor(timeout: 5, "every value with its label") { screen in expected.allSatisfy { screen.contains($0) } }
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// `I`: distinct values leave NULL out, and the most frequent value is never NULL and says
    /// how many values tie with it.
    func testTheSummaryCountsDistinctWithoutNullAndShowsTies() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE orders (id INTEGER PRIMARY KEY, country TEXT, company TEXT);
            INSERT INTO orders VALUES (1, 'USA', NULL), (2, 'Germany', NULL), (3, 'USA', 'Acme'), (4, 'Germany', NULL), (5, NULL, NULL);
            """, name: "ties.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table orders; echo EXITED $?; sleep 5", width: 160, height: 24)
        defer { session.kill() }
        session.waitFor("Germany")
        session.send("I")
        let screen = session.waitFor("Summary of 3 columns done")
        XCTAssertTrue(screen.contains("Germany ×2 (2 values tie)"), screen)
        XCTAssertTrue(screen.range(of: #"country\s+│ text\s+│\s+1 │\s+2 │"#, options: .regularExpression) != nil, screen)
        XCTAssertTrue(screen.range(of: #"company\s+│ text\s+│\s+4 │\s+1 │"#, options: .regularExpression) != nil, screen)
        XCTAssertFalse(screen.contains("∅ ×"), screen)
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// In the help, `G` shows the last lines with the screen full (at 80×24 it used to leave one
    /// line of 21), PgDn stops there too, and `g` goes back to the first line.
    func testHelpEndsWithTheScreenFull() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1);", name: "help.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table t; echo EXITED $?; sleep 5", width: 80, height: 24)
        defer { session.kill() }
        session.waitFor("Rows: t")
        session.send("?")
        let first = session.waitFor("Help: keys by group")
        func filledLines(_ screen: String) -> Int {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard let title = lines.firstIndex(where: { $0.contains("Help: keys by group") }) else { return 0 }
            return lines[(title + 1)...].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }
        let full = filledLines(first)
        XCTAssertGreaterThanOrEqual(full, 18, first)
        session.send("G")
        let end = session.waitForChange(from: first, timeout: 5)
        XCTAssertGreaterThanOrEqual(filledLines(end), full - 3, "the last screenful is full: " + end)
        session.send("PageDown")
        let past = session.waitFor("Already at the end of the help")
        func body(_ screen: String) -> [Substring] { screen.split(separator: "\n").dropLast() }
        XCTAssertEqual(body(past), body(end), "PgDn past the end scrolls nothing, and says so")
        session.send("g")
        XCTAssertEqual(body(session.waitForChange(from: past, timeout: 5)), body(first))
        session.send("Escape")
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// One Esc too many leaves AC/DC's albums; `u` brings them back, with the cursor where it was.
    func testEscClosesWhatIsOpenAndUBringsBackTheViewBackspaceLeft() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(ChinookFixture.sql, name: "undo-back.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)'; echo EXITED $?; sleep 5")
        defer { session.kill() }
        session.waitFor("PlaylistTrack")
        session.send("Enter")  // Artist, the first table
        session.waitFor("AC/DC")
        session.send("Tab")
        session.waitFor("albums 2")
        session.send("j", "Enter")
        session.waitFor("1/2")
        session.send("j")  // the grid has the focus: the second album
        session.waitFor("2/2")
        // Esc closes what is open (the summary) and nothing more: once more, the view stays.
        session.send("I")
        session.waitFor("Summary: albums")
        session.send("Escape")
        session.waitFor("Summary closed")
        session.send("Escape")
        var screen = session.waitFor("Nothing open to close: Backspace goes back to Artist")
        XCTAssertTrue(screen.contains("› albums") && screen.contains("2/2"), screen)
        // Backspace goes back; u brings the view back.
        session.send("BSpace")
        screen = session.waitFor("Back from albums (u opens it again)")
        XCTAssertTrue(screen.contains("Rows: Artist"), screen)
        session.send("u")
        screen = session.waitFor("Undone: back to")
        screen = session.waitFor("2/2")
        XCTAssertTrue(screen.contains("› albums"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
