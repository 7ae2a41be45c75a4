import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc report` with the built binary, on a Chinook-like file with one orphan: the rows,
/// orphans, NULL keys, buckets and the Mermaid block counted by hand; JSON with the same numbers;
/// a view that never ends shown `?` and left out; the budget; hostile names escaped.
final class ReportCommandTests: XCTestCase {
    /// ChinookFixture with one more track, whose album (99) does not exist: Track.album has one
    /// orphan. By hand: Artist 3 rows, ArtistBio 1, Album 4, Genre 2, MediaType 1, Track 8,
    /// Playlist 2, PlaylistTrack 3. Track.genre: tracks 4 and 7 have a NULL GenreId.
    /// Artist.albums: AC/DC 2 (albums 1, 4), Accept 2 (2, 3), Aerosmith 0.
    /// Album.tracks: album 1 three (1, 6, 7), album 2 one, album 3 two, album 4 one.
    /// Genre.tracks: Rock five (1, 2, 3, 5, 6), Jazz one (8). Playlist.playlistTracks: 3 and 0.
    /// Artist.artistBio: AC/DC one, the two others none.
    static let sql = ChinookFixture.sql + "\nINSERT INTO Track VALUES (8, 'Lost', 99, 1, 2, NULL, 1000, 0.99);\n"

    private func file(_ sql: String, name: String = "chinook.sqlite") throws -> String {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return try makeDatabaseFile(name, in: directory, sql: sql)
    }

    /// The lines of `markdown` from the heading `heading` to the next heading of any level.
    private func section(_ heading: String, of markdown: String) -> [String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    func testMarkdownHasTheCountsComputedByHand() throws {
        let path = try file(Self.sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.run(["report", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = result.stdout
        XCTAssertTrue(report.hasPrefix("# chinook.sqlite\n"), report)

        let tables = section("## Tables and views", of: report).filter { $0.hasPrefix("| ") }
        XCTAssertEqual(
            tables,
            [
                "| Name | Kind | Rows |", "| Artist | table | 3 |", "| ArtistBio | table | 1 |", "| Album | table | 4 |",
                "| Genre | table | 2 |", "| MediaType | table | 1 |", "| Track | table | 8 |", "| Playlist | table | 2 |",
                "| PlaylistTrack | table | 3 |"
            ])
        // The same counts from SQLite directly, without AssocCore's statements.
        let connection = try Connection(path: path, mode: .readOnly)
        for line in tables.dropFirst() {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let count = try connection.fetchAll("SELECT COUNT(*) FROM \"\(cells[0])\"").first?.first
            XCTAssertEqual(count, .integer(Int64(cells[2]) ?? -1), line)
        }

        let belongsTo = section("### belongsTo: orphans and NULL keys", of: report)
        for row in [
            "| Album.artist | 4 | 0 | 0 |", "| ArtistBio.artist | 1 | 0 | 0 |", "| Track.album | 8 | 0 | ⚠ 1 |",
            "| Track.mediaType | 8 | 0 | 0 |", "| Track.genre | 8 | 2 | 0 |", "| PlaylistTrack.playlist | 3 | 0 | 0 |",
            "| PlaylistTrack.track | 3 | 0 | 0 |"
        ] {
            XCTAssertTrue(belongsTo.contains(row), "\(row) in\n\(belongsTo.joined(separator: "\n"))")
        }
        XCTAssertTrue(
            belongsTo.contains(
                "- Track.album, 1 orphan: `Track.joining(optional: album.aliased(\"parent\")).filter(AlbumId IS NOT NULL AND parent.AlbumId IS NULL)`"
            ), belongsTo.joined(separator: "\n"))

        let hasOne = section("### hasOne: really at most one?", of: report)
        XCTAssertTrue(hasOne.contains("| Artist.artistBio | 3 | 2 | 1 | 0 | 1 | yes |"), hasOne.joined(separator: "\n"))

        // Rows, then 0, 1, 2–5, 6–20, 21–100, >100, then min, median, max.
        let toMany = section("### To-many: cardinality profiles", of: report)
        for prefix in [
            "| Artist.albums | 3 | 1 | 0 | 2 | 0 | 0 | 0 | 0 | 2 | 2 |", "| Album.tracks | 4 | 0 | 2 | 2 | 0 | 0 | 0 | 1 | 1 | 3 |",
            "| Genre.tracks | 2 | 0 | 1 | 1 | 0 | 0 | 0 | 1 | 1 | 5 |", "| Playlist.playlistTracks | 2 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 3 |"
        ] {
            XCTAssertTrue(toMany.contains { $0.hasPrefix(prefix) }, "\(prefix) in\n\(toMany.joined(separator: "\n"))")
        }
        XCTAssertTrue(toMany.contains("| Artist.albums | 3 | 1 | 0 | 2 | 0 | 0 | 0 | 0 | 2 | 2 | ▄·█··· |"), toMany.joined(separator: "\n"))

        // How each was found; through associations name their steps.
        let associations = section("## Associations", of: report)
        XCTAssertTrue(associations.contains("| Track.album | belongsTo | Album | AlbumId → AlbumId | foreign key |"))
        XCTAssertTrue(associations.contains("| Artist.tracks | hasManyThrough | Track | via albums → tracks | foreign key |"))

        // The Mermaid block is the schema's diagram, with the relationships written by hand here.
        let diagram = section("## Diagram", of: report).joined(separator: "\n")
        let mermaid = try BinaryRunner.run(["schema", path, "--format", "mermaid"]).stdout
        XCTAssertTrue(diagram.contains("```mermaid\n" + mermaid + "```"), diagram)
        for relationship in [
            "ArtistBio |o--|| Artist : \"artist\"", "Album }o--|| Artist : \"artist\"", "Track }o--o| Album : \"album\"",
            "Track }o--|| MediaType : \"mediaType\"", "Track }o--o| Genre : \"genre\"", "PlaylistTrack }o--|| Playlist : \"playlist\"",
            "PlaylistTrack }o--|| Track : \"track\""
        ] {
            XCTAssertTrue(mermaid.contains("  " + relationship + "\n"), relationship)
        }
        XCTAssertEqual(section("## Left out", of: report).filter { !$0.isEmpty }, ["Nothing: every count finished within its time limit."])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the file is never written")
    }

    func testJSONCarriesTheSameNumbers() throws {
        let path = try file(Self.sql)
        let result = try BinaryRunner.run(["report", path, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        XCTAssertEqual(object["database"] as? String, "chinook.sqlite")
        let tables = try XCTUnwrap(object["tables"] as? [[String: Any]])
        let rows = Dictionary(tables.map { ($0["name"] as? String ?? "", $0["rows"] as? Int ?? -1) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(
            rows, ["Artist": 3, "ArtistBio": 1, "Album": 4, "Genre": 2, "MediaType": 1, "Track": 8, "Playlist": 2, "PlaylistTrack": 3])

        let items = try XCTUnwrap(object["associations"] as? [[String: Any]])
        func item(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(items.first { "\($0["origin"] ?? "").\($0["name"] ?? "")" == name }, name)
        }
        let orphans = try items.filter { $0["kind"] as? String == "belongsTo" }.map { item -> (String, Int) in
            let counted = try XCTUnwrap(item["orphans"] as? [String: Any])
            return ("\(item["origin"] ?? "").\(item["name"] ?? "")", counted["count"] as? Int ?? -1)
        }
        XCTAssertEqual(
            Dictionary(orphans, uniquingKeysWith: { a, _ in a }),
            [
                "Album.artist": 0, "ArtistBio.artist": 0, "Track.album": 1, "Track.mediaType": 0, "Track.genre": 0,
                "PlaylistTrack.playlist": 0, "PlaylistTrack.track": 0
            ])
        XCTAssertEqual(try item("Track.album")["source"] as? String, "foreignKey")
        let genre = try XCTUnwrap(try item("Track.genre")["profile"] as? [String: Any])
        XCTAssertEqual(genre["nullKeys"] as? Int, 2)
        XCTAssertEqual(genre["rows"] as? Int, 8)

        let albums = try XCTUnwrap(try item("Artist.albums")["profile"] as? [String: Any])
        let buckets = try XCTUnwrap(albums["buckets"] as? [[String: Any]])
        XCTAssertEqual(buckets.map { $0["label"] as? String ?? "" }, ["0", "1", "2–5", "6–20", "21–100", ">100"])
        XCTAssertEqual(buckets.map { $0["rows"] as? Int ?? -1 }, [1, 0, 2, 0, 0, 0])
        XCTAssertEqual([albums["minimum"], albums["median"], albums["maximum"]].map { $0 as? Int }, [0, 2, 2])
        let tracks = try XCTUnwrap(try item("Album.tracks")["profile"] as? [String: Any])
        XCTAssertEqual((tracks["buckets"] as? [[String: Any]])?.map { $0["rows"] as? Int ?? -1 }, [0, 2, 2, 0, 0, 0])
        XCTAssertEqual([tracks["minimum"], tracks["median"], tracks["maximum"]].map { $0 as? Int }, [1, 1, 3])
        let bio = try XCTUnwrap(try item("Artist.artistBio")["profile"] as? [String: Any])
        XCTAssertEqual(bio["atMostOne"] as? Bool, true)
        XCTAssertEqual(try item("Artist.tracks")["through"] as? [String], ["albums", "tracks"])

        let markdown = try BinaryRunner.run(["report", path]).stdout
        XCTAssertTrue(markdown.contains("```mermaid\n" + (object["mermaid"] as? String ?? "-") + "```\n"))
        XCTAssertEqual((object["leftOut"] as? [Any])?.count, 0)
    }

    /// How each association was found: a declared foreign key, a column's name, an associations
    /// file; the orphans of each counted by hand (`OrphanFixture`).
    func testSaysHowEachAssociationWasFound() throws {
        let path = try file(OrphanFixture.sql, name: "f1.sqlite")
        let links = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("links.assoc").path
        try OrphanFixture.associations.write(toFile: links, atomically: true, encoding: .utf8)
        let result = try BinaryRunner.run(["report", path, "--associations", links])
        XCTAssertEqual(result.status, 0, result.stderr)
        let associations = section("## Associations", of: result.stdout)
        for row in [
            "| driver.nationalityCountry | belongsTo | country | nationalityCountryId → id | foreign key |",
            "| driver.team | belongsTo | team | teamId → id | column names |",
            "| driver.mentor | belongsTo | driver | mentorRef → id | associations file |",
            "| result.race | belongsTo | race | season → season, round → round | foreign key |"
        ] {
            XCTAssertTrue(associations.contains(row), "\(row) in\n\(associations.joined(separator: "\n"))")
        }
        let belongsTo = section("### belongsTo: orphans and NULL keys", of: result.stdout)
        for (name, count) in OrphanFixture.orphans {
            XCTAssertTrue(belongsTo.contains { $0.hasPrefix("| \(name) |") && $0.hasSuffix("| ⚠ \(count) |") }, name)
        }
        let json = try BinaryRunner.run(["report", path, "--associations", links, "--format", "json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let sources = (object["associations"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "belongsTo" }
            .map { "\($0["origin"] ?? "").\($0["name"] ?? "") \($0["source"] ?? "")" }
        XCTAssertEqual(
            Set(sources),
            [
                "driver.nationalityCountry foreignKey", "driver.team naming", "driver.mentor declared", "result.driver foreignKey",
                "result.race foreignKey"
            ])
    }

    /// A view that never ends: `?`, listed as left out with its reason, status 0, in well under
    /// two seconds with a short time limit.
    static let forever = """
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
        INSERT INTO parent VALUES (1);
        INSERT INTO child VALUES (1, 1), (2, 1), (3, 2);
        CREATE VIEW forever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
        """

    func testAViewThatNeverEndsIsShownUnknownAndLeftOut() throws {
        let path = try file(Self.forever, name: "forever.sqlite")
        let started = Date()
        let result = try BinaryRunner.run(["report", path, "--time-limit", "0.2"], timeout: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertTrue(result.stdout.contains("| forever | view | ? |\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| child.parent | 3 | 0 | ⚠ 1 |\n"), result.stdout)
        XCTAssertEqual(
            section("## Left out", of: result.stdout).filter { !$0.isEmpty },
            ["1 figure shown `?`:", "| What | Why |", "|---|---|", "| rows of view forever | ran past the time limit (0.2 s, --time-limit) |"])

        let json = try BinaryRunner.run(["report", path, "--time-limit", "0.2", "--format", "json"], timeout: 20)
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let leftOut = try XCTUnwrap(object["leftOut"] as? [[String: String]])
        XCTAssertEqual(leftOut, [["subject": "rows", "table": "forever", "reason": "timeLimit"]])
        let forever = try XCTUnwrap((object["tables"] as? [[String: Any]])?.first { $0["name"] as? String == "forever" })
        XCTAssertTrue(forever["rows"] is NSNull)
    }

    /// Past the budget, the statement running is stopped and the rest is listed as not run.
    func testPastTheBudgetTheReportSaysWhatItLeftOut() throws {
        let path = try file(
            """
            CREATE VIEW aForever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            """, name: "budget.sqlite")
        let started = Date()
        let result = try BinaryRunner.run(["report", path, "--time-limit", "0", "--budget", "0.3", "--format", "json"], timeout: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let leftOut = try XCTUnwrap(object["leftOut"] as? [[String: String]])
        XCTAssertEqual(leftOut.first, ["subject": "rows", "table": "aForever", "reason": "budget"])
        let notRun = leftOut.dropFirst().map { "\($0["subject"] ?? "") \($0["table"] ?? $0["association"] ?? "") \($0["reason"] ?? "")" }
        XCTAssertEqual(
            notRun,
            [
                "rows parent notRun", "rows child notRun", "orphans child.parent notRun", "profile parent.children notRun",
                "profile child.parent notRun"
            ])
        let markdown = try BinaryRunner.run(["report", path, "--time-limit", "0", "--budget", "0.3"], timeout: 20)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdout.contains("| rows of view aForever | ran past what remained of the budget (0.3 s, --budget) |\n"))
        XCTAssertTrue(markdown.stdout.contains("| orphans of child.parent | not run: the budget (0.3 s, --budget) was spent |\n"))
        XCTAssertTrue(markdown.stdout.contains("| child | table | ? |\n"), markdown.stdout)
    }

    /// A view naming a table that is gone: its count fails, the report says why and ends with 0.
    func testAFailedCountIsLeftOutWithSQLitesMessage() throws {
        let path = try file("CREATE TABLE t (a); CREATE TABLE gone (b); CREATE VIEW v AS SELECT b FROM gone; DROP TABLE gone;", name: "broken.sqlite")
        let result = try BinaryRunner.run(["report", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("| t | table | 0 |\n| v | view | ? |\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| rows of view v | failed: no such table: main.gone |\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("## Schema notes\n\n- view \"v\": cannot read its columns: no such table: main.gone\n"), result.stdout)
    }

    func testHostileNamesAreEscaped() throws {
        let path = try file(
            """
            CREATE TABLE "p|`<b>" (id INTEGER PRIMARY KEY);
            CREATE TABLE "c\u{1B}[31m
            x" (id INTEGER PRIMARY KEY, "k|`
            " INTEGER REFERENCES "p|`<b>"(id));
            INSERT INTO "c\u{1B}[31m
            x" VALUES (1, 5);
            """, name: "hostile.sqlite")
        let result = try BinaryRunner.run(["report", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = result.stdout
        XCTAssertFalse(report.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, report)
        XCTAssertTrue(report.contains("| p\\|\\`&lt;b&gt; | table | 0 |\n"), report)
        XCTAssertTrue(report.contains("| c\\u{1B}\\[31m\\nx | table | 1 |\n"), report)
        XCTAssertTrue(report.contains("| k\\|\\`\\n → id |"), report)
        // No origin row: no minimum, median or maximum (`–`), which are not unknown (`?`).
        XCTAssertTrue(report.contains(" | 0 | 0 | 0 | 0 | 0 | 0 | 0 | – | – | – |  |\n"), report)
        // Every row of every Markdown table has as many cells as its header.
        var expected: Int?
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                expected = nil
                continue
            }
            let cells = Self.unescapedPipes(in: String(line))
            if let expected { XCTAssertEqual(cells, expected, String(line)) } else { expected = cells }
        }
        let json = try BinaryRunner.run(["report", path, "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertFalse(json.stdout.contains("\u{1B}"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        XCTAssertEqual((object["tables"] as? [[String: Any]])?.map { $0["name"] as? String }, ["p|`<b>", "c\u{1B}[31m\nx"])
    }

    /// `|` not preceded by a backslash (a `\\` pair is an escaped backslash).
    static func unescapedPipes(in line: String) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                count += 1
            }
        }
        return count
    }

    /// A ring of 3,000 tables (each with a foreign key to the next) under `ulimit -v` of 600 MB:
    /// both formats finish, with every table and association (peaks: `scripts/benchmark`).
    func testAManyTableFileIsReportedInBoundedMemory() throws {
        let count = 3_000
        let sql = (0..<count).map { "CREATE TABLE t\($0)(id INTEGER PRIMARY KEY, next_id INTEGER REFERENCES t\(($0 + 1) % count)(id));" }
        let path = try file(sql.joined(separator: "\n"), name: "ring.sqlite")
        let markdown = try BinaryRunner.run(["report", path, "--budget", "60"], virtualMemoryKB: 600_000)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertEqual(section("## Tables and views", of: markdown.stdout).filter { $0.hasPrefix("| t") }.count, count)
        let json = try BinaryRunner.run(["report", path, "--format", "json", "--budget", "60"], virtualMemoryKB: 600_000)
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        XCTAssertEqual((document["tables"] as? [Any])?.count, count)
        // A belongsTo and a hasOne or hasMany each way, per table.
        XCTAssertGreaterThanOrEqual((document["associations"] as? [Any])?.count ?? 0, 2 * count)
    }

    func testAnErrorNamesTheFileAndExitsOne() throws {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let missing = try BinaryRunner.run(["report", directory.appendingPathComponent("missing.sqlite").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("missing.sqlite\": no such file"), missing.stderr)
        XCTAssertEqual(missing.stdout, "")
    }
}
