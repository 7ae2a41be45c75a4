import TestSupport
import XCTest

@testable import AssocCore

/// Flat rows streamed by two threads (`forEachRawRow`: one steps and copies rows into batches,
/// the caller writes them) give the bytes the `Row` path gives, in every format: rows across
/// many batches, long cells handed from the statement, blobs; an error of
/// either thread stops both, the rows before it written.
final class RawRowPipeTests: XCTestCase {
    private static func database(rows: Int, _ rng: inout SeededRandom) throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c)")
        let texts = [
            "", "plain", "a,b\tc", "line\nbreak", "é漢字", "\\back", String(repeating: "long ", count: 40), "nul\u{0}after",
            "cr\r\nlf", "it's", "bidi\u{202E}x", String(repeating: "é|\"'", count: 90)
        ]
        for id in 0..<rows {
            var values: [DatabaseValue] = [.integer(Int64(id))]
            for _ in 0..<3 {
                switch rng.below(7) {
                case 0: values.append(.null)
                case 1: values.append(.integer(Int64(truncatingIfNeeded: rng.next())))
                case 2: values.append(.real(rng.pick([0.5, -0.0, 1e300, 3.0, 0.1 + 0.2, 12.34]) ?? 0))
                case 3: values.append(.blob((0..<rng.below(300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
                default: values.append(.text(rng.pick(texts) ?? ""))
                }
            }
            try connection.execute("INSERT INTO t VALUES (?, ?, ?, ?)", arguments: values)
        }
        // A cell far past any batch's room. (Text that is not UTF-8 is written apart by the `Row`
        // path: ExportBytesRoundTripTests follows it through `assoc fetch`.)
        try connection.execute("UPDATE t SET b = hex(randomblob(300000)) WHERE id % 1013 = 7")
        try connection.execute("UPDATE t SET c = randomblob(300000) WHERE id % 1013 = 8")
        try connection.execute("UPDATE t SET a = replace(hex(zeroblob(100000)), '00', 'é''\"') WHERE id % 1013 = 9")
        return try Database(connection: connection)
    }

    /// The document of every row read one by one, as `Row`s.
    private static func rowPath(_ db: Database, _ request: Request, _ document: RowDocument) throws -> [UInt8] {
        var writer = RowDocumentWriter(document: document)
        var bytes: [UInt8] = []
        for row in try db.fetchAll(request) { try writer.append(row, to: &bytes) }
        writer.appendEnd(to: &bytes)
        return bytes
    }

    func testThePipedRowsAreTheRowsOfTheRowPath() throws {
        let seed = randomSeed(fallback: 0x9193)
        var rng = SeededRandom(seed: seed)
        let db = try Self.database(rows: 1_300, &rng)
        let request = try db.request(sql: "SELECT * FROM t ORDER BY id")
        for document in RowDocument.allCases {
            let expected = try Self.rowPath(db, request, document)
            for cellLimit in [4, 200, 1 << 16] {
                let cursor = try db.cursor(request)
                guard let names = cursor.flatColumnNames else { return XCTFail("not flat") }
                var writer = RowDocumentWriter(document: document)
                var bytes: [UInt8] = []
                try cursor.forEachRawRow(cellLimit: cellLimit) { columns in
                    try writer.appendRaw(columns, names: names, to: &bytes) { _ in }
                }
                writer.appendEnd(to: &bytes)
                let difference = (0..<min(bytes.count, expected.count)).first { bytes[$0] != expected[$0] } ?? min(bytes.count, expected.count)
                XCTAssert(
                    bytes == expected,
                    "\(document), cells up to \(cellLimit) bytes copied, seed \(seed): \(bytes.count) bytes for \(expected.count), first difference at \(difference)"
                )
            }
        }
    }

    func testAWriterErrorStopsTheSteppingThread() throws {
        var rng = SeededRandom(seed: 1)
        let db = try Self.database(rows: 5_000, &rng)
        let cursor = try db.cursor(try db.request(sql: "SELECT * FROM t ORDER BY id"))
        struct Closed: Error {}
        var written = 0
        XCTAssertThrowsError(
            try cursor.forEachRawRow { _ in
                written += 1
                if written == 1_500 { throw Closed() }
            }
        ) { XCTAssertTrue($0 is Closed, "\($0)") }
        XCTAssertEqual(written, 1_500)
    }

    func testAStatementErrorComesAfterTheRowsBeforeIt() throws {
        var rng = SeededRandom(seed: 2)
        let db = try Self.database(rows: 3_000, &rng)
        // abs() of the smallest integer overflows: SQLite stops at that row.
        let request = try db.request(sql: "SELECT id, abs(CASE WHEN id = 2222 THEN -9223372036854775808 ELSE id END) FROM t ORDER BY id")
        let cursor = try db.cursor(request)
        var ids: [Int64] = []
        XCTAssertThrowsError(
            try cursor.forEachRawRow { columns in
                if case .integer(let id) = columns.value(at: 0) { ids.append(id) }
            }
        ) { XCTAssertTrue("\($0)".contains("integer overflow"), "\($0)") }
        XCTAssertEqual(ids, Array(0..<2222))
    }

    /// A row whose cells together pass SQLite's heap limit (here 12 MB: two 6 MB texts and a 5 MB
    /// blob) is written too, a cell at a time: the rest of the statement is read again from that
    /// row with its texts and blobs read by rowid, and the document is the one written without a
    /// limit, in every format, for a plain scan, an ordered page of it and selected columns.
    func testARowTooBigForSQLiteIsWrittenACellAtATime() throws {
        var rng = SeededRandom(seed: 3)
        let db = try Self.database(rows: 60, &rng)
        try db.connection.execute(
            """
            UPDATE t SET a = hex(randomblob(3000000)), b = replace(hex(zeroblob(1500000)), '00', 'é'), c = randomblob(5000000)
            WHERE id IN (20, 41)
            """)
        let t = Table("t")
        let requests: [Request] = [
            t.order(Column("id")), t.filter(Column("id") > 3).order(Column("id").desc).limit(40, offset: 5),
            t.select(Column("c"), Column("id"), Column("b"), Column("id") * 2)
        ]
        for request in requests {
            for document in RowDocument.allCases {
                let expected = try Self.rowPath(db, request, document)
                var writer = RowDocumentWriter(document: document)
                var bytes: [UInt8] = []
                try Connection.withMemoryLimit(bytes: 12 << 20) {
                    let cursor = try db.cursor(request)
                    guard let names = cursor.flatColumnNames else { return XCTFail("not flat") }
                    try cursor.forEachRawRow { columns in try writer.appendRaw(columns, names: names, to: &bytes) { _ in } }
                }
                writer.appendEnd(to: &bytes)
                XCTAssert(bytes == expected, "\(document), \(request): \(bytes.count) bytes for \(expected.count)")
            }
        }
        // Without a rowid to read by (DISTINCT), the row still fails, and says why.
        let cursor = try db.cursor(t.select(Column("a"), Column("b"), Column("c")).distinct())
        XCTAssertThrowsError(try Connection.withMemoryLimit(bytes: 12 << 20) { try cursor.forEachRawRow { _ in } }) {
            XCTAssertTrue("\($0)".contains("memory"), "\($0)")
        }
    }
}
