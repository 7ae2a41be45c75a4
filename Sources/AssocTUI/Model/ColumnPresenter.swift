import AssocCore

/// A page as the grid shows it under the view's presentation: hidden columns left out, pinned
/// ones moved to the front in pin order (the root's key columns when the view pins nothing).
enum ColumnPresenter {
    struct Presented: Equatable {
        var columns: [GridColumn]
        var rows: [[DatabaseValue]]
        var pinnedCount: Int
        /// The page's `cutLengths`, by the presented column indexes.
        var cutLengths: [[Int: Int]] = []
    }

    static func present(_ page: RowsPage, _ presentation: ViewPresentation) -> Presented {
        let pinned = presentation.pinned ?? page.keyColumns.map { GridColumn(name: $0) }
        var order: [Int] = []
        for column in pinned {
            if let index = page.columns.firstIndex(of: column), !presentation.hidden.contains(column), !order.contains(index) {
                order.append(index)
            }
        }
        let pinnedCount = order.count
        for (index, column) in page.columns.enumerated() where !order.contains(index) && !presentation.hidden.contains(column) {
            order.append(index)
        }
        let identity = order == Array(page.columns.indices)
        var presented = Presented(
            columns: identity ? page.columns : order.map { page.columns[$0] },
            rows: identity ? page.rows : page.rows.map { row in order.map { $0 < row.count ? row[$0] : .null } },
            pinnedCount: pinnedCount)
        if !page.cutLengths.isEmpty {
            presented.cutLengths =
                identity
                ? page.cutLengths
                : page.cutLengths.map { lengths in
                    var moved: [Int: Int] = [:]
                    for (to, from) in order.enumerated() { if let length = lengths[from] { moved[to] = length } }
                    return moved
                }
        }
        return presented
    }
}
