import Foundation
import TestSupport
import XCTest

/// `--associations` files together (issue 32, item 5): at most 4 MB and 10,000 declarations in all
/// the files of a run; past either, the error names the file (and the line) where the limit is
/// passed, on every command and before the browser's screen changes.
final class AssociationFileLimitsTests: XCTestCase {
    private func directory() throws -> (URL, String) {
        let directory = try makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = try makeDatabaseFile(
            "tree.sqlite", in: directory,
            sql: """
                CREATE TABLE node(id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES node(id));
                INSERT INTO node VALUES (1, NULL), (2, 1);
                """)
        return (directory, path)
    }

    private func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testFilesPastFourMegabytesTogetherAreRefusedNamingTheFileThatPassesTheLimit() throws {
        let (directory, path) = try directory()
        // 2.5 MB of comments each: either file alone is read, both together are not.
        let comments = String(repeating: "# " + String(repeating: "x", count: 97) + "\n", count: 25_000)
        let first = try write(comments + "node.belongsTo(node, key: \"up\", using: [parentId])\n", "first.assoc", in: directory)
        let second = try write(comments, "second.assoc", in: directory)
        let alone = try BinaryRunner.run(["sql", path, "--associations", first, "node.including(optional: up)"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        for arguments in [["sql", path, "node"], ["schema", path], ["fetch", path, "node"], [path], ["browse", path]] {
            let result = try BinaryRunner.run(arguments + ["--associations", first, "--associations", second])
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(
                result.stderr,
                """
                assoc: cannot read the associations file "\(second)": the associations files are larger than 4 MB together (the most one run reads)

                """, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testTheDeclarationPastTenThousandInAllFilesIsRefusedAtItsFileAndLine() throws {
        let (directory, path) = try directory()
        func declarations(_ range: ClosedRange<Int>) -> String {
            range.map { #"node.belongsTo(node, key: "k\#($0)", using: [parentId])"# }.joined(separator: "\n")
        }
        let first = try write(declarations(1...6_000), "first.assoc", in: directory)
        let second = try write("# the rest\n" + declarations(6_001...10_000), "second.assoc", in: directory)
        let all = try BinaryRunner.run(["sql", path, "--associations", first, "--associations", second, "node.including(optional: k10000)"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let third = try write("\n" + declarations(10_001...10_002), "third.assoc", in: directory)
        for arguments in [["sql", path, "node"], ["schema", path], [path]] {
            let result = try BinaryRunner.run(arguments + ["--associations", first, "--associations", second, "--associations", third])
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(
                result.stderr,
                """
                assoc: \(third):2:1: more than 10000 declarations (the most one run reads, in all its files together)

                """, "\(arguments)")
        }
    }
}
