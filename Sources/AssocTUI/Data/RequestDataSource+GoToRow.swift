import AssocCore

/// Go to row N (`250G`, `:250`) on any view, paged by key or with OFFSET: AssocCore's pager reads
/// the row at that index of the view's totally ordered request (`Pager.page(at:size:)`), and,
/// on a view paged by key, the values of its order there become the anchor its pages start from.
extension RequestDataSource {
    /// Row `number` (1-based) of `view`: its position, exact, with the values of the view's order
    /// there (keyset views). Past the last row: the last row, found by a count within
    /// `countBudgetMilliseconds`; nil position when the view has no row.
    package func goToRow(_ number: Int, in view: RequestView) throws -> FindResult {
        try readSchema()
        var pager = try db.pager(for: view.request)
        pager.cellPreviewLimit = Self.cellPreviewLimit
        let description = "row \(number)"
        let index = max(0, number - 1)
        let page = try pager.page(at: index, size: 1)
        if !page.isEmpty {
            return FindResult(position: .first(index), description: description, values: Self.anchor(of: page))
        }
        let count = try db.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
            try db.fetchCount(view.request)
        }
        guard count > 0, count <= index else { return FindResult(position: nil, description: description) }
        let last = try pager.page(at: count - 1, size: 1)
        guard !last.isEmpty else { return FindResult(position: nil, description: description) }
        return FindResult(position: .first(count - 1), description: "row \(count), the last", values: Self.anchor(of: last))
    }

    /// The values of the view's order at the page's first row, when it pages by key.
    private static func anchor(of page: Page) -> [DatabaseValue]? {
        guard let values = page.keys.first, !values.isEmpty else { return nil }
        return values
    }
}
