/// The side pane's title with its tabs: `SQL | Swift`, the current one in brackets.
enum SideTabBar {
    static func title(_ state: AppState) -> String {
        SideTab.allCases.map { $0 == state.side.tab ? "[\($0.title)]" : $0.title }.joined(separator: " ")
    }

    /// The tab drawn at column `x` of the side pane's title line (`rect` is the pane), if any.
    static func tab(atColumn x: Int, in rect: Rect, state: AppState) -> SideTab? {
        // The title starts at rect.x + 2 (a rule cell, then a space).
        var start = rect.x + 2
        for tab in SideTab.allCases {
            let label = tab == state.side.tab ? "[\(tab.title)]" : tab.title
            let end = start + label.count
            if x >= start && x < end { return tab }
            start = end + 1
        }
        return nil
    }
}
