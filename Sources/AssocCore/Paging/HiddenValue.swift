/// What a value the engine selects for its own use stands for: a pager reads the values of its
/// order there when the rows do not show them. Known by role, never by a column name, so no
/// column of the user's can be taken for one (nor one of these for the user's).
enum HiddenColumnRole: Sendable, Hashable {
    /// The value of the request's `n`th sort term (an expression, or a column the selection
    /// leaves out).
    case sortValue(Int)
    /// The root's rowid, which `*` never selects.
    case rowid
    /// The root's `n`th key column, left out of the selection.
    case keyColumn(Int)
    /// The joined column equal to the root's `n`th key column on every row (`track.AlbumId` for
    /// `Album.AlbumId`), whose order follows the joined table's index.
    case standIn(Int)
    /// The value of the `n`th order term the request has without writing it (a followed link's
    /// default ordering, an ordered pivot's).
    case implicitOrder(Int)
    /// The key of the `n`th table whose rows a to-many join repeats.
    case joinKey(Int)
    /// Whether a find's condition holds for the row (`Pager.firstRow(where:after:backward:)`):
    /// the only hidden value written with a name (one no column of the rows has), which the
    /// statement around it reads.
    case findMatch(name: String)
}

/// A value selected after every column of a request's rows, for the engine: the SQL generator
/// writes it last, the row reader reads it apart from the row (by its position), and a `Row`
/// never holds it.
struct HiddenValue: Sendable, Hashable {
    var role: HiddenColumnRole
    var expression: Expression
}

extension Database {
    /// The rows of `request` and, per row, the values of its `hiddenValues` in their order;
    /// texts and blobs cut past `cellPreview` when given (`fetchAll(_:previewingCellsUpTo:)`).
    /// `planned` (when `showing`): the statements of the same resolution with values whole (a
    /// prefetch's keys `IN (…)`), what a SQL pane shows people; the request is resolved once.
    func fetchAllWithHiddenValues(
        _ request: Request, cellPreview: Int?, showing: Bool = false
    ) throws -> (rows: [Row], hidden: [[DatabaseValue]], planned: [GeneratedStatement]) {
        let query = try ResolvedQuery(request, graph: graph)
        let plan = try QueryPlan(resolved: query, cellPreview: cellPreview.map { max(1, $0) })
        let readable = !showing ? nil : cellPreview == nil ? plan : try QueryPlan(resolved: query)
        let fetched = try perform { _ in
            var steps: [QueryPlan.Step] = []
            return try Prefetcher.fetch(plan.main, keys: nil, db: self, executed: &steps)
        }
        let hidden = fetched.hiddenValueRows.count == fetched.rows.count ? fetched.hiddenValueRows : fetched.rows.map { _ in [] }
        return (fetched.rows, hidden, readable?.steps.map(\.statement) ?? [])
    }
}
