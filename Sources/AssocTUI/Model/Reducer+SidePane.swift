/// The side pane's tabs (`[`, `]`) and the Swift code of the current view.
extension Reducer {
    /// `[` / `]`: switches the side pane between SQL and Swift (showing it when hidden).
    static func switchTab(_ state: inout AppState, step: Int) -> [Effect] {
        state.sideTab = state.sideTab.cycled(step)
        state.showSQL = true
        state.sqlScroll = 0
        return []
    }

    /// Asks for the Swift code of the current view when the Swift tab shows and it is missing.
    static func swiftCodeEffect(_ state: inout AppState) -> [Effect] {
        guard state.showSQL, state.sideTab == .swift, let view = state.rows?.view else { return [] }
        if state.swiftCode?.view == view || state.swiftCodeAsked == view { return [] }
        state.swiftCodeAsked = view
        return [.swiftCode(view)]
    }

    /// The lines the side pane shows for the current tab (wrapped to `width`).
    static func sideLines(_ state: AppState, width: Int) -> Int {
        switch state.sideTab {
        case .sql: return SQLPaneText.lines(for: state, width: width).count
        case .swift: return SwiftPaneText.lines(state, width: width).count
        }
    }
}
