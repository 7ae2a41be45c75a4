import AssocCore

/// The browser's logic as a pure function: the new state is written in place, and what must
/// happen outside (queries, quitting) is returned as effects. No I/O here.
enum Reducer {
    /// Rows loaded per window, at least: enough for a few pages of scrolling without a query.
    static let minimumWindow = 200

    static func reduce(_ state: inout AppState, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            state.message = nil
            return reduce(&state, action: action)
        case .resized(let size):
            state.size = size
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        case .tablesLoaded(let tables):
            state.tables = tables
            state.tablesCursor = state.tablesCursor.resized(to: tables.count)
            return linksEffect(state)
        case .viewOpened(let view, let totalCount, let page):
            guard var rows = state.rows, rows.view == view else { return [] }
            rows.totalCount = totalCount
            rows.cursor = rows.cursor.resized(to: totalCount)
            apply(page, to: &rows)
            state.rows = rows
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        case .pageLoaded(let view, let page):
            guard var rows = state.rows, rows.view == view else { return [] }
            apply(page, to: &rows)
            state.rows = rows
            return []
        case .linksLoaded(let table, let links):
            state.linksTable = table
            state.links = links
            state.linksCursor = state.linksCursor.resized(to: links.count)
            return []
        case .failed(let message):
            state.rows?.isLoading = false
            state.message = StatusMessage(text: message, isError: true)
            return []
        }
    }

    private static func apply(_ page: RowsPage, to rows: inout RowsState) {
        rows.columns = page.columns
        rows.rows = page.rows
        rows.pageOffset = page.offset
        rows.statement = page.statement
        rows.isLoading = false
        rows.column = rows.column.resized(to: page.columns.count)
    }

    // MARK: - Actions

    private static func reduce(_ state: inout AppState, action: Action) -> [Effect] {
        if case .help(let scroll) = state.overlay {
            return reduceHelp(&state, action: action, scroll: scroll)
        }
        if case .record(let scroll) = state.overlay {
            return reduceRecord(&state, action: action, scroll: scroll)
        }
        switch action {
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .help:
            state.overlay = .help(scroll: 0)
            return []
        case .nextPane, .previousPane:
            state.focus = state.focus.cycled(action == .nextPane ? 1 : -1)
            return []
        case .toggleSidePane:
            state.showSQL.toggle()
            if !state.showSQL && state.focus == .sql { state.focus = .rows }
            return []
        case .moveUp: return move(&state) { $0.moved(by: -1) }
        case .moveDown: return move(&state) { $0.moved(by: 1) }
        case .firstRow: return move(&state) { $0.moved(to: 0) }
        case .lastRow: return move(&state) { $0.moved(to: $0.lastIndex) }
        case .pageUp, .pageDown, .halfPageUp, .halfPageDown:
            let lines = state.visibleLines(state.focus)
            let half = action == .halfPageUp || action == .halfPageDown
            let step = half ? max(1, lines / 2) : lines
            let delta = (action == .pageUp || action == .halfPageUp) ? -step : step
            return move(&state) { $0.moved(by: delta) }
        case .moveLeft, .moveRight, .firstColumn, .lastColumn:
            moveColumn(&state, action)
            return []
        case .open:
            return open(&state)
        case .back:
            return back(&state)
        case .recordView:
            guard let rows = state.rows, rows.selectedRow != nil else {
                state.message = StatusMessage(text: "No row selected: open a table first", isError: false)
                return []
            }
            state.overlay = .record(scroll: 0)
            return []
        case .rerun:
            guard let rows = state.rows else { return [.loadTables] }
            var reloaded = RowsState(view: rows.view)
            reloaded.cursor = rows.cursor
            reloaded.column = rows.column
            state.rows = reloaded
            return [.loadTables, .openView(rows.view, limit: window(state))]
        default:
            let help = Keymap.binding(for: action)?.help ?? action.rawValue
            state.message = StatusMessage(text: "\(help): not available yet", isError: false)
            return []
        }
    }

    private static func reduceHelp(_ state: inout AppState, action: Action, scroll: Int) -> [Effect] {
        let maxScroll = max(0, HelpContent.lines.count - 1)
        switch action {
        case .back, .help, .open: state.overlay = .none
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: state.overlay = .help(scroll: min(maxScroll, scroll + 1))
        case .moveUp: state.overlay = .help(scroll: max(0, scroll - 1))
        case .pageDown, .halfPageDown: state.overlay = .help(scroll: min(maxScroll, scroll + 10))
        case .pageUp, .halfPageUp: state.overlay = .help(scroll: max(0, scroll - 10))
        case .firstRow: state.overlay = .help(scroll: 0)
        default: break
        }
        return []
    }

    private static func reduceRecord(_ state: inout AppState, action: Action, scroll: Int) -> [Effect] {
        switch action {
        case .back, .recordView: state.overlay = .none
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: state.overlay = .record(scroll: scroll + 1)
        case .moveUp: state.overlay = .record(scroll: max(0, scroll - 1))
        case .pageDown, .halfPageDown: state.overlay = .record(scroll: scroll + 10)
        case .pageUp, .halfPageUp: state.overlay = .record(scroll: max(0, scroll - 10))
        case .firstRow: state.overlay = .record(scroll: 0)
        case .moveRight, .moveLeft:
            // Next / previous record.
            guard var rows = state.rows else { return [] }
            rows.cursor = rows.cursor.moved(by: action == .moveRight ? 1 : -1)
            state.rows = rows
            state.overlay = .record(scroll: 0)
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        default: break
        }
        return []
    }

    /// Moves the cursor of the focused pane.
    private static func move(_ state: inout AppState, _ change: (ListCursor) -> ListCursor) -> [Effect] {
        switch state.focus {
        case .tables:
            let before = state.tablesCursor.index
            state.tablesCursor = change(state.tablesCursor)
                .scrolledToShowSelection(visible: state.visibleLines(.tables))
            if state.rows == nil && before != state.tablesCursor.index { return linksEffect(state) }
            return []
        case .links:
            state.linksCursor = change(state.linksCursor).scrolledToShowSelection(visible: state.visibleLines(.links))
            return []
        case .sql:
            let width = state.layout.panes[.sql]?.width ?? 0
            let lines = state.rows?.statement.map { SQLPaneRenderer.lines(for: $0, width: width).count } ?? 0
            let scroll = ListCursor(count: max(1, lines - state.visibleLines(.sql) + 1), index: state.sqlScroll)
            state.sqlScroll = change(scroll).index
            return []
        case .rows:
            guard var rows = state.rows else { return [] }
            rows.cursor = change(rows.cursor).scrolledToShowSelection(visible: state.visibleLines(.rows))
            state.rows = rows
            return ensureRowsLoaded(&state)
        }
    }

    private static func moveColumn(_ state: inout AppState, _ action: Action) {
        guard state.focus == .rows, var rows = state.rows else { return }
        switch action {
        case .moveLeft: rows.column = rows.column.moved(by: -1)
        case .moveRight: rows.column = rows.column.moved(by: 1)
        case .firstColumn: rows.column = rows.column.moved(to: 0)
        default: rows.column = rows.column.moved(to: rows.column.lastIndex)
        }
        let width = state.layout.panes[.rows]?.width ?? 0
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows))
        let first = GridGeometry.firstColumn(
            showing: rows.column.index, from: rows.column.top, widths: widths, paneWidth: width)
        rows.column = rows.column.scrolled(top: first)
        state.rows = rows
    }

    private static func open(_ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .tables:
            guard let table = state.selectedTable else { return [] }
            state.stack.append(NavigationEntry(
                rows: state.rows, focus: state.focus, tablesCursor: state.tablesCursor,
                links: state.links, linksCursor: state.linksCursor))
            let view = BrowserView(table: table.name)
            state.rows = RowsState(view: view)
            state.focus = .rows
            state.linksCursor = ListCursor()
            state.sqlScroll = 0
            return [.openView(view, limit: window(state)), .loadLinks(table: table.name)]
        case .links:
            guard state.selectedLink != nil else { return [] }
            state.message = StatusMessage(text: "Following links arrives with the request engine", isError: false)
            return []
        case .rows:
            guard state.rows?.selectedRow != nil else { return [] }
            state.message = StatusMessage(
                text: "Following a foreign key arrives with the request engine; v shows the record", isError: false)
            return []
        case .sql:
            return []
        }
    }

    private static func back(_ state: inout AppState) -> [Effect] {
        guard let entry = state.stack.popLast() else {
            if state.focus != .tables {
                state.focus = .tables
            } else {
                state.message = StatusMessage(text: "Nothing to go back to (q quits)", isError: false)
            }
            return []
        }
        state.rows = entry.rows
        state.focus = entry.focus
        state.tablesCursor = entry.tablesCursor.resized(to: state.tables.count)
        state.links = entry.links
        state.linksCursor = entry.linksCursor.resized(to: entry.links.count)
        state.linksTable = state.contextTable
        state.sqlScroll = 0
        clampScrolls(&state)
        if entry.rows == nil { return linksEffect(state) }
        return ensureRowsLoaded(&state)
    }

    // MARK: - Helpers

    private static func window(_ state: AppState) -> Int {
        max(minimumWindow, state.visibleLines(.rows) * 3)
    }

    private static func linksEffect(_ state: AppState) -> [Effect] {
        guard let table = state.contextTable, table != state.linksTable else { return [] }
        return [.loadLinks(table: table)]
    }

    /// Keeps every scroll offset valid for the current size.
    private static func clampScrolls(_ state: inout AppState) {
        state.tablesCursor = state.tablesCursor.scrolledToShowSelection(visible: state.visibleLines(.tables))
        state.linksCursor = state.linksCursor.scrolledToShowSelection(visible: state.visibleLines(.links))
        if var rows = state.rows {
            rows.cursor = rows.cursor.scrolledToShowSelection(visible: state.visibleLines(.rows))
            state.rows = rows
        }
    }

    /// Asks for the window around the visible rows when they are not all loaded.
    private static func ensureRowsLoaded(_ state: inout AppState) -> [Effect] {
        guard var rows = state.rows, !rows.isLoading else { return [] }
        let visible = rows.cursor.top..<(rows.cursor.top + state.visibleLines(.rows))
        if rows.isLoaded(visible) && rows.isLoaded(rows.cursor.index..<(rows.cursor.index + 1)) { return [] }
        let size = window(state)
        let offset = max(0, min(rows.cursor.top, rows.cursor.index) - size / 4)
        rows.isLoading = true
        state.rows = rows
        return [.loadPage(rows.view, offset: offset, limit: size)]
    }
}
