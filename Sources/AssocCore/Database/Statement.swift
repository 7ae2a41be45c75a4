import CSQLite

/// A compiled SQL statement. Bind arguments, then `step()` through the rows and read columns.
/// Not `Sendable`: it belongs to its connection, used by one thread at a time.
package final class Statement {
    let handle: OpaquePointer
    /// Keeps the connection alive while the statement exists.
    let connection: Connection
    /// The SQL text the statement was compiled from.
    let sql: String
    private var arguments: [DatabaseValue] = []
    private var started = false
    /// Rows stepped since the file was last looked at (`immutable=1` connections only).
    private var rowsSinceFileCheck = 0
    /// How many rows an `immutable=1` connection reads between two looks at its file.
    static let rowsBetweenFileChecks = 4096
    /// Stops this statement when it steps on its own, outside any operation of a `Database`
    /// (`Connection.interrupt()` then reaches it, and no other statement).
    private lazy var ownCancellation = CancellationHandle()

    init(connection: Connection, handle: OpaquePointer, sql: String) {
        self.connection = connection
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Number of result columns.
    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Result column names, in order (duplicates kept: `id`, `name`, `id`…).
    package var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// Number of `?` parameters the statement expects.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The name of parameter `index` (1-based) as written, `:id`, `?2`; nil for a lone `?`.
    func parameterName(at index: Int) -> String? {
        guard let name = sqlite3_bind_parameter_name(handle, Int32(index)) else { return nil }
        return String(cString: name)
    }

    /// The 1-based index SQLite gives the parameter written `name` (`:id`, `?2`), nil when none.
    func parameterIndex(of name: String) -> Int? {
        let index = Int(sqlite3_bind_parameter_index(handle, name))
        return index > 0 ? index : nil
    }

    /// Binds values to the statement's parameters, in order. The count must match.
    func bind(_ values: [DatabaseValue]) throws {
        guard values.count == parameterCount else {
            throw AssocError.sqlite(
                DatabaseError(
                    code: SQLITE_RANGE,
                    message: "expected \(parameterCount) arguments, got \(values.count)", sql: sql))
        }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        started = false
        arguments = values
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let s):
                // Bind the UTF-8 length, not -1: text may contain NUL characters.
                let bytes = Array(s.utf8CString)  // NUL-terminated, so never empty
                rc = bytes.withUnsafeBufferPointer { buffer in
                    sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count - 1), assoc_sqlite_transient())
                }
            case .blob(let b):
                rc = b.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), assoc_sqlite_transient())
                }
            }
            if rc != SQLITE_OK { throw connection.lastError(code: rc, sql: sql) }
        }
    }

    /// Advances to the next row. Returns false when there are no more rows.
    /// On an `immutable=1` connection, whose file another process may write without SQLite
    /// knowing, the file is looked at when the statement starts, every `rowsBetweenFileChecks`
    /// rows, at its end and on an error: when its bytes changed, the statement throws
    /// `Connection.fileChangedMessage` (its rows may mix two versions) instead of going on.
    package func step() throws -> Bool {
        let control = connection.control
        if control.isIdle { return try control.run(ownCancellation) { try stepInOperation() } }
        return try stepInOperation()
    }

    /// `step()` within an operation whose cancellation the progress handler reads.
    private func stepInOperation() throws -> Bool {
        let watched = connection.visibility == .immutable
        if !started {
            // A cancelled operation starts no statement (its running one stops in the handler).
            if connection.control.isCancelled {
                throw AssocError.sqlite(DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted", sql: sql))
            }
            started = true
            connection.traceHandler?(sql, arguments)
            if watched { try checkFile() }
        }
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW:
            if watched {
                rowsSinceFileCheck += 1
                if rowsSinceFileCheck >= Self.rowsBetweenFileChecks { try checkFile() }
            }
            return true
        case SQLITE_DONE:
            if watched { try checkFile() }
            return false
        default:
            let error =
                watched && connection.fileBytesChanged
                ? connection.fileChangedError(sql: sql) : connection.lastError(code: rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Throws when the file of an `immutable=1` connection changed since it was opened.
    private func checkFile() throws {
        rowsSinceFileCheck = 0
        guard connection.fileBytesChanged else { return }
        sqlite3_reset(handle)
        throw connection.fileChangedError(sql: sql)
    }

    /// Rewinds the statement so it can run again with the same arguments.
    func reset() {
        sqlite3_reset(handle)
        started = false
    }

    /// The value of column `index` of the current row (0-based). Out-of-range reads give NULL.
    func value(at index: Int) -> DatabaseValue {
        guard index >= 0, index < columnCount else { return .null }
        return unsafeValue(at: Int32(truncatingIfNeeded: index))
    }

    /// The value of column `i`, which the caller knows is in range (SQLite itself answers NULL
    /// for an out-of-range column, so a wrong index is never a memory error).
    @inline(__always)
    func unsafeValue(at i: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, i) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, i))
            // Invalid UTF-8 becomes U+FFFD: never a trap, always a visible placeholder.
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, i))
            guard count > 0, let bytes = sqlite3_column_blob(handle, i) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// All values of the current row.
    package func values() -> [DatabaseValue] {
        values(in: 0..<columnCount)
    }

    /// The values of the columns in `range` of the current row, in one allocation; columns out of
    /// range read as NULL. (`reserveCapacity` + `append` allocate through code specialized for
    /// `DatabaseValue`; `Array(unsafeUninitializedCapacity:)` goes through the standard library's
    /// generic allocator, which looks up the array's type metadata on every call.)
    package func values(in range: Range<Int>) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values.reserveCapacity(range.count)
        appendValues(in: range, to: &values)
        return values
    }

    /// Appends the values of the columns in `range` of the current row to `values`; columns out of
    /// range read as NULL.
    func appendValues(in range: Range<Int>, to values: inout [DatabaseValue]) {
        let count = columnCount
        for index in range {
            values.append(index >= 0 && index < count ? unsafeValue(at: Int32(truncatingIfNeeded: index)) : .null)
        }
    }

    /// The first column of the first row, or nil when there is no row.
    func firstValue() throws -> DatabaseValue? {
        reset()
        defer { reset() }
        return try step() ? value(at: 0) : nil
    }
}
