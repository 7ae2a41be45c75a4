/// Reading the rows next to a known row range by range (`KeysetCondition.afterRanges`): one
/// index seek per range, in turn, until enough rows came. A single `(sort, key) > (?, ?)`
/// condition would make SQLite read every tie of the row's sort value before it.
struct KeysetReader {
    let db: Database
    let order: KeysetOrder
    /// The request without its limit and offset, selecting the order's hidden values.
    let request: Request
    let cellPreview: Int?

    /// Rows of `request` (already ordered and limited), each with its order's values.
    func fetch(_ request: Request) throws -> [(row: Row, key: [DatabaseValue])] {
        let fetched = try db.fetchAllWithHiddenValues(request, cellPreview: cellPreview)
        return zip(fetched.rows, fetched.hidden).map { row, hidden in (row, order.values(of: row, hidden: hidden) ?? []) }
    }

    /// The first `limit` rows in the order (the last ones, nearest the end first, when `backward`).
    func fromEnd(backward: Bool, limit: Int) throws -> [(row: Row, key: [DatabaseValue])] {
        try fetch(request.order(order.orderings(reversed: backward)).limit(max(0, limit)))
    }

    /// The rows after `values` in the order (before them, nearest first, when `backward`), the
    /// first `skip` of them left out, at most `limit`; `filter` added to every range (a find).
    func rows(
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
    func row(at values: [DatabaseValue]) throws -> [(row: Row, key: [DatabaseValue])] {
        guard let identity = order.identifying(values) else { return [] }
        return try fetch(request.addingCondition(identity).limit(1))
    }
}

extension Request {
    /// `condition` added to the root: to `having` when it holds an aggregate.
    func addingCondition(_ condition: Expression) -> Request {
        condition.containsAggregate ? having(condition) : filter(condition)
    }
}
