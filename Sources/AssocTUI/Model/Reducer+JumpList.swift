import AssocCore
import AssocText

/// The jump list: `J` lists the tables reachable from the current view's table (or the selected
/// table), typing narrows it, ↑/↓ move, Enter opens the chosen table's records associated with the
/// selected row, Ctrl-A with every row of the view, Esc closes.
extension Reducer {
    static func openJumpList(_ state: inout AppState) -> [Effect] {
        guard let origin = state.contextTable else {
            state.message = StatusMessage(text: "Select a table first: J lists the tables reachable from it", isError: false)
            return []
        }
        let targets = JumpPaths.targets(from: origin, graph: state.graph)
        guard !targets.isEmpty else {
            state.message = StatusMessage(text: "No table is reachable from \(Sanitizer.sanitize(origin)): it has no association", isError: false)
            return []
        }
        let rowLabel = state.rows?.selectedRow != nil ? state.rows?.selectedRowLabel : nil
        let count = state.rows.flatMap { $0.isCounted ? $0.totalCount : nil } ?? (state.rows == nil ? state.selectedTable?.rowCount : nil)
        state.jumpList = JumpListState(origin: origin, targets: targets, rowLabel: rowLabel, viewRowCount: count)
        return []
    }

    static func reduceJumpListKey(_ state: inout AppState, _ key: KeyEvent) -> [Effect] {
        guard var list = state.jumpList else { return [] }
        let visible = JumpListState.visibleLines(in: ScreenLayout.bodyRect(state.layout, size: state.size))
        switch key {
        case .escape, .control("c"), .control("g"):
            state.jumpList = nil
            return []
        case .enter:
            return openJumpTarget(&state, fromEveryRow: list.rowLabel == nil)
        case .control("a"):
            return openJumpTarget(&state, fromEveryRow: true)
        case .up, .control("p"): list.cursor = list.cursor.moved(by: -1)
        case .down, .control("n"): list.cursor = list.cursor.moved(by: 1)
        case .pageUp: list.cursor = list.cursor.moved(by: -visible)
        case .pageDown: list.cursor = list.cursor.moved(by: visible)
        case .home: list.cursor = list.cursor.moved(to: 0)
        case .end: list.cursor = list.cursor.moved(to: list.cursor.lastIndex)
        case .left: list.query.moveCursor(by: -1)
        case .right: list.query.moveCursor(by: 1)
        case .backspace:
            list.query.deleteBackward()
            list.cursor = ListCursor(count: list.shown.count)
        case .delete:
            list.query.deleteForward()
            list.cursor = ListCursor(count: list.shown.count)
        case .character(let character) where !character.isNewline:
            list.query.insert(character)
            list.cursor = ListCursor(count: list.shown.count)
        default:
            return []
        }
        list.cursor = list.cursor.scrolledToShowSelection(visible: visible)
        state.jumpList = list
        return []
    }

    /// Opens the selected target's records: associated with the selected row, or with every row
    /// of the view (`fromEveryRow`), as one request of chained `request(for:)` steps.
    private static func openJumpTarget(_ state: inout AppState, fromEveryRow: Bool) -> [Effect] {
        guard let list = state.jumpList else { return [] }
        guard let target = list.selected, let first = target.steps.first else {
            state.message = StatusMessage(
                text: "No reachable table matches \"\(Sanitizer.sanitize(list.query.text))\": Backspace widens the list", isError: false)
            return []
        }
        let base: Request
        let label: String
        if let rows = state.rows, !fromEveryRow, let root = rows.selectedRootRow {
            base = FollowRequest.base(
                table: rows.view.table, keyColumns: rows.keyColumns, columns: root.columns, values: root.values,
                linkColumns: FollowRequest.firstStepColumns(of: first))
            label = rows.selectedRowLabel
        } else if let rows = state.rows {
            base = rows.view.request
            label = rows.isCounted ? "all \(rows.totalCount) row\(rows.totalCount == 1 ? "" : "s")" : "all rows"
        } else {
            base = Table(list.origin).all
            label = "all rows"
        }
        state.jumpList = nil
        let request = FollowRequest.chain(from: base, steps: target.steps)
        return push(&state, RequestView(request: request, title: target.pathText, rowLabel: label))
    }
}

extension JumpListState {
    /// Lines of targets the overlay shows in `rect` (title, typed text and key line excluded).
    static func visibleLines(in rect: Rect) -> Int { max(1, rect.height - 3) }
}
