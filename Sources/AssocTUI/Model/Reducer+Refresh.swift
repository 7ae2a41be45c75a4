import AssocCore

/// `R` and what another process changed: the table list and the associations read again, the
/// current view kept when its request still resolves, else the whole table or the table list,
/// with the reason on the message line.
extension Reducer {
    /// Another process changed the schema: read it again at once, unless a prompt or an overlay
    /// is open (then the notice says so, and `R` reads it).
    static func schemaChanged(_ state: inout AppState) -> [Effect] {
        let busy =
            state.mode != .grid || state.activity != nil
        if busy {
            state.changeNotice = schemaChangedMessage
            showChangeNotice(&state)
            return []
        }
        state.changeNotice = nil
        return [.refresh(state.rows?.view)]
    }

    static let schemaChangedMessage = StatusMessage(text: "Schema changed by another process — R to read it again", isError: false)

    /// The result of `.refresh`: tables and associations replaced, then the view reopened.
    static func refreshed(_ state: inout AppState, _ result: SourceRefresh, view: RequestView?) -> [Effect] {
        let selected =
            state.tablesPane.tables.indices.contains(state.tablesPane.cursor.index)
            ? state.tablesPane.tables[state.tablesPane.cursor.index].name : nil
        state.tablesPane.tables = result.tables
        state.tablesPane.contentWidth = result.tables.map(LeftColumnWidth.needed(by:)).max() ?? 0
        state.graph = result.graph
        state.tablesPane.cursor = state.tablesPane.cursor.resized(to: result.tables.count)
        if let selected, let index = result.tables.firstIndex(where: { $0.name == selected }) {
            state.tablesPane.cursor = state.tablesPane.cursor.moved(to: index)
        }
        clampScrolls(&state)
        // Keyset anchors read before belong to the old content (the current view reopens afresh).
        for index in state.stack.indices { state.stack[index].rows?.anchors = PageAnchors() }
        var effects: [Effect] = result.tables.filter { $0.rowCount == nil && !$0.countFailed }.map { .countTable($0.name) }
        var notes = result.notes
        var isError = false
        if let view, let rows = state.rows, rows.view == view {
            if let problem = result.viewProblem {
                isError = true
                if result.viewTableExists {
                    notes.append("the view no longer resolves (\(problem)): showing all of \(view.table)")
                    effects += reopen(&state, RequestView(table: view.table))
                } else {
                    notes.append("\(view.table) no longer exists: back to the table list")
                    backToTableList(&state)
                }
            } else {
                effects += reopen(&state, rows.view, recording: false)
            }
        }
        if let first = notes.first {
            let text = ([first.prefix(1).uppercased() + first.dropFirst()] + notes.dropFirst()).joined(separator: "; ")
            state.message = StatusMessage(text: text, isError: isError)
        }
        return effects
    }

    /// Leaves every view: the table list, as at start.
    private static func backToTableList(_ state: inout AppState) {
        state.rows = nil
        state.stack = []
        state.history = ViewHistory()
        state.focus = .tables
        state.child.isFocused = false
        state.restorePoint = nil
        state.side.swiftCode = nil
        state.side.swiftCodeAsked = nil
    }
}
