import AssocCore

/// Reading the rows next to a known row by ranges (`KeysetCondition.afterRanges`): one index seek
/// per range, in turn, until enough rows came. A single `(sort, key) > (?, ?)` condition would
/// make SQLite read every tie of the anchor's sort value before it (all 3,333,333 rows of one
/// category, at the end of that category).
extension RequestDataSource {
    /// The rows of `request` after `values` in `keyset`'s order (before them, nearest first, when
    /// `backward`), the first `skip` of them left out, at most `limit`; and the requests run.
    /// `request` selects what the keyset reads; `filter` is added to every range (a find).
    func rows(
        of request: Request, beyond values: [DatabaseValue], keyset: PagingKeyset, backward: Bool,
        skip: Int = 0, limit: Int, filter: AssocCore.Expression? = nil
    ) throws -> (rows: [Row], requests: [Request]) {
        let ranges =
            backward
            ? KeysetCondition.beforeRanges(values, in: keyset.terms)
            : KeysetCondition.afterRanges(values, in: keyset.terms)
        let wanted = skip + limit
        var rows: [Row] = []
        var requests: [Request] = []
        for range in ranges where rows.count < wanted {
            var ranged = request.adding(filter: range)
            if let filter { ranged = ranged.adding(filter: filter) }
            ranged = ranged.order(keyset.orderings(reversed: backward)).limit(wanted - rows.count)
            requests.append(ranged)
            rows += try db.fetchAll(ranged, previewingCellsUpTo: Self.cellPreviewLimit)
        }
        return (Array(rows.dropFirst(skip).prefix(limit)), requests)
    }

    /// The statements of `requests` as the SQL pane shows them: each one's plan, prefetch
    /// statements with their `IN (…)` placeholder.
    func statements(of requests: [Request]) throws -> [GeneratedStatement] {
        try requests.flatMap { try db.plan($0).steps }.map(\.statement)
    }
}
