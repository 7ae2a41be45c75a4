import Foundation
import XCTest

@testable import AssocCore

/// The `-wal` reader behind in-memory snapshots: committed transactions only, both checksum byte
/// orders, a damaged or stale frame ends the log as it does for SQLite.
final class WALLogTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `w.db` and its `-wal` (no `-shm`) copied while a writer has them open: three transactions
    /// in the log, of 1, 10 and 100 rows.
    func makeWAL() throws -> String {
        let source = directory.appendingPathComponent("source.db").path
        let writer = try Connection(path: source, mode: .readWrite(create: true))
        try writer.execute(
            """
            PRAGMA page_size = 1024;
            PRAGMA journal_mode = WAL;
            PRAGMA wal_autocheckpoint = 0;
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        for count in [1, 10, 100] {
            try writer.execute("BEGIN")
            for _ in 0..<count { try writer.execute("INSERT INTO t (v) VALUES (printf('%0200d', 1))") }
            try writer.execute("COMMIT")
        }
        let path = directory.appendingPathComponent("w.db").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.copyItem(atPath: source + "-wal", toPath: path + "-wal")
        withExtendedLifetime(writer) {}
        return path
    }

    func count(_ path: String) throws -> Int64? {
        let db = try Connection(path: path)
        XCTAssertTrue(db.isReadOnly)
        XCTAssertThrowsError(try db.execute("INSERT INTO t (v) VALUES ('no')"))
        guard case .integer(let n) = try db.fetchAll("SELECT count(*) FROM t").first?.first else { return nil }
        return n
    }

    var frameSize: Int { 24 + 1024 }

    func testAllCommittedTransactionsAreRead() throws {
        let path = try makeWAL()
        let log = try XCTUnwrap(WALLog.read(path: path + "-wal"))
        XCTAssertEqual(log.pageSize, 1024)
        XCTAssertNotNil(log.committedPageCount)
        XCTAssertEqual(try WALFiles.plan(forReadOnly: path), .memorySnapshot(log))
        XCTAssertEqual(try count(path), 111)
    }

    /// A frame with a wrong checksum ends the log: the transactions committed before it remain.
    func testDamagedFrameEndsTheLog() throws {
        let path = try makeWAL()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let frames = (bytes.count - 32) / frameSize
        // The last frame of the first transaction (1 row: its frames are the first ones) stays;
        // a byte of the page data in the last frame of the log changes.
        bytes[32 + (frames - 1) * frameSize + 24 + 500] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path + "-wal"))
        XCTAssertEqual(try count(path), 11)
    }

    /// Frames whose salts differ from the header's are left from before a restart of the log.
    func testStaleSaltsEndTheLog() throws {
        let path = try makeWAL()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let frames = (bytes.count - 32) / frameSize
        bytes[32 + (frames - 1) * frameSize + 8] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path + "-wal"))
        XCTAssertEqual(try count(path), 11)
    }

    /// An invalid header: SQLite ignores the whole log, and so does the plan (the file alone, immutable).
    func testInvalidHeaderMeansNoLog() throws {
        let path = try makeWAL()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        bytes[24] ^= 0xFF  // header checksum
        try bytes.write(to: URL(fileURLWithPath: path + "-wal"))
        XCTAssertEqual(try WALFiles.plan(forReadOnly: path), .immutable)
        XCTAssertEqual(try count(path), 0)
    }

    /// The same log with big-endian checksums (magic 0x377F0683), as a big-endian machine writes it.
    func testBigEndianChecksums() throws {
        let path = try makeWAL()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "-wal")))
        XCTAssertEqual(Array(bytes[0..<4]), [0x37, 0x7F, 0x06, 0x82])
        bytes[3] = 0x83
        func store(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * index)) }
        }
        var checksum = WALLog.checksumOf(bytes[0..<24], bigEndian: true, seed: (0, 0))
        store(checksum.0, at: 24)
        store(checksum.1, at: 28)
        var offset = 32
        while offset + frameSize <= bytes.count {
            checksum = WALLog.checksumOf(bytes[offset..<(offset + 8)], bigEndian: true, seed: checksum)
            checksum = WALLog.checksumOf(bytes[(offset + 24)..<(offset + frameSize)], bigEndian: true, seed: checksum)
            store(checksum.0, at: offset + 16)
            store(checksum.1, at: offset + 20)
            offset += frameSize
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path + "-wal"))
        XCTAssertEqual(try count(path), 111)
        // SQLite itself agrees (given a -shm to use, in a copy).
        let copy = directory.appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        let sqlite = try Connection(path: copy, mode: .readWrite(create: false))
        XCTAssertEqual(try sqlite.fetchAll("SELECT count(*) FROM t"), [[.integer(111)]])
    }
}
