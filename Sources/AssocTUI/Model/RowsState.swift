import AssocCore

/// The rows of the view on screen: a loaded window of rows, the cursor over all rows of the
/// view, the selected column (whose `top` is the first visible column) and the SQL that ran.
struct RowsState: Sendable, Equatable {
    var view: BrowserView
    var columns: [String] = []
    /// The loaded window: rows `pageOffset ..< pageOffset + rows.count` of the view.
    var rows: [[DatabaseValue]] = []
    var pageOffset: Int = 0
    var totalCount: Int = 0
    var cursor = ListCursor()
    var column = ListCursor()
    var statement: ExecutedStatement?
    var isLoading = true

    init(view: BrowserView) {
        self.view = view
    }

    /// Row `index` of the view when it is loaded, nil otherwise.
    func row(at index: Int) -> [DatabaseValue]? {
        let local = index - pageOffset
        guard local >= 0, local < rows.count else { return nil }
        return rows[local]
    }

    /// The selected row, when loaded.
    var selectedRow: [DatabaseValue]? { cursor.hasSelection ? row(at: cursor.index) : nil }

    /// Whether rows `range` are all in the loaded window.
    func isLoaded(_ range: Range<Int>) -> Bool {
        let clipped = range.clamped(to: 0..<max(0, totalCount))
        if clipped.isEmpty { return true }
        return clipped.lowerBound >= pageOffset && clipped.upperBound <= pageOffset + rows.count
    }
}
