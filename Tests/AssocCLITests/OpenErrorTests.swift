import AssocCore
import Foundation
import TestSupport
import XCTest

/// Files `assoc` cannot open: one line on stderr, exit code 1, and the file left as it was.
final class OpenErrorTests: XCTestCase {
    private var directory = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `assoc schema PATH` and `assoc PATH`; both must fail with `expectedLine`.
    private func assertFails(_ path: String, _ expectedLine: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        let before = type == .typeRegular ? try FileSnapshot(path: path) : nil
        let entriesBefore = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        for arguments in [["schema", path], [path], ["schema", path, "--format", "json"]] {
            let result = try BinaryRunner.run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)", file: file, line: line)
            XCTAssertEqual(result.stderr, expectedLine + "\n", "\(arguments)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
        }
        if let before {
            XCTAssertEqual(try FileSnapshot(path: path), before, "file changed", file: file, line: line)
        }
        // No file created (no -journal, no -wal, no new database).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), entriesBefore, file: file, line: line)
    }

    func testMissingPath() throws {
        let path = directory.appendingPathComponent("missing.db").path
        try assertFails(path, "assoc: cannot open \"\(path)\": no such file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testDirectory() throws {
        let path = directory.appendingPathComponent("folder.db").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try assertFails(path, "assoc: cannot open \"\(path)\": is a directory")
    }

    func testEmptyFile() throws {
        let path = directory.appendingPathComponent("empty.db").path
        XCTAssert(FileManager.default.createFile(atPath: path, contents: Data()))
        try assertFails(path, "assoc: cannot open \"\(path)\": empty file, not a SQLite database")
    }

    func testRandomBytes() throws {
        let path = directory.appendingPathComponent("random.db").path
        var generator = SeededRandom(seed: randomSeed())
        let bytes = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        XCTAssert(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        try assertFails(path, "assoc: cannot open \"\(path)\": not a SQLite database")
    }

    func testTextFile() throws {
        let path = directory.appendingPathComponent("notes.txt").path
        XCTAssert(FileManager.default.createFile(atPath: path, contents: Data("hello\n".utf8)))
        try assertFails(path, "assoc: cannot open \"\(path)\": not a SQLite database")
    }

    /// The first 1 KB of a real multi-page database (the demo, 4096-byte pages).
    func testTruncatedDatabase() throws {
        let full = directory.appendingPathComponent("full.sqlite").path
        try DemoDatabase.write(to: full, scale: 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        XCTAssertGreaterThan(bytes.count, 100_000)
        let path = directory.appendingPathComponent("truncated.sqlite").path
        XCTAssert(FileManager.default.createFile(atPath: path, contents: bytes.prefix(1024)))
        let pageCount = bytes.count / 4096
        try assertFails(
            path, "assoc: cannot open \"\(path)\": truncated database (1024 bytes, the header announces \(pageCount) pages of 4096 bytes)")
        // Cut in the middle too: still refused.
        let half = directory.appendingPathComponent("half.sqlite").path
        XCTAssert(FileManager.default.createFile(atPath: half, contents: bytes.prefix(bytes.count / 2)))
        let result = try BinaryRunner.run(["schema", half])
        XCTAssertEqual(result.status, 1)
        XCTAssert(result.stderr.hasPrefix("assoc: cannot open \"\(half)\": truncated database"), result.stderr)
    }

    func testNamedPipeIsRefusedWithoutBlocking() throws {
        let path = directory.appendingPathComponent("pipe.db").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        try assertFails(path, "assoc: cannot open \"\(path)\": not a regular file")
    }

    func testPathWithControlCharactersStaysOnOneLine() throws {
        let path = directory.appendingPathComponent("a\nb\"c").path
        try assertFails(path, "assoc: cannot open \"\(directory.path)/a\\nb\\\"c\": no such file")
    }
}
