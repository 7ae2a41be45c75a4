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
/// A connection is not `Sendable`: it is used where it was made, by one thread at a time. To share
/// one between threads or tasks, hand it to a `Database`, which is `Sendable` and serializes every
/// use of its connection (`Database.withConnection(_:)`).
public final class Connection {
    /// How a file is opened.
    package enum Mode: Sendable, Equatable {
        /// `SQLITE_OPEN_READONLY`: the default, for everything that reads a user's database.
        case readOnly
        /// Read-write; `create` allows a new file. Used for databases Assoc builds itself (demo, tests).
        case readWrite(create: Bool)
    }

    let handle: OpaquePointer
    /// The path given at opening (`:memory:` for an in-memory database).
    package let path: String
    /// How the file was opened: read-only (every user file), or read-write (demo, tests).
    let mode: Mode
    /// Waits for other processes' locks, ending at once when the running operation is cancelled.
    let busyWait: BusyWait
    /// The cancellation handles of the operations running now and the time limit, read by SQLite's
    /// progress handler: a cancel stops the statement it was meant for, never a later one.
    let control = StatementControl()
    /// How this connection sees other processes' writes (read-only files; `.locked` otherwise).
    let visibility: FileOpening.Visibility
    /// The file as it was just before opening (read-only files only), and its `-wal` path.
    private let openedState: DatabaseFileState?
    private let logPath: String
    /// Refuses the SQL functions that take a pointer or change the connection (`fts3_tokenizer`…).
    private let functionGuard = SQLFunctionGuard()
    /// Called with the SQL and arguments of every statement that starts executing.
    public var traceHandler: (@Sendable (String, [DatabaseValue]) -> Void)?

    /// Opens the database at `path`, read-only: a missing path, a directory or a file that is not
    /// a SQLite database throws `AssocError.sqlite` naming the path. Other processes' write locks
    /// are waited for up to `busyTimeoutMilliseconds`.
    public convenience init(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws {
        try self.init(path: path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the database at `path` in `mode`: read-write only for the databases Assoc builds
    /// itself (the demo, tests).
    package init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32 = 5000) throws {
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
        logPath = WALFiles.resolved(path) + "-wal"
        switch mode {
        case .readOnly:
            // Read before SQLite opens it: a change in between is seen as a change, never missed.
            openedState = DatabaseFileState.read(path, logPath: logPath, content: true)
            (db, visibility) = try FileOpening.readOnly(path)
        case .readWrite(let create):
            let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
            db = try FileOpening.handle(path, flags: flags, displayPath: path)
            openedState = nil
            visibility = .locked
        }
        self.handle = db
        self.path = path
        self.mode = mode
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        busyWait = BusyWait(timeoutMilliseconds: busyTimeoutMilliseconds, control: control)
        busyWait.install(on: db)
        control.install(on: db)
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

    /// How long a statement waits for another process's lock.
    let busyTimeoutMilliseconds: Int32

    /// A new connection to the same path, in the same mode: what the path holds now (another
    /// file if it was replaced), read the way its side files allow now.
    package func reopened() throws -> Connection {
        let connection = try Connection(path: path, mode: mode, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        connection.traceHandler = traceHandler
        return connection
    }

    /// A new private in-memory database, writable: for the demo database and tests.
    package static func inMemory() throws -> Connection {
        try Connection(path: ":memory:", mode: .readWrite(create: true))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether the main database refuses writes: opened read-only (a file with
    /// `SQLITE_OPEN_READONLY`, or a WAL snapshot deserialized read-only, which
    /// `sqlite3_db_readonly` does not report), or considered read-only by SQLite.
    var isReadOnly: Bool { mode == .readOnly || sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether no transaction is open (SQLite's autocommit mode).
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Compiles one SQL statement.
    package func prepare(_ sql: String) throws -> Statement {
        busyWait.statementStarts()
        functionGuard.statementStarts()
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            if visibility == .immutable, fileBytesChanged { throw fileChangedError(sql: sql) }
            throw lastError(code: rc, sql: sql)
        }
        return Statement(connection: self, handle: stmt, sql: sql)
    }

    /// Compiles the first statement of `sql` (a user's own, see `SQLQuery`): the statement, the
    /// UTF-8 length of the text it took, and whether SQLite finds it read-only
    /// (`sqlite3_stmt_readonly`). The text after it is not compiled.
    package func prepareFirst(_ sql: String) throws -> (statement: Statement, consumedBytes: Int, isReadOnly: Bool)? {
        busyWait.statementStarts()
        functionGuard.statementStarts()
        var stmt: OpaquePointer?
        let bytes = Array(sql.utf8CString)
        var consumed = 0
        let rc = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(handle, base, Int32(buffer.count - 1), &stmt, &tail)
            consumed = tail.map { base.distance(to: $0) } ?? buffer.count - 1
            return rc
        }
        guard rc == SQLITE_OK else { throw lastError(code: rc, sql: sql) }
        guard let stmt else { return nil }
        return (Statement(connection: self, handle: stmt, sql: sql), consumed, sqlite3_stmt_readonly(stmt) != 0)
    }

    /// Runs one or several statements that return no rows we care about.
    package func execute(_ sql: String, arguments: [DatabaseValue] = []) throws {
        if arguments.isEmpty, control.isIdle {
            // On its own: an operation of its own, which `interrupt()` reaches while it runs.
            try control.run(CancellationHandle()) { try execute(sql, arguments: arguments) }
        } else if arguments.isEmpty {
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
    package func fetchAll(_ sql: String, arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append(statement.values())
        }
        return rows
    }

    /// Stops the operation running on this connection now, if any: its statement throws
    /// `SQLITE_INTERRUPT` ("interrupted") and it runs no other. A statement that starts later is
    /// not affected (no `sqlite3_interrupt`, whose effect could reach the next statement). From
    /// another thread, call `Database.interrupt()`: a connection is not `Sendable`.
    package func interrupt() {
        control.cancelRunning()
    }

    /// Whether the running statement is waiting for another process's lock.
    var isWaitingForLock: Bool { busyWait.isWaiting }

    /// Runs `body` without waiting for other processes' locks: a locked database fails at once
    /// with `SQLITE_BUSY` (for polls that must never block the screen).
    package func withoutWaitingForLocks<T>(_ body: () throws -> T) rethrows -> T {
        try busyWait.withoutWaiting(body)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    func lastError(code: Int32, sql: String?) -> AssocError {
        if code & 0xFF == SQLITE_BUSY {
            let reason =
                control.isCancelled
                ? "cancelled while waiting for it"
                : "waited \(busyWait.timeoutMilliseconds / 1000) s; try again when its write is done"
            return .sqlite(DatabaseError(code: code, message: "the database is locked by another process (\(reason))", sql: sql))
        }
        if code & 0xFF == SQLITE_NOMEM, Connection.memoryLimit > 0 {
            return .sqlite(
                DatabaseError(
                    code: code, message: "SQLite needed more memory than allowed (\(Connection.memoryLimit / 1_048_576) MB in all): stopped", sql: sql
                ))
        }
        if code & 0xFF == SQLITE_FULL, Connection.temporaryFilesLimit > 0 {
            let megabytes = Connection.temporaryFilesLimit / 1_048_576
            return .sqlite(
                DatabaseError(
                    code: code,
                    message:
                        "SQLite needed more than \(megabytes) MB of temporary files (to sort, group or hold intermediate rows): stopped; an index on the sorted or grouped columns, a filter or a LIMIT may avoid it",
                    sql: sql))
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

/// A connection is used by one thread at a time: share a `Database` instead.
@available(*, unavailable)
extension Connection: Sendable {}

extension Connection {
    /// What another process did to the file since this connection opened it: `.written` only for a
    /// connection that cannot see other processes' commits by itself (opened `immutable=1`, or a
    /// snapshot in memory); `.replaced` and `.removed` for any read-only file. A connection reading
    /// through SQLite's locks sees commits itself (`PRAGMA data_version`).
    package func fileChange() -> DatabaseFileChange {
        guard let openedState else { return .none }
        let content = visibility != .locked
        return openedState.change(to: DatabaseFileState.read(path, logPath: logPath, content: content), content: content)
    }

    /// Whether SQLite tells this connection about other processes' commits (`PRAGMA data_version`).
    package var seesOtherProcessesCommits: Bool { visibility == .locked }

    /// For an `immutable=1` connection: whether the bytes of the file it reads changed since it was
    /// opened (its reads may then mix two versions, or look malformed).
    var fileBytesChanged: Bool {
        guard let openedState else { return false }
        return openedState.fileBytesDiffer(from: DatabaseFileState.read(path, logPath: logPath, content: true))
    }

    /// The error of a statement on an `immutable=1` connection whose file changed: never
    /// "malformed" for a healthy file, never rows of two versions without saying so.
    func fileChangedError(sql: String?) -> AssocError {
        .sqlite(DatabaseError(code: SQLITE_ABORT, message: Self.fileChangedMessage, sql: sql))
    }

    /// The text of `fileChangedError`.
    package static let fileChangedMessage =
        "the database file changed while it was being read (another process wrote to it); read it again to see what it holds now"

    /// `PRAGMA schema_version`: moves whenever the schema changes (in this or another process).
    package func schemaVersion() throws -> Int {
        guard case .integer(let version)? = try fetchAll("PRAGMA schema_version").first?.first else { return 0 }
        return Int(version)
    }
}
