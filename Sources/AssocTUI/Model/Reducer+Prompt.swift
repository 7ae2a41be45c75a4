import AssocCore

/// The prompt's keys (text editing, Enter, Esc) and the data source's answers about its text.
extension Reducer {
    static func reducePromptEvent(_ state: inout AppState, _ event: Event) -> [Effect] {
        switch event {
        case .promptKey(let key):
            return promptKey(&state, key)
        case .requestTextLoaded(_, let text):
            state.prompt = PromptState(kind: .request, text: text)
            state.prompt?.isUntouched = true
            return []
        case .viewChecked(let view):
            guard let prompt = state.prompt, prompt.isChecking else { return [] }
            state.prompt = nil
            if state.rows == nil { return push(&state, view) }
            if prompt.kind == .filter {
                // Every active filter, not only the one just added.
                let active = ViewSummary.filters(of: view.request)
                state.message = StatusMessage(
                    text: (active.count > 1 ? "Filters: " : "Filter: ") + active.joined(separator: " AND "), isError: false)
            } else {
                // The paging itself is told by the SQL pane's note, the one source of truth.
                state.message = StatusMessage(text: "Request applied", isError: false)
            }
            let oldJoins = state.rows?.view.request.joins(under: []) ?? []
            let effects = reopen(&state, view)
            if prompt.kind == .request { state.history.lastChangeIsTypedRequest = true }
            state.rows?.cursor = ListCursor()
            // A typed include added after the view's joins is brought into view as `+` does.
            let joins = view.request.joins(under: [])
            if joins.count > oldJoins.count, joins.starts(with: oldJoins) { state.rows?.revealJoinPath = [oldJoins.count] }
            return effects
        case .promptFailed(let message, let column):
            guard var prompt = state.prompt else {
                state.message = StatusMessage(text: message, isError: true)
                return []
            }
            prompt.isChecking = false
            prompt.error = PromptState.Failure(
                message: message + textQuoteHint(message, text: prompt.text), column: column ?? namedColumn(in: message, text: prompt.text))
            state.prompt = prompt
            return []
        default:
            return []
        }
    }

    /// Keeps a submitted text in the prompt's history (once: a repeat of the last one is not
    /// added); the effect that keeps it for the next runs too, for the prompts whose texts are
    /// kept (`HistoryFile.kinds`).
    private static func remember(_ state: inout AppState, _ prompt: PromptState) -> [Effect] {
        let text = prompt.text
        guard !text.allSatisfy(\.isWhitespace), state.promptHistory[prompt.kind]?.last != text else { return [] }
        state.promptHistory[prompt.kind, default: []].append(text)
        if let count = state.promptHistory[prompt.kind]?.count, count > HistoryFile.limit {
            state.promptHistory[prompt.kind]?.removeFirst(count - HistoryFile.limit)
        }
        return HistoryFile.kinds.contains { $0.kind == prompt.kind } ? [.saveHistory(prompt.kind, text)] : []
    }

    /// Ctrl-R: the newest entry of the prompt's history older than the one shown that holds the
    /// text typed before the first Ctrl-R (any case); again: the next older one.
    private static func searchHistory(_ state: inout AppState, _ prompt: inout PromptState) {
        let history = state.promptHistory[prompt.kind] ?? []
        // A new search starts from the newest entry; Ctrl-R again goes on from the one shown.
        let before = prompt.historyNeedle == nil ? history.count : min(prompt.historyIndex ?? history.count, history.count)
        let needle = prompt.historyNeedle ?? prompt.text
        prompt.historyNeedle = needle
        let shown = needle.isEmpty ? "" : " holding ‘\(needle)’"
        guard let found = history[..<before].lastIndex(where: { needle.isEmpty || $0.localizedCaseInsensitiveContains(needle) }) else {
            prompt.historyStatus = "No older entry in the history" + shown
            state.message = StatusMessage(text: prompt.historyStatus ?? "", isError: false)
            return
        }
        prompt.historyIndex = found
        prompt.replaceText(history[found])
        prompt.historyStatus = "History \(found + 1)/\(history.count)" + shown + " (Ctrl-R: older, Enter runs it)"
        state.message = StatusMessage(text: prompt.historyStatus ?? "", isError: false)
    }

    /// `; text goes in single quotes: 'USA'` when the unknown column is a name the user wrote in
    /// double quotes (SQL reads `"USA"` as a column, as the request language does).
    static func textQuoteHint(_ message: String, text: String) -> String {
        guard let range = message.range(of: "has no column named \"") else { return "" }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return "" }
        let name = String(rest[..<end])
        guard !name.isEmpty, text.contains("\"" + name + "\"") else { return "" }
        return "; text goes in single quotes: '" + name.replacing("'", with: "''") + "'"
    }

    /// Where the name an error message blames (`no column named "Nme"`, the last quoted name before
    /// any "did you mean") first appears in the prompt's text, as a 1-based column; nil when absent.
    static func namedColumn(in message: String, text: String) -> Int? {
        let blamed = message.split(separator: "(did you mean", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? message
        let names = blamed.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let characters = Array(text)
        for name in names.reversed() where !name.isEmpty {
            let target = Array(name)
            guard target.count <= characters.count else { continue }
            for start in 0...(characters.count - target.count) where Array(characters[start..<(start + target.count)]) == target {
                let before = start > 0 ? characters[start - 1] : " "
                let afterIndex = start + target.count
                let after = afterIndex < characters.count ? characters[afterIndex] : " "
                if !(before.isLetter || before.isNumber || before == "_") && !(after.isLetter || after.isNumber || after == "_") {
                    return start + 1
                }
            }
        }
        return nil
    }

    private static func promptKey(_ state: inout AppState, _ key: KeyEvent) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        if prompt.isChecking { return [] }
        if let effects = tableFilterKey(&state, key) { return effects }
        if prompt.isUntouched, case .character(let character) = key, character.isASCII, character.isNumber { prompt.clear() }
        prompt.isUntouched = false
        // Taken out while edited, so its text has one owner: a key costs the same whatever the
        // length (a copy per key made a 30 KB paste take minutes).
        state.prompt = nil
        // Any key but Tab and Shift-Tab accepts the completion shown.
        if key != .tab, key != .backTab { prompt.completion = nil }
        // Ctrl-R again searches for the same text; any other key ends the search.
        if key != .control("r") { (prompt.historyNeedle, prompt.historyStatus) = (nil, nil) }
        switch key {
        case .escape, .control("c"), .control("g"):
            let cancelled: String
            switch prompt.kind {
            case .filter: cancelled = "Filter cancelled"
            case .request: cancelled = "Request line closed, view unchanged"
            case .find: cancelled = "Find cancelled"
            case .jump: cancelled = "Jump cancelled"
            case .jumpList: cancelled = "Jump list closed"
            case .tables: cancelled = "Table filter cleared"
            }
            state.message = StatusMessage(text: cancelled, isError: false)
            return []
        case .enter:
            let saved = remember(&state, prompt)
            return submit(&state, prompt) + saved
        case .control("r"):
            searchHistory(&state, &prompt)
        case .up, .down:
            // The prompt's history (earlier runs' too): ↑ older, ↓ newer, past the newest an empty line.
            let history = state.promptHistory[prompt.kind] ?? []
            guard !history.isEmpty else { break }
            let current = prompt.historyIndex ?? history.count
            let next = key == .up ? max(0, current - 1) : current + 1
            if next < history.count {
                prompt.historyIndex = next
                prompt.replaceText(history[next])
            } else {
                prompt.historyIndex = nil
                prompt.replaceText("")
            }
        case .character(let character):
            prompt.insert(character)
        case .tab, .backTab:
            if !complete(&prompt, state, backwards: key == .backTab), key == .tab { prompt.insert(" ") }
        case .backspace: prompt.deleteBackward()
        case .delete, .control("d"): prompt.deleteForward()
        case .left, .control("b"): prompt.moveCursor(by: -1)
        case .right, .control("f"): prompt.moveCursor(by: 1)
        case .home, .control("a"): prompt.moveCursor(to: 0)
        case .end, .control("e"): prompt.moveCursor(to: Int.max)
        case .control("u"): prompt.clear()
        default: break
        }
        state.prompt = prompt
        selectFirstTableMatch(&state)
        return []
    }

    private static func submit(_ state: inout AppState, _ prompt: PromptState) -> [Effect] {
        var prompt = prompt
        let text = prompt.text
        switch prompt.kind {
        case .filter:
            guard let rows = state.rows else {
                state.prompt = nil
                return []
            }
            if text.allSatisfy(\.isWhitespace) {
                // An empty filter clears the view's filters.
                state.prompt = nil
                var view = rows.view
                guard !ViewSummary.filters(of: view.request).isEmpty else { return [] }
                view.request = view.request.unfiltered()
                state.message = StatusMessage(text: "Filters cleared", isError: false)
                return reopen(&state, view)
            }
            let expression: AssocCore.Expression
            do {
                expression = try RequestBuilder.build(try RequestParser.parseExpression(text))
            } catch let error as RequestSyntaxError {
                prompt.error = PromptState.Failure(message: error.message, column: error.column)
                state.prompt = prompt
                return []
            } catch {
                prompt.error = PromptState.Failure(message: AssocError.message(for: error), column: nil)
                state.prompt = prompt
                return []
            }
            var view = rows.view
            view.request = FilterQualifiers.resolving(expression, in: view.request, tree: rows.scopeTree).adding(filter: expression)
            prompt.isChecking = true
            state.prompt = prompt
            return [.checkView(view)]
        case .find:
            return submitFind(&state, text)
        case .jump:
            return submitJump(&state, text)
        case .jumpList, .tables:
            // The jump list and the table filter handle their own keys; nothing to submit here.
            return []
        case .request:
            if let number = rowNumber(inRequestLine: text) {
                // `:250`: go to row 250 of the view.
                state.prompt = nil
                if state.rows != nil && state.focus != .rows { state.focus = .rows }
                state.child.isFocused = false
                return goToRow(&state, number: number)
            }
            guard !text.allSatisfy(\.isWhitespace) else {
                prompt.error = PromptState.Failure(message: "type a request: table.method(...)", column: 1)
                state.prompt = prompt
                return []
            }
            prompt.isChecking = true
            state.prompt = prompt
            return [.parseRequest(text, from: state.rows?.view)]
        }
    }
}
