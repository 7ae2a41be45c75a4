import AssocCore

/// The browser's logic as a pure function: the new state is written in place, and what must
/// happen outside (queries, quitting) is returned as effects. No I/O here.
enum Reducer {
    /// Rows loaded per window, at least: enough for a few pages of scrolling without a query.
    static let minimumWindow = 200

    static func reduce(_ state: inout AppState, _ event: Event) -> [Effect] {
        if case .key(let key, let size) = event { return reduce(&state, route(key, terminalSize: size, in: state)) }
        if isStale(event, in: state) { return [] }
        let cardinalityBefore = state.cardinality
        if let effects = reduceQueryEvent(&state, event) { return effects + stopCardinalityIfClosed(state, before: cardinalityBefore) }
        let before = RestorePoint(state)
        let messageBefore = state.message
        var effects = reduceEvent(&state, event)
        logMessage(&state, before: messageBefore)
        rememberRestorePoint(&state, before: before, event: event, effects: effects)
        refreshLinks(&state)
        keepChildFocusValid(&state)
        effects += linkCountsEffect(&state)
        effects += orphanCountsEffect(&state)
        effects += swiftCodeEffect(&state)
        effects += stopCardinalityIfClosed(state, before: cardinalityBefore)
        return effects
    }

    private static func reduceEvent(_ state: inout AppState, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            state.message = nil
            if let effects = reducePendingCount(&state, action) { return effects }
            let unchanged = state
            let effects = reduce(&state, action: action)
            // A key that changed nothing says why, never silence.
            if effects.isEmpty, state.message == nil, state == unchanged {
                state.message = StatusMessage(text: silentKeyMessage(action, state), isError: false)
            }
            return effects
        case .resized(let size):
            state.size = size
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        case .tablesLoaded(let tables, let graph):
            state.tablesPane.tables = tables
            state.tablesPane.contentWidth = tables.map(LeftColumnWidth.needed(by:)).max() ?? 0
            state.graph = graph
            state.tablesPane.cursor = state.tablesPane.cursor.resized(to: tables.count)
            return tables.filter { $0.rowCount == nil && !$0.countFailed }.map { .countTable($0.name) }
        case .schemaRead(let tables, let graph):
            // Counts already made stay; kinds and names are the schema's.
            let counted = Dictionary(state.tablesPane.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            state.tablesPane.tables = tables.map { table in
                guard let known = counted[table.name] else { return table }
                var merged = table
                merged.rowCount = known.rowCount
                merged.countFailed = known.countFailed
                return merged
            }
            state.graph = graph
            refreshLinks(&state)
            return []
        case .tableCounted(let name, let count):
            for index in state.tablesPane.tables.indices where state.tablesPane.tables[index].name == name {
                state.tablesPane.tables[index].rowCount = count
                state.tablesPane.tables[index].countFailed = count == nil
            }
            return []
        case .viewOpened(let view, let page, let limit):
            guard var rows = state.rows, rows.view == view, let first = rows.index(of: page.first) else { return [] }
            apply(page, at: first, to: &rows)
            // A first window shorter than asked is the whole view: counted for free.
            let complete = page.rows.count < limit
            if complete {
                rows.count = .counted
                rows.totalCount = page.rows.count
            } else {
                rows.totalCount = max(rows.totalCount, first + page.rows.count)
            }
            rows.cursor = rows.cursor.resized(to: rows.totalCount)
            state.rows = rows
            // In place (`rows` released): the view's anchors are not copied for each page.
            state.rows?.anchors.merge(page.anchors, near: page.first)
            clampScrolls(&state)
            revealColumns(&state)
            return (complete ? [] : [.countView(view)]) + ensureRowsLoaded(&state)
        case .pageLoaded(let view, let page):
            guard var rows = state.rows, rows.view == view else { return [] }
            // Reading it reached the first row: the relative frame's real positions are known.
            if let located = page.located { rows.settleRelativeFrame(located, visible: state.visibleLines(.rows)) }
            guard let first = rows.index(of: page.first) else {
                // A page of the frame the cursor left while it was read: read the window again.
                rows.isLoading = false
                state.rows = rows
                return ensureRowsLoaded(&state)
            }
            apply(page, at: first, to: &rows)
            if !rows.isCounted {
                rows.totalCount = max(rows.totalCount, first + page.rows.count)
                rows.cursor = rows.cursor.resized(to: rows.totalCount)
            }
            state.rows = rows
            // In place (`rows` released): the view's anchors are not copied for each page.
            state.rows?.anchors.merge(page.anchors, near: page.first)
            return []
        case .viewCounted(let view, let count):
            guard var rows = state.rows, rows.view == view else { return [] }
            // Anchors seen while the end was provisional (`G` before the count) become real.
            rows.anchors.settleEnd(count: count.count)
            rows.countStatement = count.statement
            let wentLast = rows.pendingLast
            // Positions from a jump's row: the count waits for its position.
            guard rows.settleCount(count.count, visible: state.visibleLines(.rows)) else {
                state.rows = rows
                return []
            }
            if wentLast && state.message?.isError == false { state.message = nil }
            state.rows = rows
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        case .linksCounted(let counts):
            state.linksPane.counts = counts
            return []
        case .found, .jumped, .rowLocated:
            return reduceFindEvent(&state, event)
        case .wentToRow(_, let row, let result):
            return wentToRow(&state, number: row, result)
        case .countDigit(let digit):
            return appendCountDigit(&state, digit)
        case .requestTextLoaded, .viewChecked, .promptFailed:
            return reducePromptEvent(&state, event)
        case .failed(let message):
            state.rows?.isLoading = false
            state.rows?.stopGoingLast()
            state.message = StatusMessage(text: message, isError: true)
            return []
        case .swiftGenerated(let code):
            state.side.swiftCode = code
            return []
        case .unboundKey(let label):
            state.message = StatusMessage(text: "\(label): no action (? shows the keys)", isError: false)
            return []
        case .openTable(let name):
            return openTable(&state, named: name)
        case .copied(let message):
            state.message = message
            return []
        case .frequenciesLoaded(let query, let page, let labels):
            return frequenciesLoaded(&state, query, page, labels: labels)
        case .summarySourceLoaded(let view, let source):
            return summarySourceLoaded(&state, view, source)
        case .columnSummarized(let view, let column):
            return columnSummarized(&state, view, column)
        case .orphansCounted(let result):
            return orphansCounted(&state, result)
        case .queryPastBudget(let effect):
            if case .loadCardinality(let association) = effect { cardinalityPastBudget(&state, association) }
            return []
        case .cardinalityLoaded(let profile):
            return cardinalityLoaded(&state, profile)
        case .schemaMapLoaded(let table, let lines):
            schemaMapLoaded(&state, table: table, lines: lines)
            return []
        case .linksSuggested(let found):
            linksSuggested(&state, found)
            return []
        case .export(let event):
            return reduceExport(&state, event)
        case .mouse(let x, let y, let kind):
            state.message = nil
            return reduceMouse(&state, x: x, y: y, kind: kind)
        case .promptKey(let key):
            switch state.mode {
            case .export(let prompt) where prompt.takesKeys: return reducePromptKey(&state, key)
            case .jumpList: return reduceJumpListKey(&state, key)
            default: return reducePromptEvent(&state, event)
            }
        case .key:
            return []
        case .refreshed(let result, let view):
            return refreshed(&state, result, view: view)
        case .queryStarted, .queryTick, .queryWaitingForLock, .queryFinished, .queryFailed, .queryCancelled, .dataChanged,
            .schemaChanged, .fileChanged:
            return reduceQueryEvent(&state, event) ?? []
        }
    }

    /// Keeps a message that just appeared in the log (Ctrl-P), once.
    private static func logMessage(_ state: inout AppState, before: StatusMessage?) {
        guard let message = state.message, message != before, state.messageLog.last != message else { return }
        state.messageLog.append(message)
        if state.messageLog.count > AppState.messageLogLimit {
            state.messageLog.removeFirst(state.messageLog.count - AppState.messageLogLimit)
        }
    }

    /// Selects the first column of a new include and scrolls so its last column shows.
    private static func revealColumns(_ state: inout AppState) {
        guard var rows = state.rows, let path = rows.revealJoinPath else { return }
        rows.revealJoinPath = nil
        let matches = rows.columns.indices.filter { rows.columns[$0].joinPath?.starts(with: path) == true && !rows.columns[$0].isRoot }
        guard let first = matches.first, let last = matches.last else { return }
        let width = state.layout.panes[.rows]?.width ?? 0
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows), labels: state.showsLabels)
        let top = GridGeometry.firstColumn(showing: last, from: 0, widths: widths, paneWidth: width, pinned: rows.pinnedCount)
        rows.column = rows.column.moved(to: first).scrolled(top: max(rows.pinnedCount, min(top, first)))
        state.rows = rows
    }

    /// Shows `page`, its first row at index `first` of the cursor's line.
    private static func apply(_ page: RowsPage, at first: Int, to rows: inout RowsState) {
        rows.page = page
        rows.rootColumnCount = page.rootColumnCount
        rows.pageOffset = first
        rows.isLoading = false
        rows.prefetched = page.prefetched
        present(&rows)
    }

    /// Makes the grid's columns and rows from the last page under the view's presentation.
    static func present(_ rows: inout RowsState) {
        guard let page = rows.page else { return }
        let presented = ColumnPresenter.present(page, rows.view.presentation)
        rows.columns = presented.columns
        rows.rows = presented.rows
        rows.cutLengths = presented.cutLengths
        rows.pinnedCount = presented.pinnedCount
        rows.column = rows.column.resized(to: presented.columns.count)
    }

    // MARK: - Actions

    static func reduce(_ state: inout AppState, action: Action) -> [Effect] {
        switch state.mode {
        case .frequency:
            if let effects = reduceFrequency(&state, action: action) { return effects }
        case .summary:
            if let effects = reduceSummary(&state, action: action) { return effects }
        case .schemaMap: return reduceSchemaMap(&state, action: action)
        case .help(let scroll, let frequency): return reduceHelp(&state, action: action, scroll: scroll, over: frequency)
        case .record(let scroll): return reduceRecord(&state, action: action, scroll: scroll)
        case .messages(let scroll): return reduceMessages(&state, action: action, scroll: scroll)
        case .cardinality: return reduceCardinality(&state, action: action)
        case .grid, .prompt, .jumpList, .export: break
        }
        switch action {
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .help:
            state.mode = .help(scroll: 0, over: state.frequency)
            return []
        case .messages:
            state.mode = .messages(scroll: 0)
            return []
        case .nextPane, .previousPane:
            state.side.isMaximized = false
            cyclePanes(&state, forward: action == .nextPane)
            return []
        case .sideAlternate:
            if state.side.isShown && state.focus == .side && state.side.tab == .sql { return toggleSQLAsRan(&state) }
            return toggleSwiftRequestOnly(&state)
        case .maximizeSidePane:
            return toggleMaximizedSide(&state)
        case .copyCell:
            return copy(&state)
        case .copyRow:
            return copyRow(&state)
        case .toggleLabels:
            return toggleLabels(&state)
        case .toggleSidePane:
            state.side.isMaximized = false
            state.side.isShown.toggle()
            if !state.side.isShown && state.focus == .side { state.focus = .rows }
            return []
        case .moveUp: return move(&state) { $0.moved(by: -1) }
        case .moveDown: return move(&state) { $0.moved(by: 1) }
        case .firstRow:
            if state.focus == .rows, !state.child.isFocused {
                state.rows?.leaveRelativeFrame()
                state.rows?.leaveProvisionalEnd()
            }
            return move(&state) { $0.moved(to: 0) }
        case .lastRow:
            if state.focus == .rows, !state.child.isFocused { state.rows?.leaveRelativeFrame() }
            if state.focus == .rows, !state.child.isFocused, var rows = state.rows, !rows.isCounted, rows.reading?.readsEndByKey == true {
                // The last rows at once, read backwards on the key; the count goes on meanwhile.
                rows.enterProvisionalEnd()
                rows.cursor = rows.cursor.moved(to: rows.line.zero).scrolledToShowSelection(visible: state.visibleLines(.rows))
                state.rows = rows
                return ensureRowsLoaded(&state)
            }
            if state.focus == .rows, !state.child.isFocused, var rows = state.rows, !rows.isCounted {
                rows.count = .counting(goesLast: true)
                state.rows = rows
                state.message = StatusMessage(text: "Counting rows…", isError: false)
                return []
            }
            return move(&state) { $0.moved(to: $0.lastIndex) }
        case .pageUp, .pageDown, .halfPageUp, .halfPageDown:
            let lines = state.visibleLines(state.focus)
            let half = action == .halfPageUp || action == .halfPageDown
            let step = half ? max(1, lines / 2) : lines
            let delta = (action == .pageUp || action == .halfPageUp) ? -step : step
            return move(&state) { $0.moved(by: delta) }
        case .moveLeft, .moveRight, .firstColumn, .lastColumn:
            moveColumn(&state, action)
            return []
        case .hideColumn:
            return hideColumn(&state)
        case .showColumns:
            return showColumns(&state)
        case .pinColumn:
            return pinColumn(&state)
        case .narrowColumn, .widenColumn:
            if state.focus == .tables || state.focus == .links {
                return resizeLeftColumn(&state, widen: action == .widenColumn)
            }
            return resizeColumn(&state, by: action == .widenColumn ? GridGeometry.widthStep : -GridGeometry.widthStep)
        case .open:
            return open(&state)
        case .back:
            return back(&state)
        case .close:
            return close(&state)
        case .recordView:
            guard let rows = state.rows, rows.selectedRow != nil else {
                state.message = StatusMessage(text: "No row selected: open a table first", isError: false)
                return []
            }
            state.mode = .record(scroll: 0)
            return []
        case .rerun:
            state.changeNotice = nil
            return [.refresh(state.rows?.view)]
        case .include:
            return include(&state)
        case .removeInclude:
            return removeInclude(&state)
        case .toggleRequired:
            return toggleInclude(&state)
        case .previousTab, .nextTab:
            return switchTab(&state, step: action == .nextTab ? 1 : -1)
        case .schemaMap:
            return openSchemaMap(&state)
        case .jumpList:
            return openJumpList(&state)
        case .frequency:
            return openFrequencies(&state)
        case .summary:
            return openSummary(&state)
        case .orphans:
            return openOrphans(&state)
        case .cardinality:
            return openCardinality(&state)
        case .export:
            return startExport(&state)
        case .exportAll:
            return startExport(&state, allColumns: true)
        case .prefetch:
            return prefetch(&state)
        case .aggregate:
            return aggregate(&state)
        case .filter:
            if state.focus == .tables { return openTableFilter(&state) }
            return openFilterPrompt(&state)
        case .find:
            return openFindPrompt(&state)
        case .nextMatch, .previousMatch:
            return findAgain(&state, backward: action == .previousMatch)
        case .jumpToKey:
            return openJumpPrompt(&state)
        case .undo, .redo:
            return undo(&state, redo: action == .redo)
        case .filterOnValue:
            return filterOnValue(&state)
        case .sort, .addSortKey:
            return sort(&state, addingKey: action == .addSortKey)
        case .requestLine:
            return openRequestLine(&state)
        }
    }

    private static func reduceHelp(_ state: inout AppState, action: Action, scroll: Int, over frequency: FrequencyState?) -> [Effect] {
        // The screen stays full: the last scroll shows the last lines at the bottom.
        let visible = max(1, ScreenLayout.bodyRect(state.layout, size: state.size).height - 1)
        let maxScroll = max(0, HelpContent.lines.count - visible)
        let page = max(1, visible - 1)
        switch action {
        case .back, .close, .help, .open: state.mode = state.mode.underneath
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: state.mode = .help(scroll: min(maxScroll, scroll + 1), over: frequency)
        case .moveUp: state.mode = .help(scroll: max(0, scroll - 1), over: frequency)
        case .pageDown: state.mode = .help(scroll: min(maxScroll, scroll + page), over: frequency)
        case .pageUp: state.mode = .help(scroll: max(0, min(maxScroll, scroll) - page), over: frequency)
        case .halfPageDown: state.mode = .help(scroll: min(maxScroll, scroll + max(1, visible / 2)), over: frequency)
        case .halfPageUp: state.mode = .help(scroll: max(0, min(maxScroll, scroll) - max(1, visible / 2)), over: frequency)
        case .firstRow: state.mode = .help(scroll: 0, over: frequency)
        case .lastRow: state.mode = .help(scroll: maxScroll, over: frequency)
        default: break
        }
        return []
    }

    private static func reduceMessages(_ state: inout AppState, action: Action, scroll: Int) -> [Effect] {
        let width = state.size.width - 1
        let maxScroll = max(0, ChromeRenderer.messageLogLines(state, width: width).count - 1)
        switch action {
        case .back, .close, .messages, .open: state.mode = .grid
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: state.mode = .messages(scroll: min(maxScroll, scroll + 1))
        case .moveUp: state.mode = .messages(scroll: max(0, scroll - 1))
        case .pageDown, .halfPageDown: state.mode = .messages(scroll: min(maxScroll, scroll + 10))
        case .pageUp, .halfPageUp: state.mode = .messages(scroll: max(0, scroll - 10))
        case .firstRow: state.mode = .messages(scroll: 0)
        case .lastRow: state.mode = .messages(scroll: maxScroll)
        default: break
        }
        return []
    }

    private static func reduceRecord(_ state: inout AppState, action: Action, scroll: Int) -> [Effect] {
        switch action {
        case .back, .close, .recordView: state.mode = .grid
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: state.mode = .record(scroll: scroll + 1)
        case .moveUp: state.mode = .record(scroll: max(0, scroll - 1))
        case .pageDown, .halfPageDown: state.mode = .record(scroll: scroll + 10)
        case .pageUp, .halfPageUp: state.mode = .record(scroll: max(0, scroll - 10))
        case .firstRow: state.mode = .record(scroll: 0)
        case .toggleLabels: return toggleLabels(&state)
        case .moveRight, .moveLeft:
            // Next / previous record.
            guard var rows = state.rows else { return [] }
            rows.cursor = rows.cursor.moved(by: action == .moveRight ? 1 : -1)
            state.rows = rows
            state.mode = .record(scroll: 0)
            clampScrolls(&state)
            return ensureRowsLoaded(&state)
        default: break
        }
        return []
    }

    /// Moves the cursor of the focused pane.
    static func move(_ state: inout AppState, _ change: (ListCursor) -> ListCursor) -> [Effect] {
        switch state.focus {
        case .tables:
            state.tablesPane.cursor = change(state.tablesPane.cursor)
                .scrolledToShowSelection(visible: state.visibleLines(.tables))
            return []
        case .links:
            state.linksPane.cursor = change(state.linksPane.cursor).scrolledToShowSelection(visible: state.visibleLines(.links))
            return []
        case .side:
            let width = state.layout.panes[.side]?.width ?? 0
            let lines = sideLines(state, width: width)
            let scroll = ListCursor(count: max(1, lines - state.visibleLines(.side) + 1), index: state.side.scroll)
            state.side.scroll = change(scroll).index
            return []
        case .rows where state.child.isFocused:
            state.child.cursor = change(state.child.cursor).scrolledToShowSelection(visible: RowsPaneSplit.childVisibleLines(state))
            return []
        case .rows:
            guard var rows = state.rows else { return [] }
            rows.cursor = change(rows.cursor).scrolledToShowSelection(visible: state.visibleLines(.rows))
            state.rows = rows
            return ensureRowsLoaded(&state)
        }
    }

    static func moveColumn(_ state: inout AppState, _ action: Action) {
        if state.focus == .side { return scrollSideways(&state, action) }
        guard state.focus == .rows, !state.child.isFocused, var rows = state.rows else { return }
        switch action {
        case .moveLeft: rows.column = rows.column.moved(by: -1)
        case .moveRight: rows.column = rows.column.moved(by: 1)
        case .firstColumn: rows.column = rows.column.moved(to: 0)
        default: rows.column = rows.column.moved(to: rows.column.lastIndex)
        }
        state.rows = rows
        scrollToCurrentColumn(&state)
        // `0` shows the first columns too when it lands on a pinned one (which never scrolls).
        if action == .firstColumn, var scrolled = state.rows {
            scrolled.column = scrolled.column.scrolled(top: scrolled.pinnedCount)
            state.rows = scrolled
        }
    }

    /// Scrolls the grid horizontally as little as possible to show the current column.
    static func scrollToCurrentColumn(_ state: inout AppState) {
        guard var rows = state.rows else { return }
        let width = state.layout.panes[.rows]?.width ?? 0
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows), labels: state.showsLabels)
        let first = GridGeometry.firstColumn(
            showing: rows.column.index, from: rows.column.top, widths: widths, paneWidth: width, pinned: rows.pinnedCount)
        rows.column = rows.column.scrolled(top: first)
        state.rows = rows
    }

    // MARK: - Helpers

    static func window(_ state: AppState) -> Int {
        max(minimumWindow, state.visibleLines(.rows) * 3)
    }

    /// Keeps every scroll offset valid for the current size.
    static func clampScrolls(_ state: inout AppState) {
        state.tablesPane.cursor = state.tablesPane.cursor.scrolledToShowSelection(visible: state.visibleLines(.tables))
        state.linksPane.cursor = state.linksPane.cursor.scrolledToShowSelection(visible: state.visibleLines(.links))
        if var rows = state.rows {
            rows.cursor = rows.cursor.scrolledToShowSelection(visible: state.visibleLines(.rows))
            state.rows = rows
        }
    }

    /// Asks for the window around the visible rows when they are not all loaded.
    static func ensureRowsLoaded(_ state: inout AppState) -> [Effect] {
        state.rows?.keepRoomAbove()
        guard var rows = state.rows, !rows.isLoading else { return [] }
        let visible = rows.cursor.top..<(rows.cursor.top + state.visibleLines(.rows))
        if rows.isLoaded(visible) && rows.isLoaded(rows.cursor.index..<(rows.cursor.index + 1)) { return [] }
        let size = window(state)
        let offset = max(0, min(rows.cursor.top, rows.cursor.index) - size / 4)
        rows.isLoading = true
        state.rows = rows
        return [.loadPage(rows.view, at: rows.line.position(at: offset), limit: size, totalCount: rows.countIfKnown, anchors: rows.anchors)]
    }
}
