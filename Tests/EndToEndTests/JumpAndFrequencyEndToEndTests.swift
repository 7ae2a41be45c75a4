import Foundation
import XCTest

/// `J` and `F` in the real `assoc` binary under tmux: a five-hop jump from an artist to the
/// customers who bought its tracks, and the frequencies of a column of a million rows.
final class JumpAndFrequencyEndToEndTests: XCTestCase {
    /// Artist 1 (Alpha): album 1, tracks 1 and 2, bought by Ann (twice) and Bob; Cid bought nothing.
    static let storeSQL = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album(AlbumId));
        CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer(CustomerId));
        CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY, InvoiceId INTEGER NOT NULL REFERENCES Invoice(InvoiceId),
          TrackId INTEGER NOT NULL REFERENCES Track(TrackId));
        INSERT INTO Artist VALUES (1, 'Alpha'), (2, 'Beta');
        INSERT INTO Album VALUES (1, 'First', 1), (2, 'Second', 2);
        INSERT INTO Track VALUES (1, 'One', 1), (2, 'Two', 1), (3, 'Three', 2);
        INSERT INTO Customer VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
        INSERT INTO Invoice VALUES (1, 1), (2, 2), (3, 3);
        INSERT INTO InvoiceLine VALUES (1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 3, 3);
        """

    func testJumpListReachesTheCustomersOfAnArtistInThreeKeys() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.storeSQL, name: "jump.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table Artist; echo EXITED $?; sleep 5", width: 120, height: 30)
        defer { session.kill() }
        session.waitFor("Alpha")
        session.send("J")
        var screen = session.waitFor("Jump from Artist · #1 Alpha")
        XCTAssertTrue(screen.contains("Customer     5 hops  albums → tracks → invoiceLines → invoice → customer"), screen)
        session.send("cu", "Enter")
        screen = session.waitFor("Artist › #1 Alpha › albums → tracks → invoiceLines → invoice → customer")
        screen = session.waitFor("Bob")
        XCTAssertTrue(screen.contains("Ann"), screen)
        XCTAssertFalse(screen.contains("Cid"), "Cid bought nothing of Alpha's:\n\(screen)")
        XCTAssertEqual(screen.components(separatedBy: "Ann").count - 1, 1, "Ann bought two tracks, and comes once:\n\(screen)")
        XCTAssertTrue(screen.contains(#"SELECT * FROM "Customer" WHERE "CustomerId" IN (SELECT "CustomerId" FROM"#), screen)
        // Back, then every row of the view: Cid bought Beta's track.
        session.send("BSpace")
        session.waitFor("Rows: Artist")
        session.send("J", "customer", "C-a")
        screen = session.waitFor("Cid")
        XCTAssertTrue(screen.contains("all 2 rows"), screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// A rowid table with a composite primary key (Sakila's `film_actor`) is shown in key order,
    /// and `#` compares the first column of that key, not the hidden rowid (issue 29, item 12).
    /// The rows are inserted in reverse key order: actor 300 has rowids 1…3, actor 5 rowids 886…888.
    func testHashOnACompositeKeyComparesItsFirstColumn() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE film_actor (actor_id SMALLINT NOT NULL, film_id SMALLINT NOT NULL, note TEXT,
                                     PRIMARY KEY (actor_id, film_id));
            WITH RECURSIVE i(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM i WHERE x < 899)
            INSERT INTO film_actor SELECT 300 - x / 3, 3 - x % 3, 'n' || x FROM i;
            """, name: "film_actor.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table film_actor; echo EXITED $?; sleep 5", width: 120, height: 30)
        defer { session.kill() }
        var screen = session.waitFor("keyset paging on actor_id, film_id")
        XCTAssertTrue(screen.contains(#"ORDER BY "actor_id", "film_id""#), screen)
        session.send("#")
        session.tmux(["send-keys", "-t", "0", "-l", "5"])
        session.send("Enter")
        // Actors 1…4 have three films each: actor 5's first film is row 13.
        screen = session.waitFor("13/900")
        XCTAssertTrue(screen.contains("Jumped to the first key at least 5"), screen)
        XCTAssertTrue(screen.range(of: #"│\s+5 │\s+1 │"#, options: .regularExpression) != nil, screen)
        session.send("q")
        session.waitFor("EXITED 0")
    }

    func testFrequenciesOfAMillionRowColumn() throws {
        let assoc = try Products.assoc()
        // Colours by id modulo 10: red for 0…4, green for 5…7, blue for 8 and 9.
        let db = try Products.makeDatabase(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, color TEXT NOT NULL);
            WITH RECURSIVE i(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM i WHERE x < 1000000)
            INSERT INTO item SELECT x, CASE WHEN x % 10 < 5 THEN 'red' WHEN x % 10 < 8 THEN 'green' ELSE 'blue' END FROM i;
            """, name: "million.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table item; echo EXITED $?; sleep 5", width: 120, height: 30)
        defer { session.kill() }
        session.waitFor("red")
        session.send("l", "F")
        var screen = session.waitFor("Frequencies: color in item", timeout: 30)
        screen = session.waitFor("1/3 values · 1000000 rows", timeout: 30)
        for expected in ["red   │ 500000 │  50.0 %", "green │ 300000 │  30.0 %", "blue  │ 200000 │  20.0 %"] {
            XCTAssertTrue(screen.contains(expected), "\(expected) in:\n\(screen)")
        }
        XCTAssertTrue(screen.contains(#"GROUP BY "value""#), screen)
        // Enter on green filters the view.
        session.send("j", "Enter")
        session.waitFor("Filter: color = 'green' (300000 rows)")
        screen = session.waitFor("/300000", timeout: 30)
        session.send("q")
        session.waitFor("EXITED 0")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "the database is never written")
    }
}
