import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc summary DB REQUEST [--format table|json]` on a database the test builds, checked against
/// figures counted by hand; the file's bytes unchanged.
final class SummaryCommandTests: XCTestCase {
    var directory: URL!
    var path: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        path = try makeDatabaseFile(
            "shelf.sqlite", in: directory,
            sql: """
                CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES person(id), title TEXT, price);
                INSERT INTO person VALUES (1, 'Zola'), (2, 'Anon');
                INSERT INTO book VALUES (1, 1, 'Nana', 9.5), (2, 2, 'Untitled', NULL), (3, 1, 'Germinal', 7), (4, 1, 'Nana', 'n/a');
                CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
                """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testTableHasALinePerColumnIncludedOnesNamedByScope() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.run(["summary", path, "book.including(required: author)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2 + 6, result.stdout)
        XCTAssert(
            lines[0].hasPrefix("column      │       rows │   integer │      real │      text │      blob │      null │   distinct │ min"), lines[0])
        // price: 9.5, NULL, 7, 'n/a': one of each class but blob; 3 distinct (NULL is counted apart,
        // as count(DISTINCT price)); min 7, max 'n/a', mean (9.5 + 7) / 2; the most frequent is
        // never NULL: the three values tie at 1, the smallest shown.
        let price = try XCTUnwrap(lines.first { $0.hasPrefix("price ") })
        XCTAssertEqual(
            price.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) },
            ["price", "4", "1", "1", "1", "0", "1", "3", "7", "n/a", "8.25", "7", "1", "3"])
        let author = try XCTUnwrap(lines.first { $0.hasPrefix("author.name ") })
        XCTAssertEqual(
            author.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) },
            ["author.name", "4", "0", "0", "4", "0", "0", "2", "Anon", "Zola", "", "Zola", "3", "1"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testJSONHasAnObjectPerColumn() throws {
        let result = try BinaryRunner.run(["summary", path, "book.filter(title = 'Nana')", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["column"] as? String }, ["id", "authorId", "title", "price"])
        let title = objects[2]
        XCTAssertEqual(title["rows"] as? Int, 2)
        XCTAssertEqual(title["distinct"] as? Int, 1)
        XCTAssertEqual((title["mostFrequent"] as? [String: Any])?["value"] as? String, "Nana")
        XCTAssertEqual((title["mostFrequent"] as? [String: Any])?["count"] as? Int, 2)
        XCTAssertEqual((title["mostFrequent"] as? [String: Any])?["ties"] as? Int, 1)
        XCTAssertEqual(title["ranOutOfTime"] as? Bool, false)
        XCTAssertEqual(objects[3]["mean"] as? Double, 9.5)
    }

    func testAColumnPastTheTimeLimitShowsQuestionMarksAndStderrSaysWhich() throws {
        let result = try BinaryRunner.run(["summary", path, "forever", "--time-limit", "100"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").last.map(String.init))
        XCTAssertEqual(line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(3), ["x", "?", "?"])
        XCTAssertEqual(result.stderr, "assoc summary: ran out of time (100 ms a statement), shown ?: x\n")
    }
}
