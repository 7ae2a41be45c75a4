import AssocCore

/// Go to row N: a count typed before `G` (`250G`, as in vim) or `:` followed by a number
/// (`:250`). On a counted view the cursor moves at once; otherwise the data source reads the row
/// at that index (AssocCore's `Pager.page(at:size:)`), so the position shown is the real one.
extension Reducer {
    /// The most digits a count keeps: more would overflow no row count anyway.
    static let maximumCountDigits = 15

    /// The digit `key` adds to the count typed in the grid: `1`–`9`, and `0` once a count has
    /// begun (alone, `0` is "first column"); nil for other keys and in other modes.
    static func countDigit(_ key: KeyEvent, in state: AppState) -> Int? {
        guard case .grid = state.mode, case .character(let character) = key, character.isASCII,
            let digit = character.wholeNumberValue
        else { return nil }
        if digit == 0 && state.pendingCount == nil { return nil }
        return digit
    }

    /// A digit of the count: the count grows (the status line shows it).
    static func appendCountDigit(_ state: inout AppState, _ digit: Int) -> [Effect] {
        let text = String(state.pendingCount ?? 0) + String(digit)
        let trimmed = String(text.drop { $0 == "0" })
        guard trimmed.count <= maximumCountDigits, let count = Int(trimmed) else { return [] }
        state.pendingCount = count
        return []
    }

    /// What a pending count does to `action`: `G` goes to that row, `0` was taken as a digit
    /// before, Esc clears the count; any other key forgets it and acts as usual (nil).
    static func reducePendingCount(_ state: inout AppState, _ action: Action) -> [Effect]? {
        guard let count = state.pendingCount else { return nil }
        state.pendingCount = nil
        switch action {
        case .lastRow: return goToRow(&state, number: count)
        case .back, .close:
            state.message = StatusMessage(text: "Count \(count) cleared", isError: false)
            return []
        default: return nil
        }
    }

    /// Row `number` (1-based) of the focused list: the rows of the open view (exactly, read
    /// when not counted yet), or the Tables or Links pane's line.
    static func goToRow(_ state: inout AppState, number: Int) -> [Effect] {
        let number = max(1, number)
        switch state.focus {
        case .tables, .links, .side:
            return move(&state) { $0.moved(to: min(number, $0.count) - 1) }
        case .rows where state.child.isFocused:
            return move(&state) { $0.moved(to: min(number, $0.count) - 1) }
        case .rows:
            break
        }
        guard var rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first: \(number)G goes to one of its rows", isError: false)
            return []
        }
        if rows.isCounted && rows.relative == nil {
            let index = min(number, rows.totalCount) - 1
            guard index >= 0 else {
                state.message = StatusMessage(text: "No row: the view is empty", isError: false)
                return []
            }
            if number > rows.totalCount {
                state.message = StatusMessage(text: "Row \(number) is past the last: row \(rows.totalCount), the last", isError: false)
            }
            rows.cursor = rows.cursor.moved(to: index).scrolledToShowSelection(visible: state.visibleLines(.rows))
            state.rows = rows
            return ensureRowsLoaded(&state)
        }
        return [.goToRow(rows.view, row: number)]
    }

    /// `:` followed by a number: the row number it names, nil when the text is not one.
    static func rowNumber(inRequestLine text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= maximumCountDigits, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(trimmed)
    }

    /// The data source's answer: the cursor goes to the row it read (the last row when the view
    /// has fewer).
    static func wentToRow(_ state: inout AppState, number: Int, _ result: FindResult) -> [Effect] {
        guard let index = result.position?.index else {
            state.message = StatusMessage(text: "No row: the view is empty", isError: false)
            return []
        }
        if index + 1 < number {
            state.message = StatusMessage(text: "Row \(number) is past the last: row \(index + 1), the last", isError: false)
        }
        // An index: `moveCursor` leaves the positions counted back from a provisional end.
        return moveCursor(&state, to: result)
    }
}
