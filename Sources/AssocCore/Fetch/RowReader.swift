/// Runs a planned statement and splits each row into scopes following its layout.
///
/// The layout is turned once per statement into a `ScopeReader` tree holding each scope's column
/// range and its column names: every row then reads its values straight from the statement into
/// one array per scope, and shares the names array of its scope (no per-row name copies, no
/// intermediate array of the whole row, no lookup by name).
enum RowReader {
    /// Rows with their hidden trailing values (prefetch keys), in fetch order.
    static func fetch(
        _ planned: PlannedStatement, _ generated: GeneratedStatement, from db: Database, limits: FetchLimits = FetchLimits()
    ) throws -> FetchedRows {
        let (statement, columns, reader) = try prepare(planned, generated, in: db)
        let visibleCount = columns.count - planned.hiddenWidth
        var fetched = FetchedRows()
        let limit = limits.rows ?? Int.max
        if visibleCount < columns.count {
            fetched.hiddenWidth = columns.count - visibleCount
            while try statement.step() {
                if fetched.rows.count >= limit { throw ChunkOverflow() }
                fetched.rows.append(reader.read(statement))
                statement.appendValues(in: visibleCount..<columns.count, to: &fetched.hidden)
            }
        } else {
            while try statement.step() {
                if fetched.rows.count >= limit { throw ChunkOverflow() }
                fetched.rows.append(reader.read(statement))
            }
        }
        return fetched
    }

    /// Prepares the statement, checks that it returns the columns the layout expects, and builds
    /// the scope reader once for all its rows.
    static func prepare(
        _ planned: PlannedStatement, _ generated: GeneratedStatement, in db: Database
    ) throws -> (Statement, [String], ScopeReader) {
        let statement = try db.prepareLogged(generated)
        // A cell preview's full lengths follow the columns of the rows (`CellPreview`).
        let columns = Array(statement.columnNames.dropLast(planned.previewLengthCount))
        var layout = planned.layout
        let table = planned.tree.table
        if table.isView, table.columns.isEmpty, layout.children.isEmpty, planned.hiddenColumns.isEmpty, layout.width == 0 {
            // A view whose columns were not read (see the schema's diagnostics): its rows have
            // whatever columns SQLite returns, named as SQLite names them.
            layout.names = Array(repeating: nil, count: columns.count)
        }
        let expected = totalWidth(layout) + planned.hiddenWidth
        guard expected == columns.count else {
            throw AssocError.invalid(
                "the statement returned \(columns.count) columns where the request expects \(expected): the schema changed, or a view's columns could not be read"
            )
        }
        var cursor = 0
        var reader = ScopeReader(layout: layout, names: columns, cursor: &cursor)
        if let limit = planned.cellPreview {
            // The full lengths of cut values follow the statement's own columns.
            reader.preview = CellPreviewReading(
                limit: limit, lengthColumns: planned.previewLengthColumns, lengthsAt: columns.count,
                hasLengths: planned.previewLengthCount > 0, texts: planned.previewTextSources)
        }
        return (statement, columns, reader)
    }

    static func totalWidth(_ layout: ScopeLayout) -> Int {
        layout.width + layout.children.reduce(0) { $0 + totalWidth($1) }
    }
}

/// Fetched rows and, when the statement has hidden trailing columns, their values (`hiddenWidth`
/// per row, in row order, in one flat array: no array per row; empty otherwise). Kept apart so
/// that the rows are returned without a copy.
struct FetchedRows {
    var rows: [Row] = []
    var hidden: [DatabaseValue] = []
    var hiddenWidth = 0
    /// Per row, the values of the root's `HiddenValue`s, once `separateHiddenValues` took them out.
    var hiddenValueRows: [[DatabaseValue]] = []

    /// The hidden value at `column` of row `index`, NULL when there is none.
    func hiddenValue(_ index: Int, _ column: Int) -> DatabaseValue {
        guard column >= 0, column < hiddenWidth else { return .null }
        let position = index * hiddenWidth + column
        return index >= 0 && position < hidden.count ? hidden[position] : .null
    }

    /// Moves the `count` hidden values from column `start` of each row to `hiddenValueRows`.
    mutating func separateHiddenValues(from start: Int, count: Int) {
        hiddenValueRows = rows.indices.map { index in (start..<start + count).map { hiddenValue(index, $0) } }
    }

    /// Keeps the first `width` hidden values of each row (the caller's), dropping the others.
    mutating func keepHidden(_ width: Int) {
        guard width < hiddenWidth else { return }
        guard width > 0 else {
            hidden = []
            hiddenWidth = 0
            return
        }
        var kept: [DatabaseValue] = []
        kept.reserveCapacity(rows.count * width)
        for index in rows.indices {
            for column in 0..<width { kept.append(hiddenValue(index, column)) }
        }
        hidden = kept
        hiddenWidth = width
    }
}

/// How to read one scope of a row: its columns' range in the statement, their names (shared by
/// every row), and its nested scopes.
struct ScopeReader {
    let key: String
    let range: Range<Int>
    let names: [String]
    let children: [ScopeReader]
    /// How a previewing statement's cells are read (`CellPreview`), on the root reader; nil:
    /// values are read whole.
    var preview: CellPreviewReading?

    /// Assigns column ranges depth-first from `cursor`, as the SQL generator selects them.
    /// `names` has at least the layout's total width (checked by the caller).
    init(layout: ScopeLayout, names: [String], cursor: inout Int) {
        let end = min(cursor + layout.width, names.count)
        let start = min(cursor, end)
        key = layout.key
        range = start..<end
        // The schema's names for `*` columns, SQLite's for the rest (it decorates duplicates
        // inside parenthesized joins: `name:1`).
        self.names = (start..<end).map { index in
            let offset = index - start
            return offset < layout.names.count ? (layout.names[offset] ?? names[index]) : names[index]
        }
        cursor = end
        var children: [ScopeReader] = []
        children.reserveCapacity(layout.children.count)
        for child in layout.children {
            children.append(ScopeReader(layout: child, names: names, cursor: &cursor))
        }
        self.children = children
    }

    /// Where a previewed row's full lengths of cut blobs are (`CellPreview.LengthColumns`).
    enum CutLengths {
        /// One column per visible column from this index on, NULL when not cut.
        case columns(at: Int)
        /// Read from the packed column, by visible column.
        case packed([Int: Int])
        /// Not read: a cut blob came as `limit + 1` bytes, its size unknown.
        case unread
        /// Values selected plain, cut here as they are read (`CellPreview.Cutting.whileReading`).
        case whole
    }

    /// The current row of `statement`, split into scopes, with the full lengths of cut values.
    func read(_ statement: Statement, lengths: CutLengths, preview: CellPreviewReading) -> Row {
        let limit = preview.limit
        if case .whole = lengths {
            var row = statement.previewRow(in: range, names: names, limit: limit)
            if !children.isEmpty { row.scopes = children.map { ($0.key, $0.read(statement, lengths: lengths, preview: preview)) } }
            return row
        }
        var values = statement.values(in: range)
        var cutLengths: [Int: Int] = [:]
        for index in values.indices {
            if case .text = values[index], let rowid = preview.textRowid(at: range.lowerBound + index, lengths: lengths, in: statement) {
                // A text not read in SQL: its first bytes, by rowid.
                let (text, isCut) = preview.readText(at: range.lowerBound + index, rowid: rowid, in: statement)
                values[index] = .text(text)
                if isCut { cutLengths[index] = 0 }
                continue
            }
            if case .text(let text) = values[index], text.utf8.count > limit {
                let (kept, isCut) = CellPreview.cut(text, limit: limit)
                if isCut {
                    values[index] = .text(kept)
                    cutLengths[index] = 0
                }
                continue
            }
            switch lengths {
            case .columns(let offset):
                if case .integer(let length) = statement.value(at: offset + range.lowerBound + index) { cutLengths[index] = Int(length) }
            case .packed(let packed):
                if let length = packed[range.lowerBound + index] { cutLengths[index] = length }
            case .unread, .whole:
                if case .blob(let bytes) = values[index], bytes.count > limit {
                    values[index] = .blob(Array(bytes.prefix(limit)))
                    cutLengths[index] = Row.unknownCutLength
                }
            }
        }
        var row = Row(columnNames: names, values: values)
        row.cutLengths = cutLengths
        guard !children.isEmpty else { return row }
        row.scopes = children.map { ($0.key, $0.read(statement, lengths: lengths, preview: preview)) }
        return row
    }

    /// The current row of `statement`, split into scopes (read as previews when `preview` is set).
    func read(_ statement: Statement) -> Row {
        if let preview { return read(statement, lengths: preview.lengths(of: statement), preview: preview) }
        let values = statement.values(in: range)
        if children.isEmpty { return Row(columnNames: names, values: values) }
        var scopes: [(key: String, row: Row)] = []
        scopes.reserveCapacity(children.count)
        for child in children {
            scopes.append((child.key, child.read(statement)))
        }
        return Row(columnNames: names, values: values, scopes: scopes)
    }
}

extension Row {
    /// Adds prefetched rows under `key` to the scope at `path` (the row itself when empty).
    mutating func attachPrefetched(_ key: String, _ rows: [Row], at path: ArraySlice<String>) {
        guard let first = path.first else {
            prefetched.append((key, rows))
            return
        }
        guard let index = scopes.firstIndex(where: { $0.key == first }) else {
            prefetched.append((key, rows))
            return
        }
        scopes[index].row.attachPrefetched(key, rows, at: path.dropFirst())
    }

    /// The scope at `path`, if present.
    func scopeRow(at path: ArraySlice<String>) -> Row? {
        guard let first = path.first else { return self }
        return scopes.first { $0.key == first }?.row.scopeRow(at: path.dropFirst())
    }
}
