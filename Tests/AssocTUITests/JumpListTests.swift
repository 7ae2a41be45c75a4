import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// `J`: the tables reachable from the view's table, their shortest paths, narrowing, and the
/// request Enter (the row) and Ctrl-A (every row) open, on a schema whose answers are counted by hand.
final class JumpListTests: XCTestCase, ChinookBrowsing {
    /// Artist 1 (Alpha) has album 1 with tracks 1 and 2; artist 2 (Beta) has album 2 with track 3.
    /// Lines: track 1 and 2 on invoice 1 (Ann), track 2 on invoice 2 (Bob), track 3 on invoice 3 (Ann).
    /// Cid bought nothing. Employees: Eve manages Max; Ann and Bob are Max's customers.
    static let sql = """
        CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, Name TEXT, ReportsTo INTEGER REFERENCES Employee(EmployeeId));
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album(AlbumId));
        CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, Name TEXT, SupportRepId INTEGER REFERENCES Employee(EmployeeId));
        CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer(CustomerId));
        CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY, InvoiceId INTEGER NOT NULL REFERENCES Invoice(InvoiceId),
          TrackId INTEGER NOT NULL REFERENCES Track(TrackId));
        INSERT INTO Employee VALUES (1, 'Eve', NULL), (2, 'Max', 1);
        INSERT INTO Artist VALUES (1, 'Alpha'), (2, 'Beta');
        INSERT INTO Album VALUES (1, 'First', 1), (2, 'Second', 2);
        INSERT INTO Track VALUES (1, 'One', 1), (2, 'Two', 1), (3, 'Three', 2);
        INSERT INTO Customer VALUES (1, 'Ann', 2), (2, 'Bob', 2), (3, 'Cid', NULL);
        INSERT INTO Invoice VALUES (1, 1), (2, 2), (3, 1);
        INSERT INTO InvoiceLine VALUES (1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 3, 3);
        """

    func storeApp(width: Int = 100, height: Int = 30) throws -> BrowserApp {
        try makeApp(database: try TestDatabase.make(Self.sql), width: width, height: height)
    }

    func names(_ app: BrowserApp) -> [String] {
        (app.state.rows?.rows ?? []).compactMap { row in
            guard let index = app.state.rows?.columns.firstIndex(where: { $0.name == "Name" }), index < row.count,
                case .text(let name) = row[index]
            else { return nil }
            return name
        }
    }

    func testPathsAreShortestAndReachFiveHops() throws {
        let source = RequestDataSource(database: try TestDatabase.make(Self.sql))
        let targets = JumpPaths.targets(from: "Artist", graph: source.graph)
        let paths = targets.map { "\($0.table): \($0.pathText)" }
        XCTAssertEqual(
            paths,
            [
                "Album: albums",
                "Track: albums → tracks",
                "InvoiceLine: albums → tracks → invoiceLines",
                "Invoice: albums → tracks → invoiceLines → invoice",
                "Customer: albums → tracks → invoiceLines → invoice → customer",
                "Employee: albums → tracks → invoiceLines → invoice → customer → supportRep"
            ])
        // The origin comes back only through a self-reference: an employee's manager.
        let fromEmployee = JumpPaths.targets(from: "Employee", graph: source.graph)
        XCTAssertEqual(fromEmployee.filter { $0.table == "Employee" }.map(\.pathText), ["reportsTo", "employeesAsReportsTo"])
        XCTAssertEqual(fromEmployee.filter { $0.table == "Employee" }.map(\.hops), [1, 1])
        XCTAssertFalse(fromEmployee.contains { $0.table == "Employee" && $0.hops > 1 })
    }

    func testSeveralShortestPathsAreListedEach() throws {
        // Two routes of two hops from Book to Person: by its author and by its editor's… no: by
        // two foreign keys to the same table, then on to its country.
        let database = try TestDatabase.make(
            """
            CREATE TABLE Country (code TEXT PRIMARY KEY);
            CREATE TABLE Person (id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES Country(code));
            CREATE TABLE Book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES Person(id), editorId INTEGER REFERENCES Person(id));
            """)
        let targets = JumpPaths.targets(from: "Book", graph: database.graph)
        let paths = targets.map { "\($0.table): \($0.pathText)" }
        XCTAssertEqual(paths.filter { $0.hasPrefix("Country") }.count, 2, "\(paths)")
        XCTAssertEqual(paths.filter { $0.hasPrefix("Person") }.count, 2, "\(paths)")
        XCTAssertEqual(targets.map(\.hops), targets.map(\.hops).sorted(), "nearest first")
    }

    func testEnterOpensTheRecordsLinkedToTheRowEachOnce() throws {
        let app = try storeApp()
        try open(app, "Artist")
        press(app, .character("J"))
        let list = try XCTUnwrap(app.state.jumpList)
        XCTAssertEqual(list.origin, "Artist")
        XCTAssertEqual(list.rowLabel, "#1 Alpha")
        type(app, "cust")
        // Customer by its name, then Employee by a link's name (its path goes through customer).
        XCTAssertEqual(app.state.jumpList?.shown.map(\.table), ["Customer", "Employee"])
        press(app, .enter)
        XCTAssertNil(app.state.jumpList)
        XCTAssertEqual(app.state.rows?.view.table, "Customer")
        // Ann bought two tracks of Alpha (once on invoice 1, on one line each): she comes once.
        XCTAssertEqual(names(app), ["Ann", "Bob"])
        XCTAssertEqual(
            try app.state.rows?.view.request.languageText(),
            "Artist.filter(key: 1).request(for: albums).request(for: tracks).request(for: invoiceLines)"
                + ".request(for: invoice).request(for: customer)")
        let screen = lines(app)
        XCTAssertTrue(screen[0].contains("Artist › #1 Alpha › albums → tracks → invoiceLines → invoice → customer"), screen[0])
        // Back: Artist again, and Beta's customers are Ann only.
        press(app, .backspace)
        XCTAssertEqual(app.state.rows?.view.table, "Artist")
        press(app, .down, .character("J"))
        type(app, "customer")
        press(app, .enter)
        XCTAssertEqual(names(app), ["Ann"])
    }

    func testControlAOpensTheRecordsLinkedToEveryRowOfTheView() throws {
        let app = try storeApp()
        try open(app, "Artist")
        press(app, .character("J"))
        type(app, "Customer")
        press(app, .control("a"))
        XCTAssertEqual(names(app), ["Ann", "Bob"])
        XCTAssertEqual(app.state.rows?.view.rowLabel, "all 2 rows")
        let text = try XCTUnwrap(app.state.rows?.view.request.languageText())
        XCTAssertTrue(text.hasPrefix("Artist.request(for: albums).request(for: tracks)"), text)
        // From a filtered view, every row means the rows it shows: Beta only.
        press(app, .backspace, .character("/"))
        type(app, "Name = 'Beta'")
        press(app, .enter, .character("J"))
        type(app, "Customer")
        press(app, .control("a"))
        XCTAssertEqual(names(app), ["Ann"])
    }

    func testNarrowingEscapeAndNoMatch() throws {
        let app = try storeApp()
        try open(app, "Artist")
        press(app, .character("J"))
        XCTAssertEqual(app.state.jumpList?.shown.count, 6)
        // A link name narrows too: "invoice" matches Invoice and InvoiceLine by table, the rest by path.
        type(app, "invoice")
        XCTAssertEqual(app.state.jumpList?.shown.map(\.table), ["Invoice", "InvoiceLine", "Customer", "Employee"])
        type(app, "zz")
        XCTAssertEqual(app.state.jumpList?.shown.count, 0)
        press(app, .enter)
        XCTAssertEqual(app.state.message?.text, "No reachable table matches \"invoicezz\": Backspace widens the list")
        XCTAssertNotNil(app.state.jumpList)
        press(app, .backspace, .backspace)
        XCTAssertEqual(app.state.jumpList?.shown.count, 4)
        press(app, .escape)
        XCTAssertNil(app.state.jumpList)
        XCTAssertEqual(app.state.rows?.view.table, "Artist", "Esc closes the list, the view stays")
    }

    func testTheListAt80x24() throws {
        let app = try storeApp(width: 80, height: 24)
        try open(app, "Artist")
        press(app, .character("J"))
        type(app, "c")
        let screen = lines(app)
        // Written by hand: the title with the row, the typed text, tables matching "c" by name,
        // ranked (Customer begins with it; Track, Invoice, InvoiceLine contain it, shorter first),
        // then by a link's name (Employee, via customer).
        XCTAssertEqual(
            Array(screen[1...7]),
            [
                "━ Jump from Artist · #1 Alpha ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 5 of 6 paths ━",
                " to: c",
                " Customer     5 hops  albums → tracks → invoiceLines → invoice → customer",
                " Track        2 hops  albums → tracks",
                " Invoice      4 hops  albums → tracks → invoiceLines → invoice",
                " InvoiceLine  3 hops  albums → tracks → invoiceLines",
                " Employee     6 hops  albums → tracks → invoiceLines → invoice → customer → sup…"
            ])
        XCTAssertEqual(
            screen[22].trimmingTrailing(),
            "Enter: records linked to #1 Alpha · Ctrl-A: to all 2 rows · type to narrow · Es…")
    }
}

extension String {
    fileprivate func trimmingTrailing() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
