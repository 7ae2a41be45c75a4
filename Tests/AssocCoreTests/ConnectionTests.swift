import CSQLite
import Foundation
import XCTest

@testable import AssocCore

final class ConnectionTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-conn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A database file with one table `t(a)` holding one row, built read-write then closed.
    func makeDatabaseFile(_ name: String = "db.sqlite") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let db = try Connection(path: path, mode: .readWrite(create: true))
        try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        return path
    }

    func testInMemoryRoundTrip() throws {
        let db = try Connection.inMemory()
        try db.execute("CREATE TABLE t(a, b)")
        try db.execute("INSERT INTO t VALUES (?, ?)", arguments: [.integer(1), .text("x")])
        XCTAssertEqual(try db.fetchAll("SELECT a, b FROM t"), [[.integer(1), .text("x")]])
    }

    func testReadOnlyOpenRefusesWrites() throws {
        let path = try makeDatabaseFile()
        let db = try Connection(path: path)
        XCTAssertTrue(db.isReadOnly)
        XCTAssertEqual(try db.fetchAll("SELECT a FROM t"), [[.integer(1)]])
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (2)")) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 8)  // SQLITE_READONLY
        }
    }

    func testMissingPathThrowsAndCreatesNothing() throws {
        let path = directory.appendingPathComponent("missing.sqlite").path
        XCTAssertThrowsError(try Connection(path: path)) { error in
            XCTAssertEqual((error as? AssocError)?.databaseError?.code, 14)  // SQLITE_CANTOPEN
            XCTAssertTrue((error as? AssocError)?.databaseError?.message.contains(path) ?? false)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testDirectoryThrows() {
        XCTAssertThrowsError(try Connection(path: directory.path)) { error in
            XCTAssertTrue((error as? AssocError)?.databaseError?.message.contains("directory") ?? false)
        }
    }

    func testTextFileIsNotADatabase() throws {
        let path = directory.appendingPathComponent("notes.txt").path
        try Data(String(repeating: "hello, this is not SQLite\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Connection(path: path)) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 26)  // SQLITE_NOTADB
            XCTAssertTrue(error?.message.contains("file is not a database") ?? false, "\(String(describing: error))")
        }
    }

    func testZeroByteFileOpensWithAnEmptySchema() throws {
        let path = directory.appendingPathComponent("empty.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let db = try Connection(path: path)
        let schema = try SchemaIntrospector.read(db)
        XCTAssertEqual(schema.tables, [])
        XCTAssertEqual(schema.diagnostics, [])
    }

    func testBoundValuesOfAllFiveTypesRoundTrip() throws {
        let db = try Connection.inMemory()
        let values: [DatabaseValue] = [.null, .integer(Int64.min), .real(-2.5), .text("é\u{0}\"'表"), .blob([0, 255, 7])]
        let rows = try db.fetchAll("SELECT ?, ?, ?, ?, ?, typeof(?)", arguments: values + [.blob([])])
        XCTAssertEqual(rows, [values + [.text("blob")]])
        XCTAssertEqual(try db.fetchAll("SELECT ?", arguments: [.blob([])]), [[.blob([])]])
        XCTAssertEqual(
            try db.fetchAll("SELECT ?, length(CAST(? AS BLOB))", arguments: [.text(""), .text("a\u{0}b")]),
            [[.text(""), .integer(3)]])
    }

    func testErrorsCarryCodeMessageAndSQL() throws {
        let db = try Connection.inMemory()
        XCTAssertThrowsError(try db.fetchAll("SELECT * FROM nowhere")) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.code, 1)
            XCTAssertEqual(error?.message, "no such table: nowhere")
            XCTAssertEqual(error?.sql, "SELECT * FROM nowhere")
            XCTAssertEqual(error?.description, "SQLite error 1: no such table: nowhere - while executing `SELECT * FROM nowhere`")
        }
        try db.execute("CREATE TABLE t(a NOT NULL)")
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (?)", arguments: [.null])) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 19)  // SQLITE_CONSTRAINT
            XCTAssertEqual(error?.sql, "INSERT INTO t VALUES (?)")
        }
        XCTAssertThrowsError(try db.fetchAll("SELECT ?", arguments: [])) { error in
            XCTAssertEqual((error as? AssocError)?.databaseError?.code, 25)  // SQLITE_RANGE
        }
    }

    /// Signalled when a statement starts: it is running on the connection.
    final class StatementStarted: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
    }

    func testInterruptFromAnotherThreadStopsALongQuery() throws {
        let db = try Database(connection: try Connection.inMemory())
        let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c"
        // The interrupt comes once the statement starts (its trace), never racing its start.
        let started = StatementStarted()
        let interrupter = Thread { [db, started] in
            started.semaphore.wait()
            db.interrupt()
        }
        interrupter.start()
        XCTAssertThrowsError(
            try db.withConnection { connection in
                connection.traceHandler = { _, _ in started.semaphore.signal() }
                return try connection.fetchAll(sql)
            }
        ) { error in
            XCTAssertEqual((error as? AssocError)?.databaseError?.primaryCode, 9)  // SQLITE_INTERRUPT
        }
    }

    func testBusyTimeout() throws {
        let path = try makeDatabaseFile()
        let reader = try Connection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 100)
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("BEGIN EXCLUSIVE")
        defer { try? writer.execute("ROLLBACK") }
        let started = Date()
        XCTAssertThrowsError(try reader.fetchAll("SELECT a FROM t")) { error in
            XCTAssertEqual((error as? AssocError)?.databaseError?.primaryCode, 5)  // SQLITE_BUSY
        }
        // It waited for the lock before giving up (a lower bound: a busy machine only adds to it).
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.08)
    }

    /// Waiting for another process's lock ends at once on `interrupt()`, not after the timeout;
    /// the error says who holds the database.
    func testInterruptEndsAWaitForAnotherProcesssLock() throws {
        let path = try makeDatabaseFile()
        let reader = try Database(connection: try Connection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 20_000))
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("BEGIN EXCLUSIVE")
        defer { try? writer.execute("ROLLBACK") }
        // The interrupt comes once the reader waits for the lock, never racing the wait's start.
        let interrupter = Thread { [reader] in
            let giveUp = Date().addingTimeInterval(30)  // never left spinning if the read failed otherwise
            while !reader.isWaitingForLock && Date() < giveUp { usleep(1_000) }
            reader.interrupt()
        }
        interrupter.start()
        XCTAssertThrowsError(try reader.withConnection { try $0.fetchAll("SELECT a FROM t") }) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 5)  // SQLITE_BUSY
            // Cancelled, not the 20 s timeout ("waited 20 s").
            XCTAssertEqual(error?.message, "the database is locked by another process (cancelled while waiting for it)")
        }
        // An interrupt that landed while nothing ran does not cancel the next statement.
        try writer.execute("ROLLBACK")
        reader.interrupt()
        XCTAssertEqual(try reader.withConnection { try $0.fetchAll("SELECT count(*) FROM t") }.first?.first, 1)
        try writer.execute("BEGIN EXCLUSIVE")
    }

    func testTimedOutLockWaitSaysSo() throws {
        let path = try makeDatabaseFile()
        let reader = try Connection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 1000)
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("BEGIN EXCLUSIVE")
        defer { try? writer.execute("ROLLBACK") }
        XCTAssertThrowsError(try reader.fetchAll("SELECT a FROM t")) { error in
            XCTAssertEqual(
                (error as? AssocError)?.databaseError?.message,
                "the database is locked by another process (waited 1 s; try again when its write is done)")
        }
    }

    /// A statement past its time budget stops and says so; within it, nothing changes; the limit
    /// ends with its call.
    func testTimeLimitStopsAStatementThatNeverEnds() throws {
        let db = try Connection.inMemory()
        try db.execute("CREATE VIEW inf AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c")
        XCTAssertThrowsError(try db.withTimeLimit(milliseconds: 200) { try db.fetchAll("SELECT count(*) FROM inf") }) { error in
            let error = (error as? AssocError)?.databaseError
            XCTAssertEqual(error?.primaryCode, 9)  // SQLITE_INTERRUPT
            XCTAssertEqual(error?.message, "stopped after 200 ms (the time allowed)")
        }
        XCTAssertEqual(try db.withTimeLimit(milliseconds: 2_000) { try db.fetchAll("SELECT x FROM inf LIMIT 3") }.count, 3)
        // No limit left behind: a long statement after it runs to its end.
        let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) FROM c"
        XCTAssertEqual(try db.fetchAll(sql).first?.first, 300_000)
    }

    /// SQLITE_TOOBIG means the SQL was too long only while compiling SQL past its limit: a value
    /// too big (made while running, or bound) says so, with SQLite's limit for one value.
    func testTooBigNamesTheValueOrTheSQL() throws {
        let db = try Connection.inMemory()
        let valueCases: [(String, [DatabaseValue])] = [
            ("SELECT length(randomblob(2000000000))", []),
            ("SELECT length(zeroblob(1500000000))", [])
        ]
        for (sql, arguments) in valueCases {
            XCTAssertThrowsError(try db.fetchAll(sql, arguments: arguments), sql) { error in
                let message = (error as? AssocError)?.databaseError?.message ?? "\(error)"
                XCTAssertTrue(
                    message.hasPrefix("a text or blob value the request binds or computes is larger than SQLite allows (1000000000 bytes"),
                    "\(sql): \(message)")
                XCTAssertFalse(message.contains("SQL is longer"), message)
            }
        }
        sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, 100)
        XCTAssertThrowsError(try db.fetchAll("SELECT length(?)", arguments: [.blob([UInt8](repeating: 1, count: 200))])) { error in
            let message = (error as? AssocError)?.databaseError?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("a text or blob value the request binds or computes is larger than SQLite allows (100 bytes"), message)
        }
        sqlite3_limit(db.handle, SQLITE_LIMIT_SQL_LENGTH, 50)
        let long = "SELECT 1" + String(repeating: " + 1", count: 20)
        XCTAssertThrowsError(try db.fetchAll(long)) { error in
            let message = (error as? AssocError)?.databaseError?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("the request's SQL is longer than SQLite accepts (50 bytes)"), message)
        }
    }
}
