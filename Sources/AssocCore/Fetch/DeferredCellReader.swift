import CSQLite

/// The rest of a flat read whose row SQLite could not hold (two 200 MB cells pass its heap
/// limit): the same statement again from the first row not written yet, each text and blob of
/// the table's columns selected as an empty marker of its type and the rowid last. A marked
/// cell is read whole by rowid (`IncrementalValue`) when the writer asks for it, into one buffer
/// that the next cell reuses: a row's cells are held one at a time, never the row at once.
final class DeferredCellReader {
    let statement: Statement
    private let table: String
    /// By selected column: the table column its texts and blobs are read from; nil for an
    /// expression, read as it is.
    private let columns: [String?]
    private let rowidIndex: Int32
    /// The cell read last, valid until the next read (the writer reads it meanwhile).
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 1)
    private var encoding: IncrementalValue.TextEncoding?

    private init(statement: Statement, table: String, columns: [String?]) {
        self.statement = statement
        self.table = table
        self.columns = columns
        rowidIndex = Int32(columns.count)
    }

    deinit { buffer.deallocate() }

    /// The reader of the rows of `planned` after the first `skipping`, prepared on `db` (under
    /// its lock); nil when they cannot be read this way: a join, a view, DISTINCT, no rowid,
    /// hidden columns or prefetches.
    static func make(_ planned: PlannedStatement, skipping: Int, db: Database) throws -> DeferredCellReader? {
        let tree = planned.tree
        let table = tree.table
        guard table.kind == .table || table.kind == .shadow, table.derivedSQL == nil, let rowid = table.rowidName,
            !tree.isDistinct, tree.children.isEmpty, planned.hiddenWidth == 0, planned.prefetches.isEmpty
        else { return nil }
        var columns: [String?] = []
        for item in tree.selection {
            switch item {
            case .allColumns: columns += table.columns.map(\.name)
            case .expression(.column(let name)) where table.column(named: name) != nil: columns.append(table.column(named: name)?.name)
            case .expression: columns.append(nil)
            }
        }
        columns += tree.annotations.map { _ in nil }
        let offset = (planned.offset ?? 0) + skipping
        let limit = planned.limit.map { max(0, $0 - skipping) }
        let generated = try SQLGenerator.generate(
            root: tree, limit: limit, offset: offset, mergedIDs: planned.mergedIDs, deferredCellsRowid: rowid)
        let statement = try db.prepareLogged(generated.statement)
        guard statement.columnCount == columns.count + 1 else { return nil }
        return DeferredCellReader(statement: statement, table: table.name, columns: columns)
    }

    /// Value `index` of the current row: a marked text or blob read whole by rowid, valid until
    /// the next call.
    func value(at index: Int) -> RawColumns.Value {
        let handle = statement.handle
        let column = Int32(truncatingIfNeeded: index)
        let type = sqlite3_column_type(handle, column)
        guard type == SQLITE_TEXT || type == SQLITE_BLOB, index < columns.count, let name = columns[index] else {
            return RawColumns.value(of: handle, at: index)
        }
        let db = statement.connection.handle
        let rowid = sqlite3_column_int64(handle, rowidIndex)
        guard let value = IncrementalValue(db, table: table, column: name, rowid: rowid) else {
            return RawColumns.value(of: handle, at: index)
        }
        reserve(value.count)
        guard let base = buffer.baseAddress, value.read(value.count, into: base) else {
            return type == SQLITE_TEXT ? .text(UnsafeBufferPointer(start: nil, count: 0)) : .blob(UnsafeBufferPointer(start: nil, count: 0))
        }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: value.count)
        guard type == SQLITE_TEXT else { return .blob(bytes) }
        let encoding = self.encoding ?? IncrementalValue.TextEncoding(of: db)
        self.encoding = encoding
        guard encoding != .utf8 else { return .text(validating: bytes) }
        // UTF-16 as UTF-8, in the buffer in its place.
        let utf8 = Array(encoding.string(UnsafeRawBufferPointer(bytes)).utf8)
        reserve(utf8.count)
        buffer.copyBytes(from: utf8)
        return .text(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: utf8.count))
    }

    /// Room for `count` bytes in the buffer (its contents not kept).
    private func reserve(_ count: Int) {
        guard count > buffer.count else { return }
        buffer.deallocate()
        buffer = .allocate(byteCount: count, alignment: 1)
    }
}
