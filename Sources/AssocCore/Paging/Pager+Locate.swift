/// Where a find, a jump or a row number landed among a pager's rows.
package struct FindResult: Sendable, Equatable {
    /// The row's position; nil when no row matches (in that direction).
    package var position: RowPosition?
    /// `Name LIKE 'A%'`, `text "rock" in any text column`, `row 250`.
    package var description: String
    /// The values of the order at the row when `position` is `RowPosition.found(0)`: where it
    /// really is is counted later (`Pager.index(of:)`).
    package var locate: [DatabaseValue]?
    /// The values of the order at the row at an index: the reader keeps them as an anchor there.
    package var values: [DatabaseValue]?
    /// The statement that looked, when its cost is worth showing (a find numbering the rows of a
    /// pager without a keyset).
    package var statement: GeneratedStatement?

    package init(
        position: RowPosition?, description: String, locate: [DatabaseValue]? = nil, values: [DatabaseValue]? = nil,
        statement: GeneratedStatement? = nil
    ) {
        self.position = position
        self.description = description
        self.locate = locate
        self.values = values
        self.statement = statement
    }
}

/// Find, jump to a key, go to row N: one query for the row, bounded by the keyset (the order's
/// values at the reader's row), never by reading the rows in between. Where the row is: the rows
/// in between, counted up to `exactCountLimit`; past it, the row takes the position
/// `RowPosition.found(0)` and a later count (`index(of:)`) says where it is.
extension Pager {
    /// The next row after `position` (before it when `backward`), whose order has the values
    /// `anchor`, for which `condition` holds.
    package func find(
        _ condition: FindCondition, after position: RowPosition, at anchor: [DatabaseValue]?, backward: Bool, exactCountLimit: Int
    ) throws -> FindResult {
        let description = condition.description
        guard let keyset = keysetReader() else {
            // No keyset: the rows past the position, numbered in order up to the first match.
            guard let index = position.index else {
                throw AssocError.invalidRequest(table: request.table, reason: "the row under the cursor has no position yet: try again")
            }
            let found = try firstRow(where: condition.expression, after: index, backward: backward)
            return FindResult(position: found.index.map(RowPosition.first), description: description, statement: found.statement)
        }
        guard let cursor = anchor else {
            throw AssocError.invalidRequest(table: request.table, reason: "the row under the cursor is not loaded yet: try again")
        }
        let window = RequestWindow(request)
        // The first match past the cursor, range by range (`KeysetReader.rows(beyond:)`).
        let match = try keyset.rows(beyond: cursor, backward: backward, limit: 1, filter: condition.expression)
        guard let values = match.first?.key, !values.isEmpty else { return FindResult(position: nil, description: description) }
        // The rows strictly between the cursor and the match, in order.
        let (low, high) = backward ? (values, cursor) : (cursor, values)
        guard let skipped = try keyset.count(between: low, and: high, atMost: countLimit(within: window, exactCountLimit)) else {
            // More rows in between than the request's own limit holds: the match is outside it.
            if window.length != nil { return FindResult(position: nil, description: description) }
            return FindResult(position: .found(0), description: description, locate: values)
        }
        // Few rows in between: the match is placed from the cursor's origin.
        let found = position.advanced(by: backward ? -1 - skipped : 1 + skipped)
        if window.isFramed, let index = found.index, index < 0 || window.clamp(1, at: index) == 0 {
            return FindResult(position: nil, description: description)
        }
        if let index = found.index, index < 0 { return FindResult(position: .found(0), description: description, locate: values) }
        return FindResult(position: found, description: description, values: values)
    }

    /// The first row, in order, whose key (the root's first key column) is at least `value`;
    /// nil position when every key is smaller.
    package func jump(toKeyAtLeast value: DatabaseValue, description: String, exactCountLimit: Int) throws -> FindResult {
        let keyset = try requireKeyset(for: "jump to a key")
        let window = RequestWindow(request)
        guard let values = try keyset.first(keyAtLeast: value)?.key, !values.isEmpty else {
            return FindResult(position: nil, description: description)
        }
        var before = try keyset.count(before: values, atMost: countLimit(within: window, exactCountLimit))
        if window.isFramed && (before != nil || window.length != nil || window.start > exactCountLimit) {
            // The row must be in the request's own offset and limit.
            guard let counted = before, counted >= window.start, window.clamp(1, at: counted - window.start) == 1 else {
                throw AssocError.invalidRequest(
                    table: request.table, reason: "\(description) is outside the rows of this request's limit")
            }
            before = counted - window.start
        }
        guard let before else { return FindResult(position: .found(0), description: description, locate: values) }
        return FindResult(position: .first(before), description: description, values: values)
    }

    /// The index of the row whose order has `values`: the rows before it, counted.
    package func index(of values: [DatabaseValue]) throws -> Int {
        guard let keyset = keysetReader() else {
            throw AssocError.invalidRequest(table: request.table, reason: "this view pages with OFFSET: its rows have positions already")
        }
        return try (keyset.count(before: values) ?? 0) - RequestWindow(request).start
    }

    /// Row `number` (1-based), exactly, with the values of the order there (keyset pagers); past
    /// the last row, the last row (`count` counts the rows when asked); nil position when there
    /// is no row.
    package func row(number: Int, count: () throws -> Int) throws -> FindResult {
        let description = "row \(number)"
        let index = max(0, number - 1)
        let page = try self.page(at: index, size: 1)
        if !page.isEmpty {
            return FindResult(position: .first(index), description: description, values: page.keys.first.flatMap { $0.isEmpty ? nil : $0 })
        }
        let count = try count()
        guard count > 0, count <= index else { return FindResult(position: nil, description: description) }
        let last = try self.page(at: count - 1, size: 1)
        guard !last.isEmpty else { return FindResult(position: nil, description: description) }
        return FindResult(
            position: .first(count - 1), description: "row \(count), the last", values: last.keys.first.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The most rows a find or jump counts: `exactCountLimit`, or, when `window` frames the
    /// request with a limit, its offset and limit (its rows are counted exactly up to there, a
    /// cost its own limit bounds).
    private func countLimit(within window: RequestWindow, _ exactCountLimit: Int) -> Int {
        if let length = window.length { return window.start + length }
        return exactCountLimit
    }

    /// The keyset reader, or an error saying why `what` needs one.
    private func requireKeyset(for what: String) throws -> KeysetReader {
        guard let reader = keysetReader() else {
            let reason: String
            if case .offset(let why) = method { reason = why.description } else { reason = "its rows have no key to page on" }
            throw AssocError.invalidRequest(
                table: request.table, reason: "\(what) needs a view paged by key, and this one pages with OFFSET (\(reason))")
        }
        return reader
    }
}
