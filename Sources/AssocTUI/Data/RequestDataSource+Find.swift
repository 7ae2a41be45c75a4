import AssocCore

/// Find (`f`, `n`, `N`), jump to a key (`#`), go to row N (`250G`) and locate a found row: the
/// view's pager answers (AssocCore's `Pager+Locate`); the source adds the time limit of deferred
/// counts and the count past which a row takes the position `RowPosition.found(0)`.
extension RequestDataSource {
    /// The next row of `view` after `position` (before it when `backward`), whose order has the
    /// values `anchor`, that `text` matches (`Database.findCondition`).
    package func find(
        _ text: String, in view: RequestView, after position: RowPosition, at anchor: [DatabaseValue]?, backward: Bool
    ) throws -> FindResult {
        try readSchema()
        let condition = try db.findCondition(text, on: view.request)
        return try pager(for: view.request).find(
            condition, after: position, at: anchor, backward: backward, exactCountLimit: exactCountLimit)
    }

    /// The first row of `view`, in its order, whose key is at least `text` (an integer, a real or
    /// text as the key's values are).
    package func jump(toKey text: String, in view: RequestView) throws -> FindResult {
        try readSchema()
        return try pager(for: view.request).jump(
            toKeyAtLeast: Database.keyValue(text), description: "the first key at least \(text)", exactCountLimit: exactCountLimit)
    }

    /// Row `number` (1-based) of `view`, exactly; past the last row, the last row, found by a
    /// count within `ReadLimits.countBudgetMilliseconds`.
    package func goToRow(_ number: Int, in view: RequestView) throws -> FindResult {
        try readSchema()
        return try pager(for: view.request).row(number: number) {
            try db.withTimeLimit(milliseconds: ReadLimits.countBudgetMilliseconds) { try db.fetchCount(view.request) }
        }
    }

    /// Where the row whose order has `values` is in `view`: the rows before it, counted (deferred
    /// work, within `ReadLimits.countBudgetMilliseconds`).
    package func locate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation {
        try readSchema()
        let pager = pager(for: view.request)
        let index = try db.withTimeLimit(milliseconds: ReadLimits.countBudgetMilliseconds) { try pager.index(of: values) }
        return RowLocation(values: values, position: index)
    }
}
