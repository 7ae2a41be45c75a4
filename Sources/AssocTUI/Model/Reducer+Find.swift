import AssocCore

/// Find (`f`, then `n` / `N`) and jump to a key (`#`): the data source answers a row position by
/// keyset; the cursor moves there and its page loads around it.
extension Reducer {
    /// `f`: the find prompt, holding the last find.
    static func openFindPrompt(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first: find looks through its rows", isError: false)
            return []
        }
        state.prompt = PromptState(kind: .find, text: rows.findText ?? "")
        return []
    }

    /// `#`: the jump prompt.
    static func openJumpPrompt(_ state: inout AppState) -> [Effect] {
        guard state.rows != nil else {
            state.message = StatusMessage(text: "Open a table first: # jumps to one of its keys", isError: false)
            return []
        }
        if case .offset(let reason) = state.rows?.reading?.method {
            // Said before anything is typed: Enter could only refuse it.
            state.message = StatusMessage(
                text: "# jumps to a key, and this view has none to page on (\(reason)): 250G or :250 goes to row 250", isError: true)
            return []
        }
        state.prompt = PromptState(kind: .jump)
        return []
    }

    /// `n` / `N`: the last find again, after (before) the cursor.
    static func findAgain(_ state: inout AppState, backward: Bool) -> [Effect] {
        guard let rows = state.rows, let text = rows.findText else {
            state.message = StatusMessage(text: "Nothing to find again: f finds a row first", isError: false)
            return []
        }
        return [.find(rows.view, text: text, from: rows.cursorPosition, backward: backward, anchor: rows.anchors[rows.cursorPosition])]
    }

    /// Enter in the find prompt: finds from the cursor on.
    static func submitFind(_ state: inout AppState, _ text: String) -> [Effect] {
        guard var rows = state.rows else { return [] }
        guard !text.allSatisfy(\.isWhitespace) else {
            state.message = StatusMessage(text: "Find cancelled", isError: false)
            return []
        }
        rows.findText = text
        state.rows = rows
        return [.find(rows.view, text: text, from: rows.cursorPosition, backward: false, anchor: rows.anchors[rows.cursorPosition])]
    }

    /// Enter in the jump prompt.
    static func submitJump(_ state: inout AppState, _ text: String) -> [Effect] {
        guard let rows = state.rows, !text.allSatisfy(\.isWhitespace) else {
            state.message = StatusMessage(text: "Jump cancelled", isError: false)
            return []
        }
        return [.jumpToKey(rows.view, key: text)]
    }

    /// The answers of find and jump.
    static func reduceFindEvent(_ state: inout AppState, _ event: Event) -> [Effect] {
        switch event {
        case .found(_, let result, let from, let backward):
            if let statement = result.statement { state.rows?.findStatement = statement }
            guard result.position != nil else {
                let side = backward ? "before" : "after"
                let row = from.index.map { "row \($0 + 1)" } ?? "the cursor"
                state.message = StatusMessage(text: "No match \(side) \(row): \(result.description)", isError: false)
                return []
            }
            state.message = StatusMessage(text: "Found: \(result.description)", isError: false)
            return moveCursor(&state, to: result)
        case .jumped(_, let key, let result):
            guard result.position != nil else {
                state.message = StatusMessage(text: "No key at least \(key) in this view", isError: false)
                return []
            }
            state.message = StatusMessage(text: "Jumped to the first key at least \(key)", isError: false)
            return moveCursor(&state, to: result)
        case .rowLocated(let view, let location):
            guard var rows = state.rows, rows.view == view else { return [] }
            guard rows.settleRelativeFrame(location, visible: state.visibleLines(.rows)) else { return [] }
            state.rows = rows
            return ensureRowsLoaded(&state)
        default:
            return []
        }
    }

    /// Puts the cursor on the row `result` reached (beyond the rows seen so far when the view is
    /// not counted yet), and loads the rows around it. A row placed provisionally starts a relative
    /// frame, and a deferred count says where it is.
    static func moveCursor(_ state: inout AppState, to result: FindResult) -> [Effect] {
        guard var rows = state.rows, let position = result.position else { return [] }
        let visible = state.visibleLines(.rows)
        if let values = result.locate {
            rows.enterRelativeFrame(at: values, visible: visible)
            state.rows = rows
            state.focus = .rows
            return ensureRowsLoaded(&state) + [.locateRow(rows.view, values: values)]
        }
        if position.origin == .first {
            // An index (a jump near the start) leaves the positions from an earlier jump's row or
            // from a provisional end.
            rows.leaveRelativeFrame()
            rows.leaveProvisionalEnd()
        }
        guard position.origin == rows.line.origin else {
            // The cursor left the frame the position counts in while the query ran.
            state.message = StatusMessage(text: "The view moved meanwhile: try again", isError: false)
            return []
        }
        if let values = result.values { rows.anchors.record(values, at: position) }
        rows.keepRoomAbove(position)
        guard let index = rows.line.index(of: position), index >= 0 else { return [] }
        if !rows.isCounted && index >= rows.totalCount {
            rows.totalCount = index + 1
            rows.cursor = rows.cursor.resized(to: rows.totalCount)
        }
        rows.cursor = rows.cursor.moved(to: index).scrolledToShowSelection(visible: visible)
        state.rows = rows
        state.focus = .rows
        return ensureRowsLoaded(&state)
    }
}
