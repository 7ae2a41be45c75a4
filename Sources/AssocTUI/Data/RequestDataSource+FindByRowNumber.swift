import AssocCore

/// Find (`f`, `n`, `N`) on a view with no key to page on (a SQL view, `distinct()` rows, a sort
/// keyset paging cannot follow): AssocCore's pager reads the view's rows past the cursor in order,
/// each with the condition's value only, and counts them up to the first match
/// (`Pager.firstRow(where:after:backward:)`). It reads every row in between, and the SQL pane says so.
enum FindByRowNumber {
    /// The SQL pane's note above the statement.
    static let note = "-- find: the view's rows past the cursor, counted in order up to the first match (SQLite reads every row in between):"
}

extension RequestDataSource {
    /// The next row of `view` after `position` (before it when `backward`) that `text` matches,
    /// by counting the rows of the view's totally ordered request up to it.
    func findByRowNumber(_ text: String, in view: RequestView, after position: RowPosition, backward: Bool) throws -> FindResult {
        guard let index = position.index else {
            throw AssocError.invalidRequest(table: view.table, reason: "the row under the cursor has no position yet: try again")
        }
        let base = view.request
        let (condition, description) = try findCondition(text, on: base)
        let found = try db.pager(for: base).firstRow(where: condition, after: index, backward: backward)
        return FindResult(position: found.index.map(RowPosition.first), description: description, statement: found.statement)
    }
}
