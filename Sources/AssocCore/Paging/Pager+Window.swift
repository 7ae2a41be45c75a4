/// A window of a pager's rows at a position (`Pager.window(at:size:total:anchors:)`): what a
/// reader that jumps, finds and scrolls both ways (the browser) reads.
package struct PagerWindow {
    /// The rows, in the request's total order.
    package var rows: [Row]
    /// The position of the first row (the one asked for, or an index when reading the window
    /// told where a found row is: see `located`).
    package var first: RowPosition
    /// The values of the keyset order at each row read by keyset, by position: the anchors the
    /// reader adds to its `PageAnchors`.
    package var anchors: [RowPosition: [DatabaseValue]] = [:]
    /// Set when reading backwards from a position counted from the found row reached the first
    /// row: the found row's index is known.
    package var located: RowLocation?
    /// How the window was read: the paging method, or why a keyset pager read it with OFFSET.
    package var reading: PageReading
    /// The statements that read the window, in order, as planned from the same resolution as
    /// they ran (values whole: what a SQL pane shows; the exact text that ran, values cut, is
    /// the database's statement log).
    package var statements: [GeneratedStatement]
}

extension Pager {
    /// A pager of `request` read by `method` (the browser's: by keyset even within the request's
    /// own limit and offset, which windows keep to).
    package init(db: Database, request: Request, method: PagingMethod, cellPreviewLimit: Int?) {
        self.db = db
        self.request = request
        self.method = method
        self.cellPreviewLimit = cellPreviewLimit
    }

    /// The keyset reader of a keyset pager, logging into `log`; nil with OFFSET.
    package func keysetReader(log: StatementsPlanned? = nil) -> KeysetReader? {
        guard case .keyset(let order) = method else { return nil }
        var reader = KeysetReader(db: db, order: order, request: request, cellPreview: cellPreviewLimit)
        reader.log = log
        return reader
    }

    /// The `size` rows from `position` (fewer past the last row), read by keyset from the nearest
    /// of `anchors` (or an end) when the pager has a keyset, else with OFFSET. `total` (the row
    /// count, when known) lets the last rows be read backwards rather than skipped to.
    package func window(at position: RowPosition, size: Int, total: Int?, anchors: PageAnchors) throws -> PagerWindow {
        let log = StatementsPlanned()
        let keyset = keysetReader(log: log)
        let window = RequestWindow(request)
        var plan = PagePlan.make(at: position, limit: size, total: total, anchors: anchors, hasKey: keyset != nil)
        if keyset != nil, let length = window.length, let total, case .backward(nil, let count, let keep) = plan, total >= length {
            // The last rows of a request cut by its own limit: the rows after them are not its,
            // so they are reached from its first row.
            plan = count > 0 ? .offset(total - count, limit: keep) : plan
        }
        var reading = PageReading(method: method, hasOwnLimit: window.length != nil)
        if method.isKeyset, case .offset = plan { reading.fallback = window.isFramed ? .lastRowsOfOwnLimit : .noNearbyKey }
        var first = position
        var located: RowLocation?
        var fetched: [(row: Row, key: [DatabaseValue])] = []
        switch (plan, keyset) {
        case (.forward(let after?, let skip, let limit), let keyset?):
            fetched = try keyset.rows(beyond: after, backward: false, skip: skip, limit: window.clamp(limit, at: position.offset))
        case (.forward(nil, let skip, let limit), let keyset?):
            fetched = try readFromStart(skip, limit, keyset: keyset, log: log)
        case (.backward(let before, let count, let limit), let keyset?):
            let read =
                try before.map { try keyset.rows(beyond: $0, backward: true, limit: count) }
                ?? keyset.fromEnd(backward: true, limit: count)
            let end = position.advanced(by: count)
            if before != nil, end.origin == .found, read.count < count, let values = anchors.frame {
                // Fewer rows before the anchor than asked: the first row read is the first row,
                // so the anchor is at `read.count`, and the found row before it.
                located = RowLocation(values: values, position: read.count - end.offset)
                first = .first(0)
            }
            fetched = Array(read.reversed().prefix(limit))
        case (.around(let anchor, let values, let before, let after), let keyset?):
            let earlier = before > 0 ? Array(try keyset.rows(beyond: values, backward: true, limit: before).reversed()) : []
            // The row itself, by its key (and those of the joined rows that repeat it), then the
            // rows after it: each query keeps to one index range (an OR of both would scan).
            var later = try keyset.row(at: values)
            let rest = window.clamp(after, at: anchor) - 1
            if rest > 0 { later += try keyset.rows(beyond: values, backward: false, limit: rest) }
            first = RowPosition(position.origin, anchor - earlier.count)
            if position.origin == .found, earlier.count < before, let frame = anchors.frame {
                // Fewer rows before the anchor than asked: the first of them is the first row.
                located = RowLocation(values: frame, position: earlier.count - anchor)
                first = .first(0)
            }
            fetched = earlier + later
        case (.offset(let offset, let limit), _):
            fetched = try readFromStart(offset, limit, keyset: keyset, log: log)
        case (.unreachable, _), (.forward, nil), (.backward, nil), (.around, nil):
            // Nothing to read from (`PagePlan` makes keyset plans only for a pager with a keyset).
            break
        }
        var seen: [RowPosition: [DatabaseValue]] = [:]
        if method.isKeyset {
            for (index, read) in fetched.enumerated() where !read.key.isEmpty { seen[first.advanced(by: index)] = read.key }
        }
        return PagerWindow(
            rows: fetched.map(\.row), first: first, anchors: seen, located: located, reading: reading, statements: log.statements)
    }

    /// Rows `index ..< index + limit` counted from the first (with OFFSET), no more than the
    /// request's own limit leaves there.
    private func readFromStart(
        _ index: Int, _ limit: Int, keyset: KeysetReader?, log: StatementsPlanned
    ) throws -> [(row: Row, key: [DatabaseValue])] {
        let window = RequestWindow(request)
        let start = window.start + index
        let count = window.clamp(limit, at: index)
        let offset = start > 0 ? start : nil
        guard let keyset else {
            // Without a keyset, the rows are ordered totally (the order, then the keys of the
            // tables whose rows they are): OFFSET windows never overlap.
            let fetched = try db.fetchAllWithHiddenValues(
                request.orderedTotally().limit(count, offset: offset), cellPreview: cellPreviewLimit, showing: true)
            log.append(fetched.planned)
            return fetched.rows.map { ($0, []) }
        }
        return try keyset.fetch(keyset.request.order(keyset.order.orderings()).limit(count, offset: offset))
    }
}
