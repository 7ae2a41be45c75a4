import AssocCore

/// The Rows pane split into the rows grid and, when the view prefetches a to-many link, the
/// child pane under it: geometry the reducer needs (how many rows a page shows) and the
/// renderer draws.
enum RowsPaneSplit {
    /// Whether the Rows pane is split for a child pane.
    static func hasChildPane(_ state: AppState) -> Bool {
        guard let rows = state.rows else { return false }
        return rows.view.request.joins(under: []).contains(where: \.isPrefetch) || rows.prefetched.contains { !$0.isEmpty }
    }

    /// The Rows pane split into the grid (top) and the child pane (bottom, nil when none or too low).
    static func split(_ rect: Rect, state: AppState) -> (grid: Rect, child: Rect?) {
        guard hasChildPane(state), rect.height >= 8 else { return (rect, nil) }
        let childHeight = max(3, rect.height * 2 / 5)
        return (rect.top(rect.height - childHeight), rect.droppingTop(rect.height - childHeight))
    }

    /// The prefetched records the child pane shows for the selected row: those of the link
    /// selected in the Links pane when it is prefetched, else of the first prefetched link.
    static func shownChild(_ state: AppState) -> PrefetchedRows? {
        guard let rows = state.rows, rows.cursor.hasSelection else { return nil }
        let local = rows.cursor.index - rows.pageOffset
        guard local >= 0, local < rows.prefetched.count else { return nil }
        let all = rows.prefetched[local]
        if let link = state.selectedLink?.association.name, let match = all.first(where: { $0.key == link }) { return match }
        return all.first
    }

    /// The child pane's rectangle on screen, nil when it is not shown.
    static func childRect(_ state: AppState) -> Rect? {
        guard let rect = state.layout.panes[.rows] else { return nil }
        return split(rect, state: state).child
    }

    /// Records the child pane shows at once (its title and header lines excluded); at least 1.
    static func childVisibleLines(_ state: AppState) -> Int {
        max(1, (childRect(state)?.height ?? 0) - 2)
    }

    /// The height of the rows grid (the whole Rows pane without the child pane).
    static func gridHeight(_ state: AppState) -> Int {
        guard let rect = state.layout.panes[.rows] else { return 0 }
        return split(rect, state: state).grid.height
    }
}
