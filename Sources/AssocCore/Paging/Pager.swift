/// Stable pages of a request, forward and backward: `db.pager(for: request)`.
///
/// The pager orders the request totally (its own order, then the keys of the rows' tables) and
/// reads each page next to the one before it: by keyset when the order allows it (each page
/// starts after the values of the order at the last row read, one index seek however deep), else
/// with `LIMIT`/`OFFSET` on the totally ordered request (`method` says which, and why).
///
/// ```swift
/// let pager = try db.pager(for: Table("track").order(Column("name")))
/// var page = try pager.firstPage(size: 100)
/// while !page.isEmpty {
///     // page.rows …
///     page = try pager.page(after: page, size: 100)
/// }
/// ```
///
/// Pages read by keyset never overlap or skip a row, even when rows are inserted or deleted
/// between two reads (a row inserted before the current page is not seen). With OFFSET, a row
/// inserted or deleted before a page shifts the pages after it by one.
public struct Pager {
    /// The request paged, as given.
    package let request: Request
    /// How pages are read.
    public let method: PagingMethod
    let db: Database
    /// The longest text or blob a page reads whole (`fetchAll(_:previewingCellsUpTo:)`); nil:
    /// every value whole.
    package var cellPreviewLimit: Int?

    init(db: Database, request: Request) {
        self.db = db
        self.request = request
        if request.limit != nil || request.offset != nil {
            method = .offset(reason: .ownLimit)
        } else {
            method = db.pagingMethod(for: request)
        }
    }

    /// The first `size` rows.
    public func firstPage(size: Int) throws -> Page {
        try read(from: .start, forward: true, size: size)
    }

    /// The last `size` rows.
    public func lastPage(size: Int) throws -> Page {
        try read(from: .end, forward: false, size: size)
    }

    /// The `size` rows after the last row of `page`: an empty page after the last row.
    public func page(after page: Page, size: Int) throws -> Page {
        try read(from: page.upper, forward: true, size: size)
    }

    /// The `size` rows before the first row of `page`: an empty page before the first row.
    public func page(before page: Page, size: Int) throws -> Page {
        try read(from: page.lower, forward: false, size: size)
    }

    /// The `size` rows from `edge` on (those before it, when not `forward`).
    private func read(from edge: PageEdge, forward: Bool, size: Int) throws -> Page {
        let size = max(0, size)
        let (read, statements) = try db.recordingStatements {
            () throws -> (rows: [(row: Row, key: [DatabaseValue])], lower: PageEdge, upper: PageEdge) in
            switch method {
            case .keyset(let order):
                return try readByKeyset(order, from: edge, forward: forward, size: size)
            case .offset:
                return try readWithOffset(from: edge, forward: forward, size: size)
            }
        }
        return Page(
            rows: read.rows.map(\.row), statements: statements, keys: method.isKeyset ? read.rows.map(\.key) : [],
            lower: read.lower, upper: read.upper)
    }

    private func readByKeyset(
        _ order: KeysetOrder, from edge: PageEdge, forward: Bool, size: Int
    ) throws -> (rows: [(row: Row, key: [DatabaseValue])], lower: PageEdge, upper: PageEdge) {
        let reader = KeysetReader(db: db, order: order, request: request, cellPreview: cellPreviewLimit)
        var rows: [(row: Row, key: [DatabaseValue])]
        switch (edge, forward) {
        case (.start, false), (.end, true), (.position, _),
            (_, _) where size == 0:
            rows = []
        case (.start, true), (.end, false):
            rows = try reader.fromEnd(backward: !forward, limit: size)
        case (.after(let values), true):
            rows = try reader.rows(beyond: values, backward: false, limit: size)
        case (.before(let values), false):
            rows = try reader.rows(beyond: values, backward: true, limit: size)
        case (.before(let values), true):
            // The row itself, then those after it: each read keeps to one index range.
            rows = try reader.row(at: values)
            if rows.count < size { rows += try reader.rows(beyond: values, backward: false, limit: size - rows.count) }
        case (.after(let values), false):
            rows = try reader.row(at: values)
            if rows.count < size { rows += try reader.rows(beyond: values, backward: true, limit: size - rows.count) }
        }
        if !forward { rows.reverse() }
        guard let first = rows.first, let last = rows.last else { return ([], edge, edge) }
        return (rows, .before(first.key), .after(last.key))
    }

    private func readWithOffset(
        from edge: PageEdge, forward: Bool, size: Int
    ) throws -> (rows: [(row: Row, key: [DatabaseValue])], lower: PageEdge, upper: PageEdge) {
        let window = RequestWindow(request)
        let start: Int
        switch edge {
        case .position(let position): start = forward ? position : max(0, position - size)
        case .start: start = 0
        case .end: start = max(0, try db.fetchCount(request) - size)
        case .before, .after: start = 0
        }
        let end: Int
        switch edge {
        case .position(let position) where !forward: end = position
        case .start where !forward: end = 0
        default: end = start + size
        }
        let count = window.clamp(end - start, at: start)
        guard count > 0 else { return ([], edge, edge) }
        let rows = try db.fetchAllWithHiddenValues(
            window.unlimited.orderedTotally().limit(count, offset: window.start + start > 0 ? window.start + start : nil),
            cellPreview: cellPreviewLimit
        ).rows
        guard !rows.isEmpty else { return ([], .position(start), .position(start)) }
        return (rows.map { ($0, []) }, .position(start), .position(start + rows.count))
    }
}

extension Database {
    /// A pager of `request`: its pages in the request's total order, read by keyset when its
    /// order allows it (`Pager.method`).
    public func pager(for request: Request) throws -> Pager {
        // Checked now, so that a request that cannot run fails here rather than at a page.
        _ = try mainStatement(for: request)
        return Pager(db: self, request: request)
    }
}
