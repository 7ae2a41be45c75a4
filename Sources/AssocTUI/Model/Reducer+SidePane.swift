import AssocCore

/// The side pane's tabs (`[`, `]`) and the Swift code of the current view.
extension Reducer {
    /// `[` / `]`: switches the side pane between SQL and Swift (showing it when hidden).
    static func switchTab(_ state: inout AppState, step: Int) -> [Effect] {
        state.side.tab = state.side.tab.cycled(step)
        state.side.isShown = true
        state.side.scroll = 0
        state.side.column = 0
        return []
    }

    /// `z`: the side pane takes the whole body, focused; again: back to the panes.
    static func toggleMaximizedSide(_ state: inout AppState) -> [Effect] {
        if state.side.isMaximized {
            state.side.isMaximized = false
            if state.focus == .side && state.layout.panes[.side] == nil { state.focus = state.rows == nil ? .tables : .rows }
            state.message = StatusMessage(text: "Side pane back in its place (z zooms it again)", isError: false)
        } else {
            state.side.isMaximized = true
            state.side.isShown = true
            state.focus = .side
            state.message = StatusMessage(
                text: "Side pane zoomed: ↑ ↓ PgUp PgDn scroll, ← → sideways, [ ] tabs, y copies, z or Esc goes back", isError: false)
        }
        clampScrolls(&state)
        return []
    }

    /// ← → 0 $ with the side pane focused: the Swift code scrolls sideways (the SQL wraps).
    static func scrollSideways(_ state: inout AppState, _ action: Action) {
        let width = state.layout.panes[.side]?.width ?? 0
        guard state.side.tab == .swift else {
            state.message = StatusMessage(text: "The SQL wraps to the pane's width: nothing to scroll sideways", isError: false)
            return
        }
        let widest = SwiftPaneText.widestLine(state)
        let last = max(0, widest - width)
        let step = max(8, width / 4)
        let target: Int
        switch action {
        case .moveLeft: target = state.side.column - step
        case .moveRight: target = state.side.column + step
        case .firstColumn: target = 0
        default: target = last
        }
        let column = min(max(0, target), last)
        guard column != state.side.column else {
            state.message = StatusMessage(
                text: last == 0
                    ? "The code fits the pane's width: nothing to scroll sideways"
                    : (target < state.side.column ? "Already at the left edge" : "Already at the right edge"), isError: false)
            return
        }
        state.side.column = column
    }

    /// `y`: the cell (Rows) or the side pane's whole text (SQL, Swift) to the clipboard.
    static func copy(_ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .rows where !state.child.isFocused:
            guard let rows = state.rows, let row = rows.selectedRow, rows.column.index < row.count,
                rows.column.index < rows.columns.count
            else {
                state.message = StatusMessage(text: "No cell under the cursor to copy", isError: false)
                return []
            }
            let header = rows.columns[rows.column.index].header
            if let length = rows.cutLength(at: rows.cursor.index, column: rows.column.index) {
                // The page holds the first part only (see `ReadLimits.cellPreview`).
                state.message = StatusMessage(text: cutCellMessage(length: length, isBlob: row[rows.column.index].isBlobValue), isError: true)
                return []
            }
            // The value, not its picture: NULL copies as the SQL word, as before the grid showed it ∅.
            let value = row[rows.column.index]
            return [.copy(value.isNull ? "NULL" : RowsState.plain(value), what: "the cell \(header)")]
        case .side:
            let text = state.side.tab == .swift ? SwiftPaneText.plainText(state) : SQLPaneText.plainText(for: state)
            guard let text, !text.isEmpty else {
                state.message = StatusMessage(text: "Nothing to copy yet: the side pane is empty", isError: false)
                return []
            }
            return [.copy(text, what: state.side.tab == .swift ? "the Swift code" : "the SQL")]
        default:
            state.message = StatusMessage(
                text: "y copies the cell (Rows) or the side pane's text (SQL, Swift): Tab there first", isError: false)
            return []
        }
    }

    /// Asks for the Swift code of the current view when the Swift tab shows and it is missing
    /// (in the form `r` chose: the whole code or the request alone).
    static func swiftCodeEffect(_ state: inout AppState) -> [Effect] {
        guard state.side.isShown, state.side.tab == .swift, let view = state.rows?.view else { return [] }
        let requestOnly = state.side.swiftRequestOnly
        if let code = state.side.swiftCode, code.view == view, code.requestOnly == requestOnly { return [] }
        if state.side.swiftCodeAsked == view, state.side.swiftCodeAskedRequestOnly == requestOnly { return [] }
        state.side.swiftCodeAsked = view
        state.side.swiftCodeAskedRequestOnly = requestOnly
        return requestOnly ? [.swiftCode(view, requestOnly: true)] : [.swiftCode(view)]
    }

    /// `r`: the Swift tab shows the request alone (for an app that has its record types), or
    /// again the whole code; shows the side pane on the Swift tab.
    static func toggleSwiftRequestOnly(_ state: inout AppState) -> [Effect] {
        state.side.swiftRequestOnly.toggle()
        if state.side.tab != .swift || !state.side.isShown {
            state.side.tab = .swift
            state.side.isShown = true
        }
        state.side.scroll = 0
        state.side.column = 0
        state.message = StatusMessage(
            text: state.side.swiftRequestOnly
                ? "Swift tab: the request alone, for an app that has its record types (r: the whole code)"
                : "Swift tab: the whole code, record types and associations included (r: the request alone)",
            isError: false)
        return []
    }

    /// `r` on the SQL tab: the statements exactly as they ran for the page on screen, or again as
    /// planned (readable: cells not cut, prefetch keys as placeholders).
    static func toggleSQLAsRan(_ state: inout AppState) -> [Effect] {
        state.side.sqlAsRan.toggle()
        state.side.scroll = 0
        let form = state.side.sqlAsRan ? "as they ran for the page on screen (r: as planned)" : "as planned, readable (r: as they ran)"
        state.message = StatusMessage(text: "SQL pane: the statements " + form, isError: false)
        return []
    }

    /// The lines the side pane shows for the current tab (wrapped to `width`).
    static func sideLines(_ state: AppState, width: Int) -> Int {
        switch state.side.tab {
        case .sql: return SQLPaneText.lines(for: state, width: width).count
        case .swift: return SwiftPaneText.lines(state, width: width).count
        }
    }

    /// Why `y` does not copy a cell the browser read cut.
    static func cutCellMessage(length: Int, isBlob: Bool) -> String {
        "Not copied: the cell " + cutValueHolding(length: length, isBlob: isBlob) + ": export the row (e) or use assoc fetch"
    }

    /// What a value read cut holds beyond what the browser read: `holds 100,000 bytes and the
    /// browser reads the first 20,000 only` (a blob's size; a text's length is not read).
    static func cutValueHolding(length: Int, isBlob: Bool) -> String {
        let limit = ReadLimits.cellPreview.groupedDigits
        let whole =
            !isBlob ? "more than \(limit) characters" : length < 0 ? "more than \(limit) bytes" : "\(length.groupedDigits) bytes"
        return "holds \(whole) and the browser reads the first \(limit) only"
    }
}

extension DatabaseValue {
    var isBlobValue: Bool {
        if case .blob = self { return true } else { return false }
    }
}

extension Int {
    /// `104,857,600`.
    var groupedDigits: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
