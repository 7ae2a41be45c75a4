import AssocCore

/// Opening tables, following links, going back, and editing the includes of the current view.
extension Reducer {
    static func open(_ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .tables:
            guard let table = state.selectedTable else { return [] }
            return push(&state, RequestView(table: table.name), newTrail: true)
        case .links:
            guard let entry = state.selectedLink else { return [] }
            return follow(&state, entry)
        case .rows where state.child.isFocused:
            // In the child pane: follow its link from the selected row, as the Links pane would.
            guard let child = RowsPaneSplit.shownChild(state),
                let entry = state.linksPane.links.first(where: { $0.isRootLink && $0.association.name == child.key })
            else {
                state.message = StatusMessage(text: "No prefetched records to open", isError: false)
                return []
            }
            return follow(&state, entry)
        case .rows:
            // On a foreign-key cell: follow its belongsTo link.
            guard let rows = state.rows, rows.selectedRow != nil else { return [] }
            let column = rows.column.index
            if column < rows.rootColumnCount, column < rows.columns.count {
                let name = rows.columns[column].name
                let links = state.graph.associations(from: rows.view.table)
                if let link = links.first(where: { $0.kind == .belongsTo && $0.columns.contains { $0.origin == name } }) {
                    // A NULL key leads nowhere: say so instead of opening an empty view.
                    if let row = rows.selectedRow, column < row.count, row[column].isNull {
                        state.message = StatusMessage(text: "No \(link.name): \(name) is NULL", isError: false)
                        return []
                    }
                    return follow(&state, LinkEntry(association: link))
                }
            }
            state.message = StatusMessage(text: "Not a foreign key: Tab to Links and Enter follows a link; v shows the record", isError: false)
            return []
        case .side:
            state.message = StatusMessage(text: "Nothing to open in the side pane: Tab to Rows or Links", isError: false)
            return []
        }
    }

    /// Follows `entry` from the selected row: the associated records become a new view.
    static func follow(_ state: inout AppState, _ entry: LinkEntry) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open the table first (Enter in Tables), then pick a row", isError: false)
            return []
        }
        guard entry.isRootLink else {
            state.message = StatusMessage(
                text: "\(entry.association.name) starts from the included \(entry.parentNames.joined(separator: ".")): + includes it", isError: false)
            return []
        }
        guard let root = rows.selectedRootRow else {
            state.message = StatusMessage(text: "No row selected", isError: false)
            return []
        }
        let link = entry.association
        let request = FollowRequest.make(
            link: link, table: rows.view.table, keyColumns: rows.keyColumns, columns: root.columns, values: root.values)
        return push(&state, RequestView(request: request, title: link.name, rowLabel: rows.selectedRowLabel))
    }

    /// Saves where the user is and opens `view` in the Rows pane.
    /// A table opened from the Tables pane starts a `newTrail`: the breadcrumb starts again at it,
    /// and Esc still goes back to where the user was.
    static func push(_ state: inout AppState, _ view: RequestView, newTrail: Bool = false) -> [Effect] {
        state.stack.append(currentLevel(state, nextStartsTrail: newTrail))  // a new level replaces the one Back left
        // The new table's Links pane starts on the link of the same name, if it has one.
        state.linksPane.preferredName = state.selectedLink?.association.name
        state.linksPane.cameFrom = state.rows?.view.table
        state.history = ViewHistory()
        state.rows = RowsState(view: view)
        state.focus = .rows
        state.linksPane.cursor = ListCursor()
        state.linksPane.table = nil
        state.side.scroll = 0
        return [.openView(view, limit: window(state))]
    }

    /// Esc in the grid: closes what is open over it (a maximized side pane, the request a typed
    /// request replaced) and nothing more; with nothing open it says so, and which key goes back
    /// (Backspace), rather than leaving the view.
    static func close(_ state: inout AppState) -> [Effect] {
        if state.side.isMaximized || (state.history.lastChangeIsTypedRequest && !state.history.undo.isEmpty) { return back(&state) }
        let parent = state.stack.last?.rows.map { " to " + ViewSummary.text(of: $0.view) } ?? ""
        let back = state.stack.isEmpty ? "" : ": Backspace goes back" + parent
        state.message = StatusMessage(text: "Nothing open to close" + back, isError: false)
        return []
    }

    static func back(_ state: inout AppState) -> [Effect] {
        if state.side.isMaximized { return toggleMaximizedSide(&state) }
        if state.history.lastChangeIsTypedRequest, !state.history.undo.isEmpty {
            // Esc after a typed request: back to the view it replaced (u would do the same).
            state.history.lastChangeIsTypedRequest = false
            return undo(&state)
        }
        guard let entry = state.stack.popLast() else {
            if state.focus != .tables {
                state.focus = .tables
            } else {
                state.message = StatusMessage(text: "Nothing to go back to (q quits)", isError: false)
            }
            return []
        }
        // The level left, for `u` to open again (only it: what it had left is forgotten).
        let left = currentLevel(state)
        restore(&state, entry)
        if left.rows != nil, !left.history.reopenedByUndo {
            state.history.left = [left]
            state.history.leftStartedTrail = entry.nextStartsTrail
            if let rows = left.rows {
                state.message = StatusMessage(text: "Back from \(ViewSummary.text(of: rows.view)) (u opens it again)", isError: false)
            }
        }
        return restoredLevelEffects(&state)
    }

    /// The level on screen as a breadcrumb entry; its history forgets any level Back had left.
    static func currentLevel(_ state: AppState, nextStartsTrail: Bool = false) -> NavigationEntry {
        var history = state.history
        history.left = []
        return NavigationEntry(
            rows: state.rows, focus: state.focus, tablesCursor: state.tablesPane.cursor, linksCursor: state.linksPane.cursor,
            sideScroll: state.side.scroll, history: history, nextStartsTrail: nextStartsTrail)
    }

    /// Puts `entry`'s level on screen as it was: rows, history, focus, cursors, side scroll.
    static func restore(_ state: inout AppState, _ entry: NavigationEntry) {
        state.rows = entry.rows
        state.history = entry.history
        state.focus = entry.focus
        state.tablesPane.cursor = entry.tablesCursor.resized(to: state.tablesPane.tables.count)
        refreshLinks(&state)
        state.linksPane.cursor = entry.linksCursor.resized(to: state.linksPane.links.count)
        state.side.scroll = entry.sideScroll
    }

    /// What a level brought back (by Back, or by `u` after it) needs: its rows loaded, counted,
    /// and a jump's row located again.
    static func restoredLevelEffects(_ state: inout AppState) -> [Effect] {
        clampScrolls(&state)
        var effects = ensureRowsLoaded(&state)
        if let rows = state.rows, !rows.isCounted, rows.relative?.count == nil, !rows.isLoading {
            effects.append(.countView(rows.view))
        }
        if let rows = state.rows, let frame = rows.relative { effects.append(.locateRow(rows.view, values: frame.values)) }
        return effects
    }

    // MARK: Includes

    /// `+`: includes the selected to-one link as columns, `including(optional:)`.
    static func include(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let entry = includeTarget(&state) else { return [] }
        let link = entry.association
        let name = entry.namePath.joined(separator: ".")
        guard !link.isToMany else {
            state.message = StatusMessage(
                text: "\(link.name) is to-many: Enter follows it, p prefetches it, a aggregates it (only to-one links join as columns)",
                isError: false)
            return []
        }
        if let path = entry.joinPath, entry.inclusion == .joinedOptional || entry.inclusion == .joinedRequired {
            // Joined without its columns (`joining`): `+` selects them (`including`).
            var view = rows.view
            view.request = view.request.includingColumns(ofJoinAt: path)
            state.message = StatusMessage(text: "Included the columns of \(name) (joining became including)", isError: false)
            let effects = reopen(&state, view)
            state.rows?.revealJoinPath = path
            return effects
        }
        guard !entry.isIncluded else {
            state.message = StatusMessage(text: "\(name) is included: t toggles, - removes", isError: false)
            return []
        }
        let request = rows.view.request.including(
            optional: Table(link.origin).association(link.name), under: entry.parentJoinPath)
        let path = entry.parentJoinPath + [request.joins(under: entry.parentJoinPath).count - 1]
        state.message = StatusMessage(text: "Included \(name) (optional: LEFT JOIN)", isError: false)
        var view = rows.view
        view.request = request
        let effects = reopen(&state, view)
        state.rows?.revealJoinPath = path
        return effects
    }

    /// `-`: removes the selected include (and the includes chained from it).
    static func removeInclude(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let entry = includeTarget(&state) else { return [] }
        guard let path = entry.joinPath else {
            state.message = StatusMessage(text: "\(entry.association.name) is not included (+ includes it)", isError: false)
            return []
        }
        let used = rows.view.request.referencedAliases
        if let alias = rows.view.request.aliases(underJoinAt: path).first(where: { used.contains($0.lowercased()) }) {
            // Removing the join would leave a filter or an order naming a table no longer there.
            state.message = StatusMessage(
                text:
                    "\(entry.namePath.joined(separator: ".")) is named \(alias) in a filter or an order: remove that first (: edits the request, u undoes)",
                isError: false)
            return []
        }
        state.message = StatusMessage(text: "Removed \(entry.namePath.joined(separator: ".")) (u undoes)", isError: false)
        var view = rows.view
        view.request = view.request.removingJoin(at: path)
        return reopen(&state, view)
    }

    /// `t`: switches the selected include between optional (LEFT JOIN) and required (JOIN).
    static func toggleInclude(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let entry = includeTarget(&state) else { return [] }
        guard let path = entry.joinPath else {
            state.message = StatusMessage(text: "\(entry.association.name) is not included (+ includes it)", isError: false)
            return []
        }
        let name = entry.namePath.joined(separator: ".")
        let required = entry.inclusion == .optional || entry.inclusion == .joinedOptional
        state.message = StatusMessage(
            text: required ? "\(name) required: JOIN, rows without one disappear" : "\(name) optional: LEFT JOIN", isError: false)
        var view = rows.view
        view.request = view.request.togglingRequired(joinAt: path)
        return reopen(&state, view)
    }

    /// The Links pane entry an include key acts on, with a message when there is none.
    private static func includeTarget(_ state: inout AppState) -> LinkEntry? {
        guard state.rows != nil else {
            state.message = StatusMessage(text: "Open a table first: includes join columns to its rows", isError: false)
            return nil
        }
        guard state.focus == .links || state.focus == .rows, let entry = state.selectedLink else {
            state.message = StatusMessage(text: "Select a link in the Links pane (Tab)", isError: false)
            return nil
        }
        return entry
    }

    /// Replaces the current view by `view` (same place in the breadcrumb), keeping the cursor.
    static func reopen(_ state: inout AppState, _ view: RequestView, recording: Bool = true) -> [Effect] {
        guard let old = state.rows else { return [] }
        if recording && old.view != view {
            // The change's own message (set before it reopens the view) says what `u` undoes.
            state.history.record(old, change: state.message.flatMap { $0.isError ? nil : $0.text })
        }
        var rows = RowsState(view: view)
        rows.cursor = ListCursor(count: old.cursor.count, index: old.cursor.index, top: old.cursor.top)
        rows.column = old.column
        state.rows = rows
        state.side.scroll = 0
        return [.openView(view, limit: window(state))]
    }

    /// `u` right after Back: the level Back left, pushed again as it was (its view, cursor,
    /// columns and history), the current level under it in the breadcrumb.
    static func reopenLeftLevel(_ state: inout AppState, _ left: NavigationEntry) -> [Effect] {
        state.stack.append(currentLevel(state, nextStartsTrail: state.history.leftStartedTrail))
        restore(&state, left)
        state.history.reopenedByUndo = true
        if let rows = state.rows { state.message = StatusMessage(text: "Undone: back to \(ViewSummary.text(of: rows.view))", isError: false) }
        return restoredLevelEffects(&state)
    }

    /// `u` (`undo`) and Ctrl-R (`!undo`): the view before (after) the last change of this level.
    static func undo(_ state: inout AppState, redo: Bool = false) -> [Effect] {
        guard state.rows != nil else {
            state.message = StatusMessage(text: "Nothing to undo: open a table first", isError: false)
            return []
        }
        guard let current = state.rows else { return [] }
        if !redo, let left = state.history.left.first { return reopenLeftLevel(&state, left) }
        let step = redo ? state.history.redo.popLast() : state.history.undo.popLast()
        guard let step else {
            state.message = StatusMessage(
                text: redo ? "Nothing to redo" : "Nothing to undo in this view (Backspace goes back a level)", isError: false)
            return []
        }
        let target = step.view
        if redo {
            state.history.undo.append(.init(current, change: step.change))
        } else {
            state.history.redo.append(.init(current, change: step.change))
        }
        state.history.lastChangeIsTypedRequest = false
        // What was undone ("Undone: Included artist"), else the view it leads back to.
        state.message = StatusMessage(
            text: (redo ? "Redone: " : "Undone: ") + (step.change ?? ViewSummary.text(of: target)), isError: false)
        if var rows = state.rows, rows.view.request == target.request, rows.page != nil {
            // The same request: only the columns' presentation changes, no query.
            rows.view = target
            present(&rows)
            if let column = step.column { rows.column = column.resized(to: rows.columns.count) }
            state.rows = rows
            return []
        }
        let effects = reopen(&state, target, recording: false)
        // Back where the cursor was in that view (a filter or a sort had put it on the first row).
        if var rows = state.rows, let cursor = step.cursor {
            rows.cursor = cursor
            rows.totalCount = cursor.count
            rows.anchors = step.anchors
            if let column = step.column { rows.column = column }
            state.rows = rows
        }
        return effects
    }

    // MARK: Links pane

    /// Recomputes the Links pane from the current view (or the selected table) and its includes.
    static func refreshLinks(_ state: inout AppState) {
        guard let table = state.contextTable else {
            state.linksPane.links = []
            state.linksPane.contentWidth = 0
            state.linksPane.table = nil
            state.linksPane.cursor = ListCursor()
            return
        }
        let links = LinkEntry.entries(table: table, request: state.rows?.view.request, graph: state.graph)
        if table != state.linksPane.table {
            // On the link of the name the user was on, else on the first to-one link (the kind `+`
            // includes): a direct one that does not lead back to the table the user came from (its
            // columns, or a through link's over it, would be the same on every row) if there is one.
            let preferred = state.linksPane.preferredName
            let start =
                links.firstIndex { $0.isRootLink && $0.association.name == preferred }
                ?? links.firstIndex {
                    $0.isRootLink && ($0.association.kind == .belongsTo || $0.association.kind == .hasOne)
                        && $0.association.destination != state.linksPane.cameFrom
                }
                ?? links.firstIndex { $0.isRootLink && !$0.association.isToMany } ?? 0
            state.linksPane.cursor = ListCursor(count: links.count).moved(to: start)
                .scrolledToShowSelection(visible: state.visibleLines(.links))
            state.linksPane.preferredName = nil
            state.linksPane.cameFrom = nil
        } else {
            state.linksPane.cursor = state.linksPane.cursor.resized(to: links.count)
                .scrolledToShowSelection(visible: state.visibleLines(.links))
        }
        if links != state.linksPane.links {
            state.linksPane.links = links
            state.linksPane.contentWidth = links.map(LeftColumnWidth.needed(by:)).max() ?? 0
        }
        state.linksPane.table = table
    }

    /// Asks for the record counts of the selected row's to-many links, once per row.
    static func linkCountsEffect(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let root = rows.selectedRootRow else { return [] }
        let names = state.linksPane.links.filter { $0.isRootLink && $0.association.isToMany }.map(\.association.name)
        guard !names.isEmpty else { return [] }
        let asked = LinkCounts(view: rows.view, rowIndex: rows.cursor.index, counts: [:])
        if let previous = state.linksPane.countsAsked, previous.view == asked.view, previous.rowIndex == asked.rowIndex {
            return []
        }
        state.linksPane.countsAsked = asked
        return [.countLinks(asked, links: names, columns: root.columns, values: root.values)]
    }
}
