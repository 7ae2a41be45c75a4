/// The child pane as a focus stop: Tab goes grid → child pane → Links when the view prefetches
/// (Shift-Tab from the child pane or from Links: the grid), and its cursor starts over for each
/// selected row.
extension Reducer {
    /// Tab / Shift-Tab: the next pane, with the child pane between the grid and Links when shown.
    static func cyclePanes(_ state: inout AppState, forward: Bool) {
        let childShown = RowsPaneSplit.childRect(state) != nil
        switch (state.focus, state.child.isFocused, forward) {
        case (.rows, false, true) where childShown:
            state.child.isFocused = true
        case (.rows, true, false):
            state.child.isFocused = false
        case (.rows, true, true):
            state.child.isFocused = false
            state.focus = .links
        default:
            // Shift-Tab from Links lands on the grid, not the child pane: after `p` in Links, the
            // grid is where the next key goes.
            state.focus = state.focus.cycled(forward ? 1 : -1)
            state.child.isFocused = false
        }
    }

    /// The child pane loses the focus when it goes away; its cursor covers the shown records and
    /// starts over when the selected row changes.
    static func keepChildFocusValid(_ state: inout AppState) {
        if state.child.isFocused && (state.focus != .rows || RowsPaneSplit.childRect(state) == nil) {
            state.child.isFocused = false
        }
        let row = state.rows?.cursor.index
        let count = RowsPaneSplit.shownChild(state)?.rows.count ?? 0
        if row != state.child.row {
            state.child.row = row
            state.child.cursor = ListCursor(count: count)
        } else if state.child.cursor.count != count {
            state.child.cursor = state.child.cursor.resized(to: count)
        }
    }
}
