import AssocCore
import Foundation
import TestSupport
import XCTest

/// Random TEXT bytes (NUL, CR, every control character, quotes, invalid UTF-8) written by
/// `assoc fetch --format sql|csv|json` and read back: through the sqlite3 shell for sql (every
/// byte) and csv (every byte but NUL, which the shell's import cannot carry), through a JSON
/// parser for json (invalid UTF-8 becomes U+FFFD: JSON is UTF-8).
final class ExportBytesRoundTripTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { throw Prerequisite.missing("no sqlite3 CLI") }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The pieces values are made of: every C0 control, DEL, quotes and separators, plain and
    /// non-ASCII letters, and invalid UTF-8 (a lone continuation byte, a cut sequence, a
    /// surrogate, an overlong form, 0xFF).
    static let pieces: [[UInt8]] =
        (0x00...0x1F).map { [UInt8($0)] } + [[0x7F], [0x27], [0x22], [0x2C], [0x5C], [0x7C], [0x20], [0x61], [0x5A]]
        + [[0xC3, 0xA9], [0xE6, 0xBC, 0xA2], [0xF0, 0x9F, 0x98, 0x80], [0x0D, 0x0A]]
        + [[0x80], [0xC3], [0xE6, 0xBC], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF], [0xF0, 0x9F, 0x98]]

    /// `count` random values, then one value per piece alone.
    func values(_ count: Int) -> [[UInt8]] {
        var generator = SeededRandom(seed: randomSeed())
        var values: [[UInt8]] = Self.pieces
        for _ in 0..<count {
            var value: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                value += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
            }
            values.append(value)
        }
        return values
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// A file with `t(id, v TEXT)` holding `values` as TEXT, byte for byte.
    func makeFile(_ values: [[UInt8]]) throws -> String {
        let path = directory.appendingPathComponent("bytes.sqlite").path
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        for (index, value) in values.enumerated() {
            try connection.execute("INSERT INTO t VALUES (\(index + 1), CAST(X'\(Self.hex(value))' AS TEXT))")
        }
        let stored = try sqlite3(path, "SELECT hex(v) FROM t ORDER BY id;")
        XCTAssertEqual(stored, values.map(Self.hex), "the file holds the bytes")
        return path
    }

    /// The lines the sqlite3 shell prints for `commands` on `path`.
    func sqlite3(_ path: String, _ commands: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(commands.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func export(_ path: String, _ format: String) throws -> Data {
        let result = try BinaryRunner.run(["fetch", path, "t.order(id)", "--format", format])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdoutBytes
    }

    func testSQLKeepsEveryByte() throws {
        let values = values(300)
        let path = try makeFile(values)
        let script = directory.appendingPathComponent("t.sql")
        try export(path, "sql").write(to: script)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let read = try sqlite3(
            copy, ".read '\(script.path)'\nSELECT typeof(v) || ' ' || hex(v) FROM t ORDER BY id;\n")  // an empty database: the script creates t
        XCTAssertEqual(read, values.map { "text " + Self.hex($0) })
    }

    func testCSVKeepsEveryByteButNUL() throws {
        let values = values(300).map { $0.filter { $0 != 0 } }.filter { !$0.isEmpty }
        let path = try makeFile(values)
        let csv = directory.appendingPathComponent("t.csv")
        try export(path, "csv").write(to: csv)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let read = try sqlite3(
            copy, "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);\n.import --csv --skip 1 '\(csv.path)' t\nSELECT hex(v) FROM t ORDER BY id;\n")
        XCTAssertEqual(read, values.map(Self.hex))
    }

    func testJSONKeepsEveryCharacter() throws {
        let values = values(300)
        let path = try makeFile(values)
        let data = try export(path, "json")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertEqual(rows.count, values.count)
        for (row, value) in zip(rows, values) {
            // JSON is UTF-8: an invalid sequence is U+FFFD, the rest is kept, NUL and controls too.
            XCTAssertEqual(row["v"] as? String, String(decoding: value, as: UTF8.self), Self.hex(value))
        }
    }
}
