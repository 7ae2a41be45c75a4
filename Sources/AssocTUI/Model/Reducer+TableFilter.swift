/// `/` with the Tables pane focused: the list narrows as the text is typed (`TableFilter`),
/// ↑ ↓ move among the matches, Enter opens the selected one, Esc clears the filter.
extension Reducer {
    /// Opens the table filter's prompt.
    static func openTableFilter(_ state: inout AppState) -> [Effect] {
        state.prompt = PromptState(kind: .tables)
        return []
    }

    /// The tables the filter's text matches, by index in `state.tablesPane.tables`; nil when it is not open.
    static func tableMatches(_ state: AppState) -> [Int]? {
        guard let prompt = state.prompt, prompt.kind == .tables else { return nil }
        return TableFilter.matches(state.tablesPane.tables, prompt.text)
    }

    /// The tables the open filter lists (indices in `state.tablesPane.tables`) and the cursor over those
    /// lines in a pane showing `visible` of them; nil when the filter is not open.
    static func tableFilterList(_ state: AppState, visible: Int) -> (shown: [Int], cursor: ListCursor)? {
        guard let shown = tableMatches(state) else { return nil }
        let place = shown.firstIndex(of: state.tablesPane.cursor.index) ?? 0
        return (shown, ListCursor(count: shown.count, index: place, top: 0).scrolledToShowSelection(visible: max(1, visible)))
    }

    /// The keys the table filter handles itself: moves among the matches, Enter, Esc; nil for
    /// the keys that edit its text.
    static func tableFilterKey(_ state: inout AppState, _ key: KeyEvent) -> [Effect]? {
        guard let matches = tableMatches(state) else { return nil }
        let place = matches.firstIndex(of: state.tablesPane.cursor.index)
        switch key {
        case .escape, .control("c"), .control("g"):
            state.prompt = nil
            state.message = StatusMessage(text: "Table filter cleared", isError: false)
            return []
        case .enter:
            guard !matches.isEmpty else {
                state.message = StatusMessage(text: "No table matches: Backspace edits, Esc clears", isError: false)
                return []
            }
            state.prompt = nil
            if place == nil { state.tablesPane.cursor = state.tablesPane.cursor.moved(to: matches[0]) }
            state.focus = .tables
            state.tablesPane.cursor = state.tablesPane.cursor.scrolledToShowSelection(visible: state.visibleLines(.tables))
            return open(&state)
        case .up, .down, .pageUp, .pageDown:
            guard !matches.isEmpty else { return [] }
            let step = key == .up || key == .down ? 1 : max(1, state.visibleLines(.tables))
            let current = place ?? 0
            let next = key == .up || key == .pageUp ? max(0, current - step) : min(matches.count - 1, current + step)
            state.tablesPane.cursor = state.tablesPane.cursor.moved(to: matches[next])
            return []
        default:
            return nil
        }
    }

    /// After the text changed: the best match is selected (the first), the cursor stays when
    /// the text is empty.
    static func selectFirstTableMatch(_ state: inout AppState) {
        guard let prompt = state.prompt, prompt.kind == .tables, !prompt.text.isEmpty,
            let first = TableFilter.matches(state.tablesPane.tables, prompt.text).first
        else { return }
        state.tablesPane.cursor = state.tablesPane.cursor.moved(to: first)
    }
}
