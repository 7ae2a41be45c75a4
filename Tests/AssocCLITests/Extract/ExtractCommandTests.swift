import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc extract` with the built binary, on databases the tests build: each output compared
/// with `SubsetOracle`'s independent closure (and, for the first cases, with rows counted by
/// hand), its schema with the source's, both PRAGMA checks clean, the source unchanged.
final class ExtractCommandTests: XCTestCase {
    static let music = """
        CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE genre (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE album (id INTEGER PRIMARY KEY, artistId INTEGER REFERENCES artist(id), title TEXT);
        CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), genreId INTEGER REFERENCES genre(id), name TEXT);
        CREATE TABLE playlist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE playlistTrack (playlistId INTEGER NOT NULL REFERENCES playlist(id), trackId INTEGER NOT NULL REFERENCES track(id),
          PRIMARY KEY (playlistId, trackId)) WITHOUT ROWID;
        CREATE INDEX album_artist ON album(artistId);
        CREATE INDEX track_album ON track(albumId);
        INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
        INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Metal'), (4, 'Blues');
        INSERT INTO album VALUES (1, 1, 'For Those About to Rock'), (2, 1, 'Let There Be Rock'), (3, 2, 'Balls to the Wall'),
          (4, 3, 'Big Ones'), (5, NULL, 'Compilation');
        INSERT INTO track VALUES (1, 1, 1, 'a'), (2, 1, 3, 'b'), (3, 2, 1, 'c'), (4, 3, 2, 'd'), (5, 4, 4, 'e'), (6, 5, 1, 'f'),
          (7, NULL, 2, 'g');
        INSERT INTO playlist VALUES (1, 'Mix'), (2, 'Other');
        INSERT INTO playlistTrack VALUES (1, 4), (1, 5), (2, 1);
        CREATE VIEW trackView AS SELECT track.name, album.title FROM track JOIN album ON album.id = track.albumId;
        CREATE TRIGGER track_insert AFTER INSERT ON track BEGIN UPDATE album SET title = title || '!' WHERE id = NEW.albumId; END;
        """

    func testAPathBringsItsRowsAndTheirParentsOnly() throws {
        let fixture = try ExtractFixture(sql: Self.music, test: self)
        let result = try fixture.run("artist.filter(key: 1)", ["--with", "albums.tracks"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let oracle = try SubsetOracle(path: fixture.source)
        let links = oracle.declaredLinks
        let albumArtist = try XCTUnwrap(links.first { $0.child == "album" })
        let trackAlbum = try XCTUnwrap(links.first { $0.child == "track" && $0.parent == "album" })
        let subset = oracle.closure(
            root: "artist", seeds: oracle.rows(of: "artist") { $0["id"] == .integer(1) },
            paths: [[.down(albumArtist), .down(trackAlbum)]], links: links)
        // By hand: AC/DC, its albums 1 and 2, their tracks 1, 2, 3 and those tracks' genres 1 and 3.
        XCTAssertEqual(ExtractFixture.values("id", of: "album", in: subset, oracle: oracle), [.integer(1), .integer(2)])
        XCTAssertEqual(ExtractFixture.values("id", of: "track", in: subset, oracle: oracle), [.integer(1), .integer(2), .integer(3)])
        XCTAssertEqual(ExtractFixture.values("id", of: "genre", in: subset, oracle: oracle), [.integer(1), .integer(3)])
        XCTAssertEqual(subset["playlist"] ?? [], [])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
        // The trigger exists but never fired: the album titles are the source's.
        let titles = try Connection(path: fixture.output()).fetchAll("SELECT title FROM album ORDER BY id")
        XCTAssertEqual(titles, [[.text("For Those About to Rock")], [.text("Let There Be Rock")]])
        // The summary: the rows per table that has some, in the schema's order, then the total and the time.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.dropLast(), ["  artist  1", "  genre   2", "  album   2", "  track   3"])
        XCTAssertTrue(lines.last?.hasPrefix("8 rows in 4 tables (2 empty) written to \(fixture.output()) in ") ?? false, result.stdout)
        XCTAssertTrue(lines.last?.hasSuffix(" s") ?? false, result.stdout)
    }

    func testAThroughPathBringsTheRowsItGoesThrough() throws {
        let fixture = try ExtractFixture(sql: Self.music, test: self)
        let result = try fixture.run("playlist.filter(key: 1)", ["--with", "tracks"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let oracle = try SubsetOracle(path: fixture.source)
        let links = oracle.declaredLinks
        let pivotPlaylist = try XCTUnwrap(links.first { $0.child == "playlistTrack" && $0.parent == "playlist" })
        let pivotTrack = try XCTUnwrap(links.first { $0.child == "playlistTrack" && $0.parent == "track" })
        let subset = oracle.closure(
            root: "playlist", seeds: oracle.rows(of: "playlist") { $0["id"] == .integer(1) },
            paths: [[.down(pivotPlaylist), .up(pivotTrack)]], links: links)
        // By hand: playlist 1's two links, tracks 4 and 5, albums 3 and 4, artists 2 and 3, genres 2 and 4.
        XCTAssertEqual(subset["playlisttrack"]?.count, 2)
        XCTAssertEqual(ExtractFixture.values("id", of: "track", in: subset, oracle: oracle), [.integer(4), .integer(5)])
        XCTAssertEqual(ExtractFixture.values("id", of: "artist", in: subset, oracle: oracle), [.integer(2), .integer(3)])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
    }

    func testAllChildrenFollowASelfReferenceDownAndParentsUpWithoutTheirChildren() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE employee (id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES employee(id),
                  deptId INTEGER REFERENCES dept(id));
                CREATE TABLE note (id INTEGER PRIMARY KEY, employeeId INTEGER REFERENCES employee(id), body TEXT);
                INSERT INTO dept VALUES (1, 'Board'), (2, 'Sales'), (3, 'Support'), (4, 'IT');
                INSERT INTO employee VALUES (1, 'Andrew', NULL, 1), (2, 'Nancy', 1, 2), (3, 'Jane', 2, 2), (4, 'Margaret', 2, 3),
                  (5, 'Steve', 3, 3), (6, 'Michael', 1, 1), (7, 'Robert', 6, 4);
                INSERT INTO note VALUES (1, 1, 'ceo'), (2, 2, 'nancy'), (3, 5, 'steve'), (4, 6, 'michael'), (5, 7, 'robert');
                """, test: self)
        let result = try fixture.run("employee.filter(key: 2)", ["--all-children"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let oracle = try SubsetOracle(path: fixture.source)
        let subset = oracle.closure(
            root: "employee", seeds: oracle.rows(of: "employee") { $0["id"] == .integer(2) }, allChildren: true, links: oracle.declaredLinks)
        // By hand: Nancy and her reports down (Jane, Margaret, Steve under Jane), their notes (2, 3);
        // up, her manager Andrew, without his note nor his other report Michael; the departments of all.
        XCTAssertEqual(ExtractFixture.values("id", of: "employee", in: subset, oracle: oracle), (1...5).map { .integer($0) })
        XCTAssertEqual(ExtractFixture.values("id", of: "note", in: subset, oracle: oracle), [.integer(2), .integer(3)])
        XCTAssertEqual(ExtractFixture.values("id", of: "dept", in: subset, oracle: oracle), (1...3).map { .integer($0) })
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
    }

    func testACompositeKey() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE race (season INTEGER, round INTEGER, name TEXT, PRIMARY KEY (season, round));
                CREATE TABLE result (id INTEGER PRIMARY KEY, season INTEGER, round INTEGER, driver TEXT,
                  FOREIGN KEY (season, round) REFERENCES race(season, round));
                INSERT INTO race VALUES (2020, 1, 'Austria'), (2020, 2, 'Styria'), (2021, 1, 'Bahrain'), (2021, 2, 'Imola');
                INSERT INTO result VALUES (1, 2020, 1, 'Ada'), (2, 2020, 2, 'Bob'), (3, 2021, 2, 'Ada'), (4, 2021, 1, 'Bob'), (5, 2021, 2, 'Cy');
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        let link = try XCTUnwrap(oracle.declaredLinks.first)
        XCTAssertEqual(try fixture.run("result.filter(driver == 'Ada')").status, 0)
        let up = oracle.closure(root: "result", seeds: oracle.rows(of: "result") { $0["driver"] == .text("Ada") }, links: [link])
        XCTAssertEqual(ExtractFixture.values("name", of: "race", in: up, oracle: oracle), [.text("Austria"), .text("Imola")])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: up)

        let down = fixture.output("down.sqlite")
        XCTAssertEqual(try fixture.run("race.filter(season == 2021)", ["--with", "results"], output: down).status, 0)
        let expected = oracle.closure(
            root: "race", seeds: oracle.rows(of: "race") { $0["season"] == .integer(2021) }, paths: [[.down(link)]], links: [link])
        XCTAssertEqual(ExtractFixture.values("id", of: "result", in: expected, oracle: oracle), [.integer(3), .integer(4), .integer(5)])
        try ExtractFixture.assertSubset(down, of: oracle, source: fixture.source, expected: expected)
    }

    func testATextKeyOfAWithoutRowidTable() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
                CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
                INSERT INTO country VALUES ('FR', 'France'), ('fr', 'lower case'), ('DE', 'Germany'), ('1', 'a number as text');
                INSERT INTO city VALUES (1, 'Lyon', 'FR'), (2, 'Berlin', 'DE'), (3, 'Paris', 'FR'), (4, 'Nowhere', '1'), (5, 'Lost', 'XX');
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        XCTAssertEqual(try fixture.run("city.filter(name == 'Lyon' OR name == 'Nowhere')").status, 0)
        let subset = oracle.closure(
            root: "city", seeds: oracle.rows(of: "city") { $0["name"] == .text("Lyon") || $0["name"] == .text("Nowhere") },
            links: oracle.declaredLinks)
        XCTAssertEqual(ExtractFixture.values("code", of: "country", in: subset, oracle: oracle), [.text("1"), .text("FR")])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
    }

    func testATableNameWithASpace() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE "sales order" (id INTEGER PRIMARY KEY, customer TEXT);
                CREATE TABLE "order item" (id INTEGER PRIMARY KEY, "order id" INTEGER REFERENCES "sales order"(id), product TEXT);
                INSERT INTO "sales order" VALUES (1, 'Ada'), (2, 'Bob');
                INSERT INTO "order item" VALUES (1, 1, 'pen'), (2, 2, 'ink'), (3, 2, 'paper');
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        let result = try fixture.run(#""sales order".filter(key: 2)"#, ["--all-children"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let subset = oracle.closure(
            root: "sales order", seeds: oracle.rows(of: "sales order") { $0["id"] == .integer(2) }, allChildren: true,
            links: oracle.declaredLinks)
        XCTAssertEqual(ExtractFixture.values("id", of: "order item", in: subset, oracle: oracle), [.integer(2), .integer(3)])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
    }

    func testBlobsAndOddValuesKeepTheirTypeAndBytes() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE asset (hash BLOB PRIMARY KEY, name TEXT) WITHOUT ROWID;
                CREATE TABLE attachment (id INTEGER PRIMARY KEY, assetHash BLOB REFERENCES asset(hash), data, label TEXT, ratio REAL);
                CREATE TABLE loose (a, b);
                INSERT INTO asset VALUES (x'00FF10', 'three bytes'), (x'', 'empty'), (x'CAFE', 'other');
                INSERT INTO attachment VALUES (1, x'00FF10', x'000102FF', CAST(x'C328FF' AS TEXT), -0.0),
                  (2, x'', zeroblob(5), 'e' || char(769) || char(0) || 'x', 1e308), (3, x'CAFE', 9223372036854775807, NULL, 0.1),
                  (4, NULL, '12', '  ', -1);
                INSERT INTO loose VALUES (1, 2);
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        XCTAssertEqual(try fixture.run("attachment.filter(id <= 2 OR id == 4)").status, 0)
        let subset = oracle.closure(
            root: "attachment", seeds: oracle.rows(of: "attachment") { $0["id"] != .integer(3) }, links: oracle.declaredLinks)
        XCTAssertEqual(subset["asset"]?.count, 2)
        // The fingerprints compare each value's storage class and bytes (hex): an invalid UTF-8
        // text, a NUL inside a text, -0.0, a zeroblob, an integer stored in an untyped column.
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
        let label = try Connection(path: fixture.output()).fetchAll("SELECT hex(label), typeof(label) FROM attachment WHERE id = 1")
        XCTAssertEqual(label, [[.text("C328FF"), .text("text")]])
    }

    func testACycleOfForeignKeysEnds() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE a (id INTEGER PRIMARY KEY, bId INTEGER REFERENCES b(id), name TEXT);
                CREATE TABLE b (id INTEGER PRIMARY KEY, aId INTEGER REFERENCES a(id), name TEXT);
                INSERT INTO a VALUES (1, 1, 'a1'), (2, 2, 'a2'), (3, 3, 'a3'), (4, NULL, 'a4');
                INSERT INTO b VALUES (1, 2, 'b1'), (2, 1, 'b2'), (3, 3, 'b3');
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        for (arguments, name) in [([String](), "up.sqlite"), (["--all-children"], "down.sqlite")] {
            let result = try fixture.run("a.filter(key: 1)", arguments, output: fixture.output(name))
            XCTAssertEqual(result.status, 0, result.stderr)
            let subset = oracle.closure(
                root: "a", seeds: oracle.rows(of: "a") { $0["id"] == .integer(1) }, allChildren: !arguments.isEmpty, links: oracle.declaredLinks)
            // By hand: a1 → b1 → a2 → b2 → a1, and nothing of the other cycle.
            XCTAssertEqual(ExtractFixture.values("id", of: "a", in: subset, oracle: oracle), [.integer(1), .integer(2)])
            XCTAssertEqual(ExtractFixture.values("id", of: "b", in: subset, oracle: oracle), [.integer(1), .integer(2)])
            try ExtractFixture.assertSubset(fixture.output(name), of: oracle, source: fixture.source, expected: subset)
        }
    }

    func testInferredLinksAreFollowedLikeDeclaredOnes() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER, title TEXT);
                INSERT INTO author VALUES (1, 'Austen'), (2, 'Brontë'), (3, 'Collins');
                INSERT INTO book VALUES (1, 1, 'Emma'), (2, 1, 'Persuasion'), (3, 2, 'Villette'), (4, 3, 'Armadale');
                """, test: self)
        let oracle = try SubsetOracle(path: fixture.source)
        XCTAssertEqual(oracle.declaredLinks.count, 0, "no foreign key is declared")
        let link = SubsetOracle.Link(child: "book", childColumns: ["authorId"], parent: "author", parentColumns: ["id"])
        XCTAssertEqual(try fixture.run("book.filter(key: 3)").status, 0)
        let up = oracle.closure(root: "book", seeds: oracle.rows(of: "book") { $0["id"] == .integer(3) }, links: [link])
        XCTAssertEqual(ExtractFixture.values("name", of: "author", in: up, oracle: oracle), [.text("Brontë")])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: up)

        let down = fixture.output("down.sqlite")
        XCTAssertEqual(try fixture.run("author.filter(key: 1)", ["--all-children"], output: down).status, 0)
        let expected = oracle.closure(
            root: "author", seeds: oracle.rows(of: "author") { $0["id"] == .integer(1) }, allChildren: true, links: [link])
        XCTAssertEqual(ExtractFixture.values("id", of: "book", in: expected, oracle: oracle), [.integer(1), .integer(2)])
        try ExtractFixture.assertSubset(down, of: oracle, source: fixture.source, expected: expected)
    }

    func testAnAssociationsFileAddsLinks() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE memo (id INTEGER PRIMARY KEY, writtenBy INTEGER, body TEXT);
                INSERT INTO person VALUES (1, 'Ada'), (2, 'Bob');
                INSERT INTO memo VALUES (1, 2, 'hello'), (2, 1, 'hi'), (3, 2, 'bye');
                """, test: self)
        let links = fixture.outputDirectory.appendingPathComponent("links.assoc").path
        try #"memo.belongsTo(person, key: "writer", using: [writtenBy], to: [id])"#.write(toFile: links, atomically: true, encoding: .utf8)
        let oracle = try SubsetOracle(path: fixture.source)
        let link = SubsetOracle.Link(child: "memo", childColumns: ["writtenBy"], parent: "person", parentColumns: ["id"])

        // Without the file, the memo comes alone (writtenBy names no table): its writer is not known.
        let alone = fixture.output("alone.sqlite")
        XCTAssertEqual(try fixture.run("memo.filter(key: 1)", [], output: alone).status, 0)
        try ExtractFixture.assertSubset(
            alone, of: oracle, source: fixture.source, expected: ["memo": oracle.rows(of: "memo") { $0["id"] == .integer(1) }])

        let result = try fixture.run("memo.filter(key: 1)", ["--associations", links])
        XCTAssertEqual(result.status, 0, result.stderr)
        let subset = oracle.closure(root: "memo", seeds: oracle.rows(of: "memo") { $0["id"] == .integer(1) }, links: [link])
        XCTAssertEqual(ExtractFixture.values("name", of: "person", in: subset, oracle: oracle), [.text("Bob")])
        try ExtractFixture.assertSubset(fixture.output(), of: oracle, source: fixture.source, expected: subset)
    }

    func testTheDemoDatabase() throws {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        // The demo the command builds, the same every time, saved for the oracle to read.
        let copy = directory.appendingPathComponent("demo.sqlite").path
        try DemoDatabase.make().execute("VACUUM INTO '\(copy)'")
        let out = directory.appendingPathComponent("out.sqlite").path
        let result = try BinaryRunner.run(["extract", "library.filter(key: 1)", "--with", "books.prizes", "--output", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let oracle = try SubsetOracle(path: copy)
        let links = oracle.declaredLinks
        let bookLibrary = try XCTUnwrap(links.first { $0.child == "book" && $0.parent == "library" })
        let prizeBook = try XCTUnwrap(links.first { $0.child == "prize" && $0.parent == "book" })
        let subset = oracle.closure(
            root: "library", seeds: oracle.rows(of: "library") { $0["id"] == .integer(1) },
            paths: [[.down(bookLibrary), .down(prizeBook)]], links: links)
        XCTAssertGreaterThan(subset["book"]?.count ?? 0, 1)
        XCTAssertGreaterThan(subset["person"]?.count ?? 0, 0, "the books' authors")
        try ExtractFixture.assertSubset(out, of: oracle, source: copy, expected: subset)
    }
}

/// What a table can hold besides plain columns: generated columns, AUTOINCREMENT counters, a
/// column named `rowid` (the rowid kept under another name), STRICT types, a user version, and
/// a virtual table (created empty, as the source declares it).
final class ExtractTableKindsTests: XCTestCase {
    func testGeneratedColumnsCountersARowidColumnStrictTablesAndAVirtualTable() throws {
        let fixture = try ExtractFixture(
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT,
                  up TEXT GENERATED ALWAYS AS (upper(name)) STORED, low TEXT AS (lower(name)));
                CREATE TABLE child (rowid TEXT, parentId INTEGER REFERENCES parent(id), v);
                CREATE TABLE s (id INTEGER PRIMARY KEY, x INT) STRICT;
                INSERT INTO parent (name) VALUES ('Ada'), ('Bob'), ('Cy');
                DELETE FROM parent WHERE id = 3;
                INSERT INTO child VALUES ('r1', 1, 1), ('r2', 2, 2), ('r3', 2, 3);
                DELETE FROM child WHERE v = 1;
                INSERT INTO s VALUES (1, 5);
                PRAGMA user_version = 7;
                """, test: self)
        let hasFTS5 = (try? Connection.inMemory().execute("CREATE VIRTUAL TABLE f USING fts5(body)")) != nil
        if hasFTS5 {
            let writer = try Connection(path: fixture.source, mode: .readWrite(create: false))
            try writer.execute("CREATE VIRTUAL TABLE docs USING fts5(body); INSERT INTO docs VALUES ('hello')")
        }
        let result = try fixture.run("child.filter(v == 3)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = try Connection(path: fixture.output())
        // By hand: child 'r3' (rowid 3, kept) and its parent Bob (id 2, generated columns recomputed).
        XCTAssertEqual(try out.fetchAll("SELECT _rowid_, rowid, parentId FROM child"), [[.integer(3), .text("r3"), .integer(2)]])
        XCTAssertEqual(try out.fetchAll("SELECT id, name, up, low FROM parent"), [[.integer(2), .text("Bob"), .text("BOB"), .text("bob")]])
        // The counter is the source's (3: Cy was inserted, then deleted), not the copy's own.
        XCTAssertEqual(try out.fetchAll("SELECT name, seq FROM sqlite_sequence"), [[.text("parent"), .integer(3)]])
        XCTAssertEqual(try out.fetchAll("PRAGMA user_version"), [[.integer(7)]])
        XCTAssertEqual(try out.fetchAll("PRAGMA integrity_check"), [[.text("ok")]])
        XCTAssertEqual(try out.fetchAll("PRAGMA foreign_key_check"), [])
        let schema = "SELECT type, name, sql FROM sqlite_schema ORDER BY name"
        XCTAssertEqual(try out.fetchAll(schema), try Connection(path: fixture.source).fetchAll(schema))
        if hasFTS5 {
            XCTAssertEqual(try out.fetchAll("SELECT count(*) FROM docs"), [[.integer(0)]])
            XCTAssertTrue(result.stdout.contains("Virtual tables created empty: docs"), result.stdout)
            try ExtractRefusalHelpers.assertOneLine(try fixture.run("docs", output: fixture.output("docs.sqlite")), naming: "virtual table")
        }
    }
}

/// Shared by the extract tests: a failed run's one line.
enum ExtractRefusalHelpers {
    static func assertOneLine(_ result: BinaryRunner.Result, naming words: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 1, file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(words), result.stderr, file: file, line: line)
    }
}
