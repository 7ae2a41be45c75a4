import AssocCore
import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// The hostile cases that need more than "opens or refuses": terminal safety of the output,
/// corruption found mid-table, locks, permissions.
final class HostileBehaviourTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Scalars that would act on a terminal (C0 but newline, DEL, C1, bidi controls), in `text`.
    static func terminalControls(in text: String) -> [UInt32] {
        let bidi: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        return text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || bidi.contains(value)
        }
    }

    func makeEscapeDatabase() throws -> String {
        try CorpusBuilder.database(directory, "escapes.db") { db in
            try db.execute("CREATE TABLE \"t\u{1B}[31m\" (id INTEGER PRIMARY KEY, \"v\u{1B}]0;x\u{07}\" TEXT, \"w\u{202E}\" TEXT)")
            for text in HostileStrings.all {
                try db.execute("INSERT INTO \"t\u{1B}[31m\" VALUES (NULL, ?, ?)", arguments: [.text(text), .text(text)])
            }
        }
    }

    func testTableOutputHasNoTerminalControls() throws {
        let path = try makeEscapeDatabase()
        let result = try BinaryRunner.run(["fetch", path, quotedName("t\u{1B}[31m"), "--format", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdoutBytes.contains(0x1B), "raw ESC in the table output")
        XCTAssertEqual(Self.terminalControls(in: result.stdout), [])
        XCTAssertEqual(result.stdout.components(separatedBy: "\n").count, HostileStrings.all.count + 4)  // header, rule, rows, count, ""
        XCTAssertTrue(result.stdout.contains("(\(HostileStrings.all.count) rows)"))
        for format in ["text", "json", "dot", "mermaid"] {
            let schema = try BinaryRunner.run(["schema", path, "--format", format])
            XCTAssertEqual(schema.status, 0, schema.stderr)
            XCTAssertFalse(schema.stdoutBytes.contains(0x1B), "raw ESC in schema --format \(format)")
        }
        // The debug format (row scopes) is for terminals too.
        let debug = try BinaryRunner.run(["fetch", path, quotedName("t\u{1B}[31m"), "--format", "debug"])
        XCTAssertEqual(debug.status, 0, debug.stderr)
        XCTAssertEqual(Self.terminalControls(in: debug.stdout), [])
    }

    func testJSONOutputEscapesControlsAndRoundTrips() throws {
        let path = try makeEscapeDatabase()
        let result = try BinaryRunner.run(["fetch", path, quotedName("t\u{1B}[31m"), "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdoutBytes.contains(0x1B))
        XCTAssertEqual(Self.terminalControls(in: result.stdout).filter { $0 < 0x20 }, [], "raw C0 in JSON")
        XCTAssertTrue(result.stdout.contains("\\u001b[31mred"))
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["v\u{1B}]0;x\u{07}"] as? String }, HostileStrings.all.map { Optional($0) })
    }

    /// Rows before the damaged page come back; reading the page is an error naming corruption;
    /// other tables are unaffected.
    func testCorruptedPageFailsOnlyWhenRead() throws {
        let path = try HostileFiles.corruptedMiddlePage(directory)
        let db = try Database(path: path)
        let firstRows = try db.fetchAll(Table("big").limit(5))
        XCTAssertEqual(firstRows.map { $0["id"] }, [1, 2, 3, 4, 5].map { DatabaseValue.integer($0) })
        XCTAssertThrowsError(try db.fetchAll(Table("big").all)) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 11, "\(String(describing: error))")  // SQLITE_CORRUPT
            XCTAssertTrue(error?.message.contains("malformed") ?? false)
        }
        XCTAssertEqual(try db.fetchCount(Table("small").all), 3)
        let whole = try BinaryRunner.run(["fetch", path, "big", "--format", "json"])
        XCTAssertEqual(whole.status, 1)
        XCTAssertTrue(whole.stderr.hasPrefix("assoc: database disk image is malformed"), whole.stderr)
        let small = try BinaryRunner.run(["fetch", path, "small", "--format", "table"])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertTrue(small.stdout.contains("three"))
    }

    /// Another process holds `BEGIN EXCLUSIVE` with a pending write: a clear "database is locked"
    /// after the busy timeout, not a hang, and the file is untouched once the holder rolls back.
    func testExclusiveLockGivesBusyErrorAfterTimeout() throws {
        let path = try CorpusBuilder.values(directory, "locked.db", [.text("x")])
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { throw Prerequisite.missing("no sqlite3 CLI") }
        holder.arguments = [path]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        try input.fileHandleForWriting.write(contentsOf: Data("BEGIN EXCLUSIVE;\nINSERT INTO t (v) VALUES ('pending');\nSELECT 'holding';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("holding") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                XCTFail("the lock holder exited")
                return
            }
            seen += chunk
        }
        // Engine: a short busy timeout is honoured.
        let started = Date()
        XCTAssertThrowsError(try Connection(path: path, busyTimeoutMilliseconds: 300)) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 5, "\(String(describing: error))")  // SQLITE_BUSY
            XCTAssertTrue(error?.message.contains("database is locked") ?? false)
        }
        // It waited for the lock first (a lower bound: a busy machine only adds to it).
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.25)
        // Command line: the default 5 s timeout, then one clear line.
        let cliStarted = Date()
        let result = try BinaryRunner.run(["schema", path], timeout: 30)
        let cliElapsed = Date().timeIntervalSince(cliStarted)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.signaled)
        XCTAssertTrue(result.stderr.hasPrefix("assoc: cannot open"), result.stderr)
        XCTAssertTrue(result.stderr.contains("database is locked"), result.stderr)
        XCTAssertGreaterThan(cliElapsed, 4.5)  // the 5 s timeout was waited (not a hang: BinaryRunner's 30 s limit)
        XCTAssertFalse(result.timedOut)
        try input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\nSELECT 'released';\n".utf8))
        seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("released") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try Database(path: path).fetchCount(Table("t").all), 1)
    }

    func testUnreadableFile() throws {
        let path = try CorpusBuilder.values(directory, "secret.db", [.text("x")])
        XCTAssertEqual(chmod(path, 0), 0)
        defer { chmod(path, 0o644) }
        if FileManager.default.isReadableFile(atPath: path) {
            throw XCTSkip("running as root (uid \(getuid())): permissions do not apply")
        }
        let result = try BinaryRunner.run(["schema", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("permission denied"), result.stderr)
        XCTAssertThrowsError(try Connection(path: path))
    }

    /// The WAL's content is read while `-wal` and `-shm` exist, and the database and `-wal` bytes
    /// stay as they were. SQLite does write the `-shm` index (read marks): documented in WALFiles.swift.
    func testWALContentVisibleAndOnlyShmTouched() throws {
        let path = try HostileFiles.walWithFiles(directory)
        let db = try Data(contentsOf: URL(fileURLWithPath: path))
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let database = try Database(path: path)
        XCTAssertEqual(try database.fetchAll(Table("t").all).map { $0["v"] }, [.text("checkpointed"), .text("in wal")])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), db)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")), wal)
    }

    /// A WAL database whose `-wal`/`-shm` are gone (cleanly closed) is read without creating them.
    func testWALDatabaseWithoutSideFilesCreatesNone() throws {
        let path = try CorpusBuilder.database(
            directory, "clean.db",
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO t (v) VALUES ('a'), ('b');
            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        let database = try Database(path: path)
        XCTAssertEqual(try database.fetchCount(Table("t").all), 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"))
    }
}
