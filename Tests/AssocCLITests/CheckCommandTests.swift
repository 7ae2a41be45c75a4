import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc check` with the built binary: the orphans counted by hand and exit status 1; none on a
/// Chinook-like file and exit status 0; 2 on an error or a count past its time limit.
final class CheckCommandTests: XCTestCase {
    private func file(_ sql: String, name: String = "check.sqlite") throws -> (directory: URL, path: String) {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return (directory, try makeDatabaseFile(name, in: directory, sql: sql))
    }

    func testPrintsTheOrphansCountedByHandAndExitsOne() throws {
        let (directory, path) = try file(OrphanFixture.sql)
        let links = directory.appendingPathComponent("links.assoc").path
        try OrphanFixture.associations.write(toFile: links, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.run(["check", path, "--associations", links])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            Orphans of the 5 belongsTo associations of check.sqlite
            ✗ driver.nationalityCountry → country (nationalityCountryId → id): 3 orphans
                driver.joining(optional: nationalityCountry.aliased("parent")).filter(nationalityCountryId IS NOT NULL AND parent.id IS NULL)
            ✗ driver.team → team (teamId → id): 2 orphans
                driver.joining(optional: team.aliased("parent")).filter(teamId IS NOT NULL AND parent.id IS NULL)
            ✗ driver.mentor → driver (mentorRef → id): 1 orphan
                driver.joining(optional: mentor.aliased("parent")).filter(mentorRef IS NOT NULL AND parent.id IS NULL)
            ✗ result.driver → driver (driverId → id): 1 orphan
                result.joining(optional: driver.aliased("parent")).filter(driverId IS NOT NULL AND parent.id IS NULL)
            ✗ result.race → race (season, round → season, round): 2 orphans
                result.joining(optional: race.aliased("parent")).filter(season IS NOT NULL AND round IS NOT NULL AND parent.season IS NULL)
            5 associations with orphans (9 rows)

            """)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the file is never written")

        // The printed request, fetched, lists the orphans (drivers 2, 4, 6).
        let fetched = try BinaryRunner.run([
            "fetch", path,
            "driver.joining(optional: nationalityCountry.aliased(\"parent\")).filter(nationalityCountryId IS NOT NULL AND parent.id IS NULL)",
            "--format", "csv"
        ])
        XCTAssertEqual(fetched.status, 0, fetched.stderr)
        XCTAssertEqual(fetched.stdout.split(separator: "\r\n").dropFirst().map { $0.prefix(while: { $0 != "," }) }, ["2", "4", "6"])
    }

    func testJSONNamesEachAssociationWithItsCount() throws {
        let (_, path) = try file(OrphanFixture.sql)
        let result = try BinaryRunner.run(["check", path, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let items = try XCTUnwrap(object["associations"] as? [[String: Any]])
        let counts = Dictionary(
            items.map { ("\($0["origin"] ?? "").\($0["name"] ?? "")", $0["orphans"] as? Int ?? -1) }, uniquingKeysWith: { a, _ in a })
        var expected = OrphanFixture.orphans
        expected["driver.mentor"] = nil  // declared in a file this run does not read
        XCTAssertEqual(counts, expected)
        XCTAssertEqual(object["orphans"] as? Int, 8)
        XCTAssertEqual(object["unknown"] as? Int, 0)
    }

    func testAChinookLikeFileHasNoOrphansAndExitsZero() throws {
        let (_, path) = try file(ChinookFixture.sql, name: "chinook.sqlite")
        let result = try BinaryRunner.run(["check", path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Orphans of the 7 belongsTo associations of chinook.sqlite\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("✓ Track.genre → Genre (GenreId → GenreId): no orphans\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("✗"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\nNo orphans\n"), result.stdout)
    }

    func testACountPastItsTimeLimitExitsTwoAndSaysSo() throws {
        let (_, path) = try file(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            INSERT INTO child SELECT i, i FROM n;
            """)
        let result = try BinaryRunner.run(["check", path, "--time-limit", "0.001"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("? child.parent → parent (parentId → id): unknown, still counting after 0.001 s"), result.stdout)
        XCTAssertTrue(result.stdout.contains("the check is incomplete"), result.stdout)
    }

    func testAnErrorExitsTwo() throws {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let missing = try BinaryRunner.run(["check", directory.appendingPathComponent("missing.sqlite").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        XCTAssertEqual(try BinaryRunner.run(["check", "--time-limit", "-1"]).status, 2)
    }

    func testNamesFromTheDatabaseAreSanitized() throws {
        let (_, path) = try file(
            """
            CREATE TABLE "p\u{1B}[31m" (id INTEGER PRIMARY KEY);
            CREATE TABLE c (id INTEGER PRIMARY KEY, pid INTEGER REFERENCES "p\u{1B}[31m"(id));
            INSERT INTO c VALUES (1, 5);
            """)
        let result = try BinaryRunner.run(["check", path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\\u{1B}"), result.stdout)
    }

    /// Names holding control or invisible characters: every request `check` prints (its text
    /// output, terminal-safe) runs when given back to `assoc fetch`, and finds the orphans.
    func testEveryPrintedRequestRunsWhenPastedBack() throws {
        let odd = ["p\u{0B}v", "q\u{02}x", "r\ry", "s\u{7F}z", "t\u{1F}w", "u\u{200B}v", "w\u{2060}\"q\\"]
        var sql = ""
        for (index, name) in odd.enumerated() {
            let parent = name.replacingOccurrences(of: "\"", with: "\"\"")
            sql += """
                CREATE TABLE "\(parent)" (id INTEGER PRIMARY KEY);
                CREATE TABLE "c\(index)\(parent)" (id INTEGER PRIMARY KEY, "k\(parent)" INTEGER REFERENCES "\(parent)"(id));
                INSERT INTO "\(parent)" VALUES (1);
                INSERT INTO "c\(index)\(parent)" VALUES (1, 1), (2, 7), (3, 8);

                """
        }
        let (_, path) = try file(sql)
        let result = try BinaryRunner.run(["check", path])
        XCTAssertEqual(result.status, 1, result.stderr)
        let requests = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(requests.count, odd.count, result.stdout)
        for request in requests {
            XCTAssertFalse(
                request.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.properties.generalCategory == .format }, request)
            let fetched = try BinaryRunner.run(["fetch", path, request, "--format", "csv"])
            XCTAssertEqual(fetched.status, 0, "\(request): \(fetched.stderr)")
            XCTAssertEqual(fetched.stdout.split(separator: "\r\n").count, 3, "\(request): the header and 2 orphans\n\(fetched.stdout)")
        }
    }
}
