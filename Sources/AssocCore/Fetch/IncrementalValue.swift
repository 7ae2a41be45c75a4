import CSQLite

/// A TEXT or BLOB value opened in its table's pages by rowid, through SQLite's incremental I/O
/// (`sqlite3_blob_open`): SQLite copies the bytes asked for straight from the pages, and never
/// holds the whole value in its heap (where a 200 MB cell would cost 200 MB, two such cells in
/// one row more than its limit).
final class IncrementalValue {
    private let handle: OpaquePointer
    /// The value's size in bytes, as stored (a text in the database's encoding).
    private(set) var count: Int

    /// The value of `column` in row `rowid` of `table` (of the `main` schema); nil when SQLite
    /// cannot open it.
    init?(_ db: OpaquePointer, table: String, column: String, rowid: Int64) {
        var blob: OpaquePointer?
        guard sqlite3_blob_open(db, "main", table, column, rowid, 0, &blob) == SQLITE_OK, let blob else {
            sqlite3_blob_close(blob)
            return nil
        }
        handle = blob
        count = Int(sqlite3_blob_bytes(blob))
    }

    deinit { sqlite3_blob_close(handle) }

    /// The same column of row `rowid` (`sqlite3_blob_reopen`: a seek, where opening a value
    /// anew compiles a statement). False when SQLite cannot: the handle is then of no more use.
    func move(to rowid: Int64) -> Bool {
        guard sqlite3_blob_reopen(handle, rowid) == SQLITE_OK else { return false }
        count = Int(sqlite3_blob_bytes(handle))
        return true
    }

    /// Copies the first `count` bytes (at most the value's) to `destination`; false on a read error.
    func read(_ count: Int, into destination: UnsafeMutableRawPointer) -> Bool {
        count <= 0 || sqlite3_blob_read(handle, destination, Int32(min(count, self.count)), 0) == SQLITE_OK
    }

    /// How the database stores text.
    enum TextEncoding {
        case utf8, utf16LittleEndian, utf16BigEndian

        /// `PRAGMA encoding` of the connection `db`.
        init(of db: OpaquePointer) {
            var handle: OpaquePointer?
            defer { sqlite3_finalize(handle) }
            self = .utf8
            guard sqlite3_prepare_v2(db, "PRAGMA encoding", -1, &handle, nil) == SQLITE_OK, let handle,
                sqlite3_step(handle) == SQLITE_ROW, let text = sqlite3_column_text(handle, 0)
            else { return }
            switch String(cString: text) {
            case "UTF-16le": self = .utf16LittleEndian
            case "UTF-16be": self = .utf16BigEndian
            default: self = .utf8
            }
        }

        /// Stored text bytes as a string (a cut last character repaired, as `String(decoding:)` does).
        func string(_ bytes: UnsafeRawBufferPointer) -> String {
            guard self != .utf8 else { return String(decoding: bytes.bindMemory(to: UInt8.self), as: UTF8.self) }
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                return self == .utf16BigEndian ? first << 8 | second : second << 8 | first
            }
            return String(decoding: units, as: UTF16.self)
        }
    }
}
