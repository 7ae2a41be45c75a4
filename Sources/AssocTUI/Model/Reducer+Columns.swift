import AssocCore

/// `x`, `X`, `!`, `<` and `>`: the columns a user manages. Hiding a column of the root's table
/// changes the request's selection (the SQL pane shows it); the rest is the view's presentation,
/// applied to the loaded page without a query.
extension Reducer {
    /// `x`: hides the current column.
    static func hideColumn(_ state: inout AppState) -> [Effect] {
        guard let rows = currentColumnRows(&state, doing: "hide") else { return [] }
        let column = rows.columns[rows.column.index]
        var view = rows.view
        guard column.isRoot, column.source == .table else {
            view.presentation.hidden.insert(column)
            state.message = StatusMessage(text: "Hid \(column.header) (X shows the hidden columns, u undoes)", isError: false)
            changePresentation(&state, to: view)
            return []
        }
        guard !rows.keyColumns.contains(column.name) else {
            state.message = StatusMessage(
                text: "\(column.name) is the row's key: links are followed by it, so it stays", isError: false)
            return []
        }
        guard let tree = rows.scopeTree, let request = view.request.deselecting(column: column.name, of: tree.columns) else {
            state.message = StatusMessage(text: "\(column.name) is the last column of \(rows.view.table): it stays", isError: false)
            return []
        }
        if view.presentation.selectionBeforeHiding == nil {
            view.presentation.selectionBeforeHiding = view.request.selection
        }
        view.request = request
        state.message = StatusMessage(text: "Hid \(column.name): the request selects the other columns (X shows it again, u undoes)", isError: false)
        return reopen(&state, view)
    }

    /// `X`: shows every hidden column again (the root's selection as it was before `x`).
    static func showColumns(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first", isError: false)
            return []
        }
        var view = rows.view
        let saved = view.presentation.selectionBeforeHiding
        guard !view.presentation.hidden.isEmpty || saved != nil else {
            state.message = StatusMessage(text: "No hidden column", isError: false)
            return []
        }
        view.request = view.requestWithHiddenColumns
        view.presentation.hidden = []
        view.presentation.selectionBeforeHiding = nil
        state.message = StatusMessage(text: "Every column shown again", isError: false)
        guard saved != nil else {
            changePresentation(&state, to: view)
            return []
        }
        return reopen(&state, view)
    }

    /// `!`: pins the current column at the left, or unpins it.
    static func pinColumn(_ state: inout AppState) -> [Effect] {
        guard let rows = currentColumnRows(&state, doing: "pin") else { return [] }
        let column = rows.columns[rows.column.index]
        var view = rows.view
        var pinned = view.presentation.pinned ?? Array(rows.columns.prefix(rows.pinnedCount))
        if let index = pinned.firstIndex(of: column) {
            pinned.remove(at: index)
            state.message = StatusMessage(text: "Unpinned \(column.header)", isError: false)
        } else {
            pinned.append(column)
            state.message = StatusMessage(text: "Pinned \(column.header) at the left (! again unpins)", isError: false)
        }
        view.presentation.pinned = pinned
        changePresentation(&state, to: view)
        // The cursor stays on the column, wherever it moved.
        if var moved = state.rows, let index = moved.columns.firstIndex(of: column) {
            moved.column = moved.column.moved(to: index)
            state.rows = moved
            scrollToCurrentColumn(&state)
        }
        return []
    }

    /// `<` and `>`: the current column narrower or wider by `step` cells.
    /// `<` and `>` with Tables or Links focused: the left column narrows or widens.
    static func resizeLeftColumn(_ state: inout AppState, widen: Bool) -> [Effect] {
        let before = state.layout.panes[.tables]?.width ?? state.layout.panes[.links]?.width
        state.leftWidthChange += widen ? LeftColumnWidth.step : -LeftColumnWidth.step
        let after = state.layout.panes[.tables]?.width ?? state.layout.panes[.links]?.width
        guard let after, after != before else {
            state.leftWidthChange -= widen ? LeftColumnWidth.step : -LeftColumnWidth.step
            state.message = StatusMessage(
                text: "The left column is as \(widen ? "wide" : "narrow") as it gets at this width", isError: false)
            return []
        }
        state.message = StatusMessage(text: "Left column: \(after) cells (< narrows, > widens)", isError: false)
        clampScrolls(&state)
        return ensureRowsLoaded(&state)
    }

    static func resizeColumn(_ state: inout AppState, by step: Int) -> [Effect] {
        guard let rows = currentColumnRows(&state, doing: "resize") else { return [] }
        let column = rows.columns[rows.column.index]
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows), labels: state.showsLabels)
        let current = rows.column.index < widths.count ? widths[rows.column.index] : 1
        let target = min(GridGeometry.widestColumn, max(1, current + step))
        guard target != current else {
            state.message = StatusMessage(text: "\(column.header) is as \(step < 0 ? "narrow" : "wide") as it gets", isError: false)
            return []
        }
        var view = rows.view
        view.presentation.widthChanges[column, default: 0] += target - current
        state.message = StatusMessage(text: "\(column.header): \(target) cells wide (< narrower, > wider)", isError: false)
        changePresentation(&state, to: view)
        return []
    }

    /// The rows when the Rows pane has a current column, with a message otherwise.
    private static func currentColumnRows(_ state: inout AppState, doing what: String) -> RowsState? {
        guard state.focus == .rows, let rows = state.rows, rows.column.index < rows.columns.count else {
            state.message = StatusMessage(text: "Move to a column of the Rows pane to \(what) it", isError: false)
            return nil
        }
        return rows
    }

    /// A change of the view's presentation only: recorded for `u`, applied to the loaded page.
    static func changePresentation(_ state: inout AppState, to view: RequestView) {
        guard var rows = state.rows else { return }
        state.history.record(rows, change: state.message.flatMap { $0.isError ? nil : $0.text })
        rows.view = view
        present(&rows)
        state.rows = rows
    }
}
