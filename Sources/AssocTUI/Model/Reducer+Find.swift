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
        state.prompt = PromptState(kind: .jump)
        return []
    }

    /// `n` / `N`: the last find again, after (before) the cursor.
    static func findAgain(_ state: inout AppState, backward: Bool) -> [Effect] {
        guard let rows = state.rows, let text = rows.findText else {
            state.message = StatusMessage(text: "Nothing to find again: f finds a row first", isError: false)
            return []
        }
        return [.find(rows.view, text: text, from: rows.cursor.index, backward: backward)]
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
        return [.find(rows.view, text: text, from: rows.cursor.index, backward: false)]
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
        case .found(let view, let result, let from, let backward):
            guard state.rows?.view == view else { return [] }
            guard let position = result.position else {
                let side = backward ? "before" : "after"
                state.message = StatusMessage(text: "No match \(side) row \(from + 1): \(result.description)", isError: false)
                return []
            }
            state.message = StatusMessage(text: "Found: \(result.description)", isError: false)
            return moveCursor(&state, to: position)
        case .jumped(let view, let key, let position):
            guard state.rows?.view == view else { return [] }
            guard let position else {
                state.message = StatusMessage(text: "No key at least \(key) in this view", isError: false)
                return []
            }
            state.message = StatusMessage(text: "Jumped to the first key at least \(key)", isError: false)
            return moveCursor(&state, to: position)
        default:
            return []
        }
    }

    /// Puts the cursor on row `position` (beyond the rows seen so far when the view is not counted
    /// yet), and loads the rows around it.
    private static func moveCursor(_ state: inout AppState, to position: Int) -> [Effect] {
        guard var rows = state.rows, position >= 0 else { return [] }
        if !rows.isCounted && position >= rows.totalCount {
            rows.totalCount = position + 1
            rows.cursor = rows.cursor.resized(to: rows.totalCount)
        }
        rows.cursor = rows.cursor.moved(to: position).scrolledToShowSelection(visible: state.visibleLines(.rows))
        state.rows = rows
        state.focus = .rows
        return ensureRowsLoaded(&state)
    }
}
