import CSQLite
import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Issue 29 item 17: REAL values read as `sqlite3` shows them (15 significant digits) in CSV;
/// JSON and NDJSON keep the shortest form that reads back to the same double.
final class RealTextTests: XCTestCase {
    func testReadableFormIsSQLite3s() {
        XCTAssertEqual(RealText.readable(39.61999999999999), "39.62")
        XCTAssertEqual(RealText.readable(0.1 + 0.2), "0.3")
        XCTAssertEqual(RealText.readable(10), "10.0")
        XCTAssertEqual(RealText.readable(1e-5), "1.0e-05")
        XCTAssertEqual(RealText.readable(123_456_789_012_345_680), "1.23456789012346e+17")
        XCTAssertEqual(RealText.readable(.nan), "NaN")
    }

    func testCSVIsReadableAndJSONRoundTrips() throws {
        let row = Row(columnNames: ["total"], values: [.real(39.61999999999999)])
        for document in RowDocument.allCases {
            var writer = RowDocumentWriter(document: document)
            var bytes: [UInt8] = []
            try writer.append(row, to: &bytes)
            writer.appendEnd(to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            let piece = try document.piece(for: row, index: 0)
            switch document {
            case .csv:
                XCTAssertEqual(text, "total\r\n39.62\r\n")
                XCTAssertTrue(piece.contains("39.62\r\n"), piece)
            case .tsv: XCTAssertEqual(text, "total\n39.62\n")
            case .markdown: XCTAssertEqual(text, "| total |\n| --- |\n| 39.62 |\n")
            case .json, .ndjson, .sql:
                XCTAssertTrue(text.contains("39.61999999999999"), text)
            }
        }
    }
}

/// Issue 40: REAL text comes from a fast path (Swift's shortest digits laid out as `%!.15g`) or
/// from SQLite's own formatter; either way it must be SQLite's text byte for byte.
final class RealTextCorpusTests: XCTestCase {
    /// The corpus the issue names, and neighbours of each.
    static var namedCorpus: [Double] {
        var values: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 2.2250738585072e-308,
            1e15, 1e16, 1e17, 123_456_789_012_345.0, 999_999_999_999_999.0, 1_234_567_890_123_456.0, 9_007_199_254_740_993.0,
            0.1 + 0.2, 0.3, 0.1, 1.0 / 3.0, 2.0 / 3.0, 39.61999999999999, 1, -1, 10, 100, 1e14, 1e-4, 1e-5, 0.0001234, 12_345.678,
            .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, 1.5e-300, 5e-324, 4.9406564584124654e-324,
            0.5, 0.25, 0.125, 99_999_999_999_999.9, 9.999999999999999, 0.9999999999999999, 1e22, 1e23, 8_589_973_000.0
        ]
        for base in [1e15, 1e16, 1e17] { values += [base.nextUp, base.nextDown, base + 1, base - 1, -base] }
        for integral in [2.0, 3, 42, 1_000_000, 123_456_789, -7, 4_503_599_627_370_496] { values += [integral, integral + 0.5] }
        return values
    }

    /// Random doubles of every shape: random bits, decimals of 1 to 17 digits at any exponent,
    /// integers, cents.
    static func randomCorpus(count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        var values: [Double] = []
        for index in 0..<count {
            switch index % 5 {
            case 0:
                let value = Double(bitPattern: random.next())
                if value.isFinite { values.append(value) }
            case 1:
                let digits = random.int(1...17)
                let mantissa = Double(random.next() % UInt64(pow(10.0, Double(digits))))
                values.append(mantissa * pow(10.0, Double(random.int(-30...30))))
            case 2: values.append(Double(Int64(bitPattern: random.next()) >> random.int(0...60)))
            case 3: values.append(Double(random.int(-10_000_000...10_000_000)) / 100)
            default: values.append(Double(random.int(-1_000_000...1_000_000)) / Double(random.int(1...999)))
            }
        }
        return values
    }

    /// SQLite's own text for each value: `sqlite3_column_text` of a REAL, as the shell prints it.
    static func sqliteTexts(_ values: [Double]) throws -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open(":memory:", &db) == SQLITE_OK, let db else { throw AssocError.invalid("cannot open SQLite") }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT ?1", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw AssocError.invalid("cannot prepare")
        }
        defer { sqlite3_finalize(statement) }
        return values.map { value in
            sqlite3_reset(statement)
            sqlite3_bind_double(statement, 1, value)
            guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return "?" }
            return String(cString: text)
        }
    }

    func testEveryValueReadsAsSQLiteWritesIt() throws {
        let values = Self.namedCorpus + Self.randomCorpus(count: TestVolume.count(quick: 200_000, full: 1_000_000), seed: 40)
        let expected = try Self.sqliteTexts(values)
        var mismatches: [String] = []
        var fastPath = 0
        for (value, text) in zip(values, expected) {
            let ours = RealText.readable(value)
            if ours != text {
                mismatches.append("\(value.debugDescription) (bits \(String(value.bitPattern, radix: 16))): \(ours) != SQLite's \(text)")
            }
            var scratch: [UInt8] = []
            if RealText.appendShortest(value, to: &scratch) { fastPath += 1 }
        }
        XCTAssertEqual(mismatches.count, 0, mismatches.prefix(20).joined(separator: "\n"))
        // Both paths are exercised: most of the decimal shapes take the fast one.
        XCTAssertGreaterThan(fastPath, values.count / 3)
        XCTAssertLessThan(fastPath, values.count)
    }

    /// JSON's form is Swift's shortest round-trip text; its fast path must give the same bytes.
    func testJSONFormIsSwiftsShortestRoundTrip() {
        let values = Self.namedCorpus.filter(\.isFinite) + Self.randomCorpus(count: TestVolume.count(quick: 200_000, full: 1_000_000), seed: 42)
        var mismatches: [String] = []
        for value in values {
            var bytes: [UInt8] = []
            RealText.appendRoundTrip(value, to: &bytes)
            let ours = String(decoding: bytes, as: UTF8.self)
            if ours != value.description { mismatches.append("\(value.description): \(ours)") }
        }
        XCTAssertEqual(mismatches.count, 0, mismatches.prefix(20).joined(separator: "\n"))
    }

    /// The same corpus written by `assoc`'s CSV writer and by the sqlite3 shell from one file.
    func testCSVBytesEqualTheSQLiteShells() throws {
        let shell = "/usr/bin/sqlite3"
        guard FileManager.default.isExecutableFile(atPath: shell) else { throw Prerequisite.missing("no sqlite3 CLI") }
        let values = Self.namedCorpus + Self.randomCorpus(count: 5_000, seed: 41)
        let path = NSTemporaryDirectory() + "real-corpus-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw AssocError.invalid("cannot open \(path)") }
        sqlite3_exec(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, v REAL); BEGIN", nil, nil, nil)
        var insert: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO t(v) VALUES (?1)", -1, &insert, nil)
        for value in values {
            sqlite3_reset(insert)
            sqlite3_bind_double(insert, 1, value)
            XCTAssertEqual(sqlite3_step(insert), SQLITE_DONE)
        }
        sqlite3_finalize(insert)
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
        sqlite3_close(db)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-readonly", "-csv", path, "SELECT v FROM t ORDER BY id"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let shellLines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }

        let database = try Database(path: path)
        var writer = RowDocumentWriter(document: .csv)
        var bytes: [UInt8] = []
        let cursor = try database.cursor(Table("t").select(Column("v")).order(Column("id")))
        while let row = try cursor.next() { try writer.append(row, to: &bytes) }
        let ours = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").dropFirst()  // the header
        XCTAssertEqual(ours.count - 1, values.count)
        let mismatches = zip(Array(ours), shellLines).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertEqual(
            mismatches.count, 0,
            mismatches.prefix(20).map { "\(values[$0.offset].debugDescription): \($0.element.0) != sqlite3's \($0.element.1)" }.joined(
                separator: "\n"))
    }
}
