import CSQLite

/// How the rows of a previewing statement are read (`CellPreview`): where the full lengths of cut
/// blobs are, and the texts that SQL left out, read here by rowid through SQLite's incremental
/// I/O (`sqlite3_blob_open`), which reads the first bytes of a value from its pages without
/// loading the rest. One per prepared statement.
final class CellPreviewReading {
    /// The most characters of a text, or bytes of a blob, a cell keeps.
    let limit: Int
    let lengthColumns: CellPreview.LengthColumns
    /// Where the length columns start in the statement's result.
    let lengthsAt: Int
    let hasLengths: Bool
    /// By selected column: the table column its texts are read from by rowid.
    let texts: [CellPreview.TextSource?]
    /// How the database stores text, read on the first text.
    private var encoding: IncrementalValue.TextEncoding?
    /// By selected column: its value last read, moved to the next row's (a seek, where opening a
    /// value compiles a statement: 1,000,000 rows of two texts cost 9 s opened, about 1 s moved).
    private var opened: [Int: IncrementalValue] = [:]

    init(
        limit: Int, lengthColumns: CellPreview.LengthColumns, lengthsAt: Int, hasLengths: Bool,
        texts: [CellPreview.TextSource?]
    ) {
        self.limit = limit
        self.lengthColumns = lengthColumns
        self.lengthsAt = lengthsAt
        self.hasLengths = hasLengths
        self.texts = texts
    }

    /// Where the current row's lengths are.
    func lengths(of statement: Statement) -> ScopeReader.CutLengths {
        switch lengthColumns {
        case .each: return .columns(at: lengthsAt)
        case .packed:
            guard hasLengths, case .text(let text) = statement.value(at: lengthsAt) else { return .packed([:]) }
            return .packed(CellPreview.unpackLengths(text))
        case .none: return .unread
        case .whileReading: return .whole
        }
    }

    /// The rowid to read the text of selected column `index` by, when SQL left it out.
    func textRowid(at index: Int, lengths: ScopeReader.CutLengths, in statement: Statement) -> Int64? {
        guard index < texts.count, texts[index] != nil else { return nil }
        switch lengths {
        case .columns(let offset):
            guard case .integer(let rowid) = statement.value(at: offset + index) else { return nil }
            return rowid
        case .packed(let packed): return packed[index].map(Int64.init)
        case .unread, .whole: return nil
        }
    }

    /// The first `CellPreview.textWindow(limit)` bytes of the text of selected column `index` in
    /// row `rowid`, cut to `limit` characters; whether it was cut.
    func readText(at index: Int, rowid: Int64, in statement: Statement) -> (String, Bool) {
        guard index < texts.count, let source = texts[index] else { return ("", false) }
        let db = statement.connection.handle
        let window = CellPreview.textWindow(limit)
        var bytes: [UInt8] = []
        if let value = openValue(at: index, source: source, rowid: rowid, db: db) {
            bytes = [UInt8](repeating: 0, count: min(value.count, window))
            let isRead = bytes.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { value.read(buffer.count, into: $0) } ?? true }
            if !isRead { bytes = [] }
        } else {
            bytes = readBySQL(source, rowid: rowid, window: window, db: db)
        }
        let encoding = self.encoding ?? IncrementalValue.TextEncoding(of: db)
        self.encoding = encoding
        return CellPreview.cut(bytes.withUnsafeBytes { encoding.string($0) }, limit: limit)
    }

    /// The value of selected column `index` in row `rowid`: the one read last moved there, else
    /// opened (and kept for the next row).
    private func openValue(at index: Int, source: CellPreview.TextSource, rowid: Int64, db: OpaquePointer) -> IncrementalValue? {
        if let value = opened[index] {
            if value.move(to: rowid) { return value }
            opened[index] = nil
        }
        let value = IncrementalValue(db, table: source.table, column: source.column, rowid: rowid)
        opened[index] = value
        return value
    }

    /// The same bytes by a statement, when the incremental I/O cannot open the value.
    private func readBySQL(_ source: CellPreview.TextSource, rowid: Int64, window: Int, db: OpaquePointer) -> [UInt8] {
        let sql =
            "SELECT substr(CAST(\(quoteIdentifier(source.column)) AS BLOB), 1, \(window)) FROM \(quoteIdentifier(source.table)) WHERE \(quoteIdentifier(source.rowid)) = ?"
        var handle: OpaquePointer?
        defer { sqlite3_finalize(handle) }
        guard sqlite3_prepare_v2(db, sql, -1, &handle, nil) == SQLITE_OK, let handle else { return [] }
        sqlite3_bind_int64(handle, 1, rowid)
        guard sqlite3_step(handle) == SQLITE_ROW, let pointer = sqlite3_column_blob(handle, 0) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, 0))))
    }
}

extension Statement {
    /// The values of the columns in `range` of the current row as a row named `names`, each text
    /// longer than `limit` characters and each blob longer than `limit` bytes cut as it is copied
    /// out of SQLite: only the first bytes of a long value are read (the first
    /// `CellPreview.textWindow(limit)` of a text), never a copy of the whole. A cut text's length
    /// is recorded as 0 (unknown), a cut blob's as its size (`Row.cutLengths`).
    func previewRow(in range: Range<Int>, names: [String], limit: Int) -> Row {
        var values: [DatabaseValue] = []
        values.reserveCapacity(range.count)
        var cutLengths: [Int: Int] = [:]
        let window = CellPreview.textWindow(limit)
        for (offset, index) in range.enumerated() {
            let column = Int32(truncatingIfNeeded: index)
            switch sqlite3_column_type(handle, column) {
            case SQLITE_TEXT:
                // No more bytes than the limit: no more characters either.
                let count = Int(sqlite3_column_bytes(handle, column))
                guard count > limit, let text = sqlite3_column_text(handle, column) else {
                    values.append(unsafeValue(at: column))
                    continue
                }
                let head = String(decoding: UnsafeBufferPointer(start: text, count: min(count, window)), as: UTF8.self)
                let (kept, isCut) = CellPreview.cut(head, limit: limit)
                values.append(.text(kept))
                if isCut { cutLengths[offset] = 0 }
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(handle, column))
                guard count > limit, let bytes = sqlite3_column_blob(handle, column) else {
                    values.append(unsafeValue(at: column))
                    continue
                }
                values.append(.blob(Array(UnsafeRawBufferPointer(start: bytes, count: limit))))
                cutLengths[offset] = count
            default:
                values.append(unsafeValue(at: column))
            }
        }
        var row = Row(columnNames: names, values: values)
        row.cutLengths = cutLengths
        return row
    }
}
