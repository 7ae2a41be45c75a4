import CSQLite

/// Rows of a flat statement copied out of SQLite, so that one thread steps the statement while
/// another writes the rows read before (`RowCursor.forEachRawRow`): each cell's type, its
/// integer, its REAL's bits, or where its bytes lie in one buffer. A cell larger than
/// `cellLimit` is not copied (a 200 MB cell would be held twice): its row is handed from the
/// statement itself. Allocated once per stream, refilled batch after batch.
final class RawRowBatch {
    /// Rows a batch holds at most, and bytes of text and blobs.
    static let maximumRows = 1024
    static let maximumBytes = 1 << 20

    let columnCount: Int
    /// The rows held.
    private(set) var rowCount = 0
    /// Cells held: `rowCount × columnCount`, at most `cellCapacity`.
    private var cellCount = 0
    private let cellCapacity: Int
    /// `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`, a cell
    /// after the other, row after row. (Pointers, not arrays: a class's arrays are checked for
    /// exclusive access at each change, which cost more than the copy.)
    private let types: UnsafeMutablePointer<Int32>
    /// The integer, the REAL's bit pattern, or the offset of the text or blob in `bytes`.
    private let numbers: UnsafeMutablePointer<Int64>
    private let lengths: UnsafeMutablePointer<Int>
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCount = 0
    private var byteCapacity: Int

    init(columnCount: Int) {
        self.columnCount = columnCount
        cellCapacity = max(1, columnCount) * Self.maximumRows
        types = .allocate(capacity: cellCapacity)
        numbers = .allocate(capacity: cellCapacity)
        lengths = .allocate(capacity: cellCapacity)
        byteCapacity = 1 << 16
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        types.deallocate()
        numbers.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    /// Whether another row is better put in the next batch.
    var isFull: Bool { rowCount >= Self.maximumRows || byteCount >= Self.maximumBytes }

    func removeAll() {
        rowCount = 0
        cellCount = 0
        byteCount = 0
    }

    /// Copies the current row of `statement`; false, and nothing kept, when a text or blob of
    /// it is longer than `cellLimit` bytes.
    func append(from statement: OpaquePointer, cellLimit: Int) -> Bool {
        guard cellCount + columnCount <= cellCapacity else { return false }
        var cell = cellCount
        var byteEnd = byteCount
        for index in 0..<columnCount {
            let column = Int32(truncatingIfNeeded: index)
            let type = sqlite3_column_type(statement, column)
            var number: Int64 = 0
            var length = 0
            switch type {
            case SQLITE_INTEGER: number = sqlite3_column_int64(statement, column)
            case SQLITE_FLOAT: number = Int64(bitPattern: sqlite3_column_double(statement, column).bitPattern)
            case SQLITE_TEXT, SQLITE_BLOB:
                let source =
                    type == SQLITE_TEXT
                    ? sqlite3_column_text(statement, column).map(UnsafeRawPointer.init)
                    : sqlite3_column_blob(statement, column)
                length = Int(sqlite3_column_bytes(statement, column))
                guard length <= cellLimit else { return false }
                number = Int64(byteEnd)
                if let source, length > 0 {
                    reserve(upTo: byteEnd + length, keeping: byteEnd)
                    (bytes + byteEnd).update(from: source.assumingMemoryBound(to: UInt8.self), count: length)
                    byteEnd += length
                } else {
                    length = 0
                }
            default: break
            }
            types[cell] = type
            numbers[cell] = number
            lengths[cell] = length
            cell += 1
        }
        cellCount = cell
        byteCount = byteEnd
        rowCount += 1
        return true
    }

    /// The value of a cell, as `RawColumns.value(at:)` reads it from a statement.
    func value(row: Int, column: Int) -> RawColumns.Value {
        let cell = row * columnCount + column
        guard cell >= 0, cell < cellCount else { return .null }
        switch types[cell] {
        case SQLITE_INTEGER: return .integer(numbers[cell])
        case SQLITE_FLOAT: return .real(Double(bitPattern: UInt64(bitPattern: numbers[cell])))
        case SQLITE_TEXT:
            return .text(validating: UnsafeBufferPointer(start: bytes + Int(numbers[cell]), count: lengths[cell]))
        case SQLITE_BLOB:
            return .blob(UnsafeBufferPointer(start: bytes + Int(numbers[cell]), count: lengths[cell]))
        default: return .null
        }
    }

    /// Whether a cell holds a blob.
    func isBlob(row: Int, column: Int) -> Bool {
        let cell = row * columnCount + column
        return cell >= 0 && cell < cellCount && types[cell] == SQLITE_BLOB
    }

    /// Room for `end` bytes, the first `used` kept.
    private func reserve(upTo end: Int, keeping used: Int) {
        guard end > byteCapacity else { return }
        let capacity = max(byteCapacity * 2, end)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: bytes, count: used)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }
}
