import AssocCore
import AssocInsights

/// The frequency view (`F`): the distinct values of one column of the current view, most frequent
/// first, in place of the grid; the SQL pane shows its grouping statement.
struct FrequencyState: Sendable, Equatable {
    var query: FrequencyQuery
    /// The view whose rows are counted (Enter filters it).
    var view: RequestView
    /// The loaded window of values, nil until the first one comes.
    var page: FrequencyPage?
    /// The labels of the window's key values, by grouped column (`1 · Rock`).
    var labels: [Int: [DatabaseValue: CellLabel]] = [:]
    /// Over every distinct value (the window is loaded around it).
    var cursor = ListCursor()
    var isLoading = true
    /// The summary it was opened from (Enter on a summary's line): Esc goes back to it.
    var summary: SummaryState?

    init(query: FrequencyQuery, view: RequestView) {
        self.query = query
        self.view = view
    }

    /// Values asked for at once: a window moves by this many when the cursor leaves it.
    static let window = 500

    /// The selected value, when loaded.
    var selected: FrequencyRow? { row(at: cursor.index) }

    func row(at index: Int) -> FrequencyRow? {
        guard let page, index >= page.offset, index - page.offset < page.rows.count else { return nil }
        return page.rows[index - page.offset]
    }

    /// Whether values `range` are in the loaded window (a window past the end holds them all).
    func isLoaded(_ range: Range<Int>) -> Bool {
        guard let page else { return false }
        let end = min(range.upperBound, page.distinctCount)
        return range.lowerBound >= page.offset && end <= page.offset + page.rows.count
    }
}
