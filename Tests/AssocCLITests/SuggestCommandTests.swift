import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc suggest DB > links.assoc` then `assoc DB --associations links.assoc`, with the built
/// binary, on a history-shaped file declaring no foreign key.
final class SuggestCommandTests: XCTestCase {
    private func historyWithoutKeys() throws -> (directory: URL, path: String) {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = try makeDatabaseFile("places.sqlite", in: directory, sql: try HistoryFixture.withoutReferences(HistoryFixture.sql))
        return (directory, path)
    }

    /// The belongsTo associations of `graph`: origin, destination and column pairs.
    private func links(_ graph: AssociationGraph) -> Set<String> {
        var result = Set<String>()
        for table in graph.schema.tables {
            for association in graph.associations(from: table.name) where association.kind == .belongsTo {
                let pairs = association.columns.map { "\($0.origin)=\($0.destination)" }.joined(separator: ",")
                result.insert("\(association.origin)(\(pairs)) → \(association.destination)")
            }
        }
        return result
    }

    func testSuggestionsPassedBackGiveTheGraphOfTheDeclaredKeys() throws {
        let (directory, path) = try historyWithoutKeys()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try BinaryRunner.run(["suggest", path, "--budget", "30"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("# Budget 30.0 s, took "), result.stdout)
        // `fk` holds only keys of places, but its name says nothing: commented out, for the user to accept.
        XCTAssertTrue(result.stdout.contains("\n# bookmarks.belongsTo(places, key: \"place\", using: [fk], to: [id])\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nbookmarks.belongsTo(bookmarks, key: \"parent\", using: [parent], to: [id])\n"), result.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the file is never written")

        // The user accepts the `fk` suggestion by uncommenting its line.
        let accepted = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("# ") && $0.contains("using: [fk]") ? String($0.dropFirst(2)) : String($0)
        }.joined(separator: "\n")
        let file = directory.appendingPathComponent("links.assoc").path
        try accepted.write(toFile: file, atomically: true, encoding: .utf8)
        let withKeys = try Database(connection: try Connection.inMemory().executing(HistoryFixture.sql))
        let stripped = try Database(path: path)
        let rebuilt = try AssociationGraph(schema: stripped.schema, declarations: try AssociationDeclaration.parse(accepted))
        XCTAssertEqual(links(rebuilt), links(withKeys.graph))

        // The binary reads the file back: the parent of bookmark 5 (parent 3) is "toolbar".
        let fetched = try BinaryRunner.run([
            "fetch", path, "--associations", file, "bookmarks.filter(key: 5).including(required: parent.select(title).forKey(\"up\")).select(id)",
            "--format", "json"
        ])
        XCTAssertEqual(fetched.status, 0, fetched.stderr)
        XCTAssertEqual(fetched.stdout.filter { !$0.isWhitespace }, #"[{"id":5,"up":{"title":"toolbar"}}]"#)
    }

    func testABudgetOutOfRangeIsRefused() throws {
        let (_, path) = try historyWithoutKeys()
        let result = try BinaryRunner.run(["suggest", path, "--budget", "0"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("--budget must be a number of seconds between 0 and 3600"), result.stderr)
    }
}

extension Connection {
    fileprivate func executing(_ sql: String) throws -> Connection {
        try execute(sql)
        return self
    }
}
