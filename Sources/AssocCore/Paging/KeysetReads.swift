/// Reading the rows next to a known row range by range (`KeysetCondition.afterRanges`): one
/// index seek per range, in turn, until enough rows came. A single `(sort, key) > (?, ?)`
/// condition would make SQLite read every tie of the row's sort value before it.
package struct KeysetReader {
    let db: Database
    package let order: KeysetOrder
    /// The request without its limit and offset, selecting the order's hidden values.
    package let request: Request
    let cellPreview: Int?
    /// When set, the statements of every request the reader runs are appended to it, as planned
    /// (values whole: what the browser's SQL pane shows).
    package var log: StatementsPlanned?

    /// Reads `request` (its limit and offset left aside) in `order`, texts and blobs cut past
    /// `cellPreview` when given.
    package init(db: Database, order: KeysetOrder, request: Request, cellPreview: Int?) {
        self.db = db
        self.order = order
        self.request = order.selecting(RequestWindow(request).unlimited)
        self.cellPreview = cellPreview
    }

    /// Rows of `request` (already ordered and limited), each with its order's values.
    package func fetch(_ request: Request) throws -> [(row: Row, key: [DatabaseValue])] {
        let fetched = try db.fetchAllWithHiddenValues(request, cellPreview: cellPreview, showing: log != nil)
        log?.append(fetched.planned)
        return zip(fetched.rows, fetched.hidden).map { row, hidden in (row, order.values(of: row, hidden: hidden) ?? []) }
    }

    /// The first `limit` rows in the order (the last ones, nearest the end first, when `backward`).
    package func fromEnd(backward: Bool, limit: Int) throws -> [(row: Row, key: [DatabaseValue])] {
        try fetch(request.order(order.orderings(reversed: backward)).limit(max(0, limit)))
    }

    /// The rows after `values` in the order (before them, nearest first, when `backward`), the
    /// first `skip` of them left out, at most `limit`; `filter` added to every range (a find).
    package func rows(
        beyond values: [DatabaseValue], backward: Bool, skip: Int = 0, limit: Int, filter: Expression? = nil
    ) throws -> [(row: Row, key: [DatabaseValue])] {
        let ranges =
            backward
            ? KeysetCondition.beforeRanges(values, in: order.terms)
            : KeysetCondition.afterRanges(values, in: order.terms)
        let wanted = skip + max(0, limit)
        var rows: [(row: Row, key: [DatabaseValue])] = []
        for range in ranges where rows.count < wanted {
            var ranged = request.addingCondition(range)
            if let filter { ranged = ranged.addingCondition(filter) }
            rows += try fetch(ranged.order(order.orderings(reversed: backward)).limit(wanted - rows.count))
        }
        return Array(rows.dropFirst(skip).prefix(max(0, limit)))
    }

    /// The row whose order has `values` itself (by its key, and those of the joined rows that
    /// repeat it), when it is still there.
    package func row(at values: [DatabaseValue]) throws -> [(row: Row, key: [DatabaseValue])] {
        guard let identity = order.identifying(values) else { return [] }
        return try fetch(request.addingCondition(identity).limit(1))
    }
}

/// The statements a reader ran, in order, as planned (values whole, a prefetch's keys `IN (…)`).
package final class StatementsPlanned {
    package private(set) var statements: [GeneratedStatement] = []

    package init() {}

    package func append(_ planned: [GeneratedStatement]) { statements += planned }
}

extension KeysetReader {
    /// The request counted: its rows, without the hidden values.
    private var counted: Request {
        var copy = request
        copy.hiddenValues = []
        return copy
    }

    /// How many rows come before the row whose order has `values`; more than `most`: nil.
    package func count(before values: [DatabaseValue], atMost most: Int? = nil) throws -> Int? {
        guard let before = KeysetCondition.before(values, in: order.terms) else { return 0 }
        return try count(counted.addingCondition(before), atMost: most)
    }

    /// How many rows come strictly between the rows whose orders have `low` and `high`; more than
    /// `most`: nil.
    package func count(between low: [DatabaseValue], and high: [DatabaseValue], atMost most: Int? = nil) throws -> Int? {
        guard let after = KeysetCondition.after(low, in: order.terms), let before = KeysetCondition.before(high, in: order.terms)
        else { return 0 }
        return try count(counted.addingCondition(after).addingCondition(before), atMost: most)
    }

    /// The first row whose root key (its first column) is at least `value`, by key.
    package func first(keyAtLeast value: DatabaseValue) throws -> (row: Row, key: [DatabaseValue])? {
        try fetch(request.addingCondition(Column(order.firstKeyColumn) >= value).order(order.identityOrderings).limit(1)).first
    }

    private func count(_ request: Request, atMost most: Int?) throws -> Int? {
        guard let most else { return try db.fetchCount(request) }
        let count = try db.fetchCount(request.limit(most + 1))
        return count > most ? nil : count
    }
}

extension Request {
    /// `condition` added to the root: to `having` when it holds an aggregate.
    func addingCondition(_ condition: Expression) -> Request {
        condition.containsAggregate ? having(condition) : filter(condition)
    }
}
