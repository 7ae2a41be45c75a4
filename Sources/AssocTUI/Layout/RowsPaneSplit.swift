/// The Rows pane split into the rows grid and, when the view prefetches a to-many link, the
/// child pane under it: geometry the reducer needs (how many rows a page shows) and the
/// renderer draws.
enum RowsPaneSplit {
    /// Whether the Rows pane is split for a child pane.
    static func hasChildPane(_ state: AppState) -> Bool {
        guard let rows = state.rows else { return false }
        return rows.view.request.relation.joins.contains { $0.method == .includingAll } || rows.prefetched.contains { !$0.isEmpty }
    }

    /// The Rows pane split into the grid (top) and the child pane (bottom, nil when none or too low).
    static func split(_ rect: Rect, state: AppState) -> (grid: Rect, child: Rect?) {
        guard hasChildPane(state), rect.height >= 8 else { return (rect, nil) }
        let childHeight = max(3, rect.height * 2 / 5)
        return (rect.top(rect.height - childHeight), rect.droppingTop(rect.height - childHeight))
    }

    /// The height of the rows grid (the whole Rows pane without the child pane).
    static func gridHeight(_ state: AppState) -> Int {
        guard let rect = state.layout.panes[.rows] else { return 0 }
        return split(rect, state: state).grid.height
    }
}
