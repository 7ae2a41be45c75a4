import CEscapes
import CSQLite

/// The current row of a flat statement (no scopes, no prefetch, no hidden columns), read in
/// place: what the document writers need to stream a table without building a `Row`, a
/// `DatabaseValue` or a `String` per value. Valid only inside the body it is handed to.
package struct RawColumns {
    let handle: OpaquePointer
    /// The cursor whose statement this reads: it outlives every `RawColumns` it hands out (no
    /// reference count per row).
    unowned(unsafe) let cursor: RowCursor
    /// The number of columns.
    package let count: Int
    /// The rows copied out of the statement this reads instead, and which of them (see
    /// `RawRowBatch`); nil: the statement's current row.
    /// (Not counted: the pipe that hands it out outlives it.)
    unowned(unsafe) let batch: RawRowBatch?
    let batchRow: Int
    /// The statement read after a row too big for SQLite, its big cells read by rowid (see
    /// `DeferredCellReader`); nil otherwise.
    unowned(unsafe) let deferred: DeferredCellReader?

    init(
        handle: OpaquePointer, cursor: RowCursor, count: Int, batch: RawRowBatch? = nil, batchRow: Int = 0,
        deferred: DeferredCellReader? = nil
    ) {
        self.handle = handle
        self.cursor = cursor
        self.count = count
        self.batch = batch
        self.batchRow = batchRow
        self.deferred = deferred
    }

    /// A column's value. Text and blobs stay in SQLite's buffer (or the batch's) until the next
    /// step: a 200 MB cell is held once, by SQLite, never copied into a `String` or an array.
    package enum Value {
        case null
        case integer(Int64)
        case real(Double)
        /// Valid UTF-8 text.
        case text(UnsafeBufferPointer<UInt8>)
        /// TEXT that is not valid UTF-8, as SQLite holds it: the exports that can carry any bytes
        /// (sql, csv, tsv) keep them; the others write U+FFFD.
        case invalidText(UnsafeBufferPointer<UInt8>)
        case blob(UnsafeBufferPointer<UInt8>)

        /// Text bytes classified: ASCII and valid UTF-8 as `.text`, other bytes as `.invalidText`.
        static func text(validating bytes: UnsafeBufferPointer<UInt8>) -> Value {
            guard let base = bytes.baseAddress, assoc_is_utf8(base, bytes.count) == 0 else { return .text(bytes) }
            return .invalidText(bytes)
        }
    }

    /// The value of column `index` (0 ≤ index < count).
    package func value(at index: Int) -> Value {
        if let batch { return batch.value(row: batchRow, column: index) }
        if let deferred { return deferred.value(at: index) }
        return Self.value(of: handle, at: index)
    }

    /// Value `index` of the current row of the statement `handle`, in SQLite's buffer.
    static func value(of handle: OpaquePointer, at index: Int) -> Value {
        let column = Int32(truncatingIfNeeded: index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { return .text(UnsafeBufferPointer(start: nil, count: 0)) }
            return .text(validating: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
        case SQLITE_BLOB:
            let blob = sqlite3_column_blob(handle, column)?.assumingMemoryBound(to: UInt8.self)
            return .blob(UnsafeBufferPointer(start: blob, count: blob == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
        default: return .null
        }
    }

    /// Whether a column is a blob (JSON's pretty objects lay such rows out apart).
    package func isBlob(at index: Int) -> Bool {
        if let batch { return batch.isBlob(row: batchRow, column: index) }
        return sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) == SQLITE_BLOB
    }

    /// The row as `RowCursor.next()` reads it.
    package func row() -> Row {
        guard batch != nil || deferred != nil else { return cursor.rawRow() }
        return Row(columnNames: cursor.rawReader?.names ?? [], values: (0..<count).map { value(at: $0).databaseValue })
    }
}

extension RowCursor {
    /// The column names of a cursor whose rows are flat (one scope, no prefetch, no hidden
    /// columns) and not read yet: such a cursor can hand its rows in place
    /// (`forEachRawRow`); nil otherwise.
    package var flatColumnNames: [String]? {
        guard let reader = flatReader else { return nil }
        return reader.names
    }

    /// Calls `body` with each remaining row, in order, on the calling thread, while another
    /// thread steps the statement: rows are copied out of SQLite a batch at a time
    /// (`RawRowPipe`), a batch per hold of the database's lock, the cursor's cancellation looked
    /// at between batches (and by SQLite's progress handler while it steps). A row with a cell
    /// longer than `cellLimit` bytes is handed from the statement itself, the stepping thread
    /// waiting meanwhile. Only for a cursor with `flatColumnNames`.
    package func forEachRawRow(cellLimit: Int = 1 << 16, _ body: (RawColumns) throws -> Void) throws {
        guard let reader = flatReader, let statement = rawStatement else {
            throw AssocError.invalid("this cursor's rows are not flat: read them with next()")
        }
        let pipe = RawRowPipe(cursor: self, statement: statement, columnCount: reader.names.count, cellLimit: cellLimit)
        var written = 0
        do {
            try pipe.run { batch in
                guard let batch else {
                    try body(RawColumns(handle: statement.handle, cursor: self, count: reader.names.count))
                    written += 1
                    return
                }
                for row in 0..<batch.rowCount {
                    try body(RawColumns(handle: statement.handle, cursor: self, count: reader.names.count, batch: batch, batchRow: row))
                    written += 1
                }
            }
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_NOMEM || error.primaryCode == SQLITE_TOOBIG {
            // A row SQLite could not hold: the rest with its big cells read one at a time.
            guard try forEachDeferredRow(skipping: written, count: reader.names.count, body) else { throw AssocError.sqlite(error) }
        }
        markExhausted()
    }

    /// The rows after the first `skipping`, read by a `DeferredCellReader` on the calling thread;
    /// false when this cursor's statement cannot be read that way.
    private func forEachDeferredRow(skipping: Int, count: Int, _ body: (RawColumns) throws -> Void) throws -> Bool {
        guard let planned = rawPlanned,
            let reader = try database.perform(cancellation, { _ in try DeferredCellReader.make(planned, skipping: skipping, db: database) })
        else { return false }
        var more = true
        while more {
            // A row per hold of the database's lock: other threads' reads go in between.
            more = try database.perform(cancellation) { _ in
                try checkRawCancellation()
                guard try reader.statement.step() else { return false }
                try body(RawColumns(handle: reader.statement.handle, cursor: self, count: count, deferred: reader))
                return true
            }
        }
        return true
    }

    /// The current raw row, as `next()` reads it.
    func rawRow() -> Row {
        guard let reader = flatReader ?? rawReader, let statement = rawStatement else { return Row(columnNames: [], values: []) }
        return reader.read(statement)
    }

}
