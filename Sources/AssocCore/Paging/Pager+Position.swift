extension Pager {
    /// The `size` rows from row `index` on (counted from 0 in the request's total order, within
    /// its own limit and offset): an empty page past the last row.
    ///
    /// The rows are read with `OFFSET` on the totally ordered request (SQLite steps over the rows
    /// before them); from a keyset pager's page, the pages after and before it are read by keyset
    /// again, starting at the values of its order at its first and last rows.
    package func page(at index: Int, size: Int) throws -> Page {
        let index = max(0, index)
        let window = RequestWindow(request)
        let count = window.clamp(max(0, size), at: index)
        let offset = window.start + index
        let (rows, statements) = try db.recordingStatements { () throws -> [(row: Row, key: [DatabaseValue])] in
            guard count > 0 else { return [] }
            switch method {
            case .keyset(let order):
                let reader = KeysetReader(db: db, order: order, request: request, cellPreview: cellPreviewLimit)
                return try reader.fetch(reader.request.order(order.orderings()).limit(count, offset: offset > 0 ? offset : nil))
            case .offset:
                let ordered = window.unlimited.orderedTotally().limit(count, offset: offset > 0 ? offset : nil)
                return try db.fetchAllWithHiddenValues(ordered, cellPreview: cellPreviewLimit).rows.map { ($0, []) }
            }
        }
        let lower: PageEdge
        let upper: PageEdge
        if method.isKeyset {
            if let first = rows.first, let last = rows.last {
                (lower, upper) = (.before(first.key), .after(last.key))
            } else {
                (lower, upper) = (.end, .end)
            }
        } else {
            (lower, upper) = (.position(index), .position(index + rows.count))
        }
        return Page(
            rows: rows.map(\.row), statements: statements, keys: method.isKeyset ? rows.map(\.key) : [], lower: lower, upper: upper)
    }
}
