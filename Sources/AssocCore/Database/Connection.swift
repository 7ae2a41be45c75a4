import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection to one SQLite database. The only type, with `Statement`, that talks to SQLite.
///
/// Files are opened read-only unless asked otherwise, and a missing path is an error rather
/// than a new empty database: Assoc never writes to the user's file.
/// A connection is used from one thread at a time; `interrupt()` alone may be called from any thread.
public final class Connection: @unchecked Sendable {
    /// How a file is opened.
    public enum Mode: Sendable, Equatable {
        /// `SQLITE_OPEN_READONLY`: the default, for everything that reads a user's database.
        case readOnly
        /// Read-write; `create` allows a new file. Used for databases Assoc builds itself (demo, tests).
        case readWrite(create: Bool)
    }

    let handle: OpaquePointer
    /// The path given at opening (`:memory:` for an in-memory database).
    public let path: String
    public let mode: Mode
    /// Waits for other processes' locks, ending at once on `interrupt()`.
    private let busyWait: BusyWait
    /// Refuses the SQL functions that take a pointer or change the connection (`fts3_tokenizer`…).
    private let functionGuard = SQLFunctionGuard()
    /// Called with the SQL and arguments of every statement that starts executing.
    public var traceHandler: (@Sendable (String, [DatabaseValue]) -> Void)?

    /// Opens the database at `path`. Read-only by default; a missing path, a directory or a file
    /// that is not a SQLite database throws `AssocError.sqlite` naming the path.
    public init(path: String, mode: Mode = .readOnly, busyTimeoutMilliseconds: Int32 = 5000) throws {
        if path != ":memory:" && mode != .readWrite(create: true) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "no such file: \(path)"))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "\(path) is a directory, not a SQLite database"))
            }
            // A FIFO or a device would block SQLite's first read forever.
            if (info.st_mode & S_IFMT) != S_IFREG {
                throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "\(path) is not a regular file, not a SQLite database"))
            }
        }
        let db: OpaquePointer
        switch mode {
        case .readOnly:
            db = try FileOpening.readOnly(path)
        case .readWrite(let create):
            let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
            db = try FileOpening.handle(path, flags: flags, displayPath: path)
        }
        self.handle = db
        self.path = path
        self.mode = mode
        busyWait = BusyWait(timeoutMilliseconds: busyTimeoutMilliseconds)
        busyWait.install(on: db)
        functionGuard.install(on: db)
        sqlite3_extended_result_codes(db, 1)
        // Reading the schema header proves the file is a database ("file is not a database" otherwise).
        do {
            _ = try prepare("SELECT count(*) FROM sqlite_schema").firstValue()
        } catch AssocError.sqlite(let error) {
            let explained = mode == .readOnly ? OpenDiagnosis.explain(error, path: path) : error.message
            throw AssocError.sqlite(DatabaseError(code: error.code, message: "\(explained): \(path)"))
        }
    }

    /// A new private in-memory database, writable: for the demo database and tests.
    public static func inMemory() throws -> Connection {
        try Connection(path: ":memory:", mode: .readWrite(create: true))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether the main database refuses writes: opened read-only (a file with
    /// `SQLITE_OPEN_READONLY`, or a WAL snapshot deserialized read-only, which
    /// `sqlite3_db_readonly` does not report), or considered read-only by SQLite.
    public var isReadOnly: Bool { mode == .readOnly || sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether no transaction is open (SQLite's autocommit mode).
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Compiles one SQL statement.
    public func prepare(_ sql: String) throws -> Statement {
        // An interrupt asked for while nothing ran does not reach later statements (as in SQLite).
        busyWait.statementStarts()
        functionGuard.statementStarts()
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw lastError(code: rc, sql: sql)
        }
        return Statement(connection: self, handle: stmt, sql: sql)
    }

    /// Runs one or several statements that return no rows we care about.
    public func execute(_ sql: String, arguments: [DatabaseValue] = []) throws {
        if arguments.isEmpty {
            traceHandler?(sql, [])
            functionGuard.statementStarts()
            var errorMessage: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
            if rc != SQLITE_OK {
                let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
                sqlite3_free(errorMessage)
                if let refused = functionGuard.message(forCode: rc, sqliteMessage: message) {
                    throw AssocError.sqlite(DatabaseError(code: rc, message: refused, sql: sql))
                }
                throw AssocError.sqlite(DatabaseError(code: rc, message: ErrorExplanation.explain(message, handle: handle, sql: sql), sql: sql))
            }
        } else {
            let statement = try prepare(sql)
            try statement.bind(arguments)
            while try statement.step() {}
        }
    }

    /// Every row of a query, as arrays of values in column order.
    public func fetchAll(_ sql: String, arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append(statement.values())
        }
        return rows
    }

    /// Interrupts the statement running on this connection, if any (`sqlite3_interrupt`).
    /// Safe to call from another thread; the interrupted statement throws `SQLITE_INTERRUPT`.
    public func interrupt() {
        busyWait.isInterrupted = true
        sqlite3_interrupt(handle)
    }

    /// Whether the running statement is waiting for another process's lock (any thread may ask).
    public var isWaitingForLock: Bool { busyWait.isWaiting }

    /// Runs `body` without waiting for other processes' locks: a locked database fails at once
    /// with `SQLITE_BUSY` (for polls that must never block the screen).
    public func withoutWaitingForLocks<T>(_ body: () throws -> T) rethrows -> T {
        try busyWait.withoutWaiting(body)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    func lastError(code: Int32, sql: String?) -> AssocError {
        if code & 0xFF == SQLITE_BUSY {
            let reason = busyWait.isInterrupted
                ? "cancelled while waiting for it"
                : "waited \(busyWait.timeoutMilliseconds / 1000) s; try again when its write is done"
            return .sqlite(DatabaseError(code: code, message: "the database is locked by another process (\(reason))", sql: sql))
        }
        if code & 0xFF == SQLITE_NOMEM, Connection.memoryLimit > 0 {
            return .sqlite(DatabaseError(
                code: code, message: "SQLite needed more memory than allowed (\(Connection.memoryLimit / 1_048_576) MB in all): stopped", sql: sql))
        }
        let message = String(cString: sqlite3_errmsg(handle))
        if let refused = functionGuard.message(forCode: code, sqliteMessage: message) {
            return .sqlite(DatabaseError(code: code, message: refused, sql: sql))
        }
        return .sqlite(DatabaseError(code: code, message: ErrorExplanation.explain(message, handle: handle, sql: sql), sql: sql))
    }

    /// Whether the on/off option `option` (`SQLITE_DBCONFIG_ENABLE_…`) is on for this connection.
    package func isEnabled(_ option: Int32) -> Bool { SQLFunctionGuard.isEnabled(option, on: handle) }
}
