import AssocCore
import AssocInsights

/// The frequency view: `F` on a column counts its distinct values in the current view (one
/// grouping by AssocCore, `db.frequencies(of:in:)`, paged, cancellable); ↑/↓ and pages move, Enter filters the view by the
/// selected value, Esc or `F` closes.
extension Reducer {
    static func openFrequencies(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, rows.column.index < rows.columns.count else {
            state.message = StatusMessage(text: "Open a table first: F counts the values of the current column", isError: false)
            return []
        }
        guard !rows.view.request.isDistinct else {
            state.message = StatusMessage(text: "F counts rows, and a distinct view merges them: remove distinct() with : first", isError: false)
            return []
        }
        let current = rows.columns[rows.column.index]
        // The pinned columns (other than the root's key) group first, as VisiData's key columns.
        let grouped = FrequencyGrouping.pinnedColumns(of: rows).filter { $0 != current } + [current]
        var request = rows.view.request
        var expressions: [AssocCore.Expression] = []
        var labels: [String] = []
        var leftOut: [String] = []
        for column in grouped {
            switch ColumnTarget.target(of: column, in: request) {
            case .failure(let failure):
                guard column == current else {
                    leftOut.append(column.header)
                    continue
                }
                state.message = StatusMessage(text: failure.message, isError: false)
                return []
            case .success(let target):
                request = target.request
                expressions.append(target.expression)
                labels.append(column.header)
            }
        }
        let query = FrequencyQuery(request: request, expressions: expressions, columnLabels: labels)
        state.frequency = FrequencyState(query: query, view: rows.view)
        state.side.scroll = 0
        if !leftOut.isEmpty {
            state.message = StatusMessage(
                text: "Frequencies grouped without the pinned " + leftOut.joined(separator: ", ") + ": F cannot count them", isError: false)
        } else if labels.count > 1 {
            state.message = StatusMessage(
                text: "Frequencies of " + labels.joined(separator: ", ") + " together (the pinned columns group first)", isError: false)
        }
        return [.loadFrequencies(query, offset: 0, limit: FrequencyState.window)]
    }

    /// The frequency view's keys; nil for those it leaves to the browser (panes, side pane, help).
    static func reduceFrequency(_ state: inout AppState, action: Action) -> [Effect]? {
        guard var frequency = state.frequency else { return nil }
        let visible = state.visibleLines(.rows)
        switch action {
        case .back, .close, .frequency:
            state.frequency = nil
            if let summary = frequency.summary { return resumeSummary(&state, summary) }
            return []
        case .copyCell:
            return copyFrequencies(&state, frequency)
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .open:
            return filterOnFrequency(&state)
        case .toggleSidePane, .previousTab, .nextTab, .help, .nextPane, .previousPane:
            return nil
        case .moveUp: frequency.cursor = frequency.cursor.moved(by: -1)
        case .moveDown: frequency.cursor = frequency.cursor.moved(by: 1)
        case .pageUp, .halfPageUp: frequency.cursor = frequency.cursor.moved(by: action == .pageUp ? -visible : -max(1, visible / 2))
        case .pageDown, .halfPageDown: frequency.cursor = frequency.cursor.moved(by: action == .pageDown ? visible : max(1, visible / 2))
        case .firstRow: frequency.cursor = frequency.cursor.moved(to: 0)
        case .lastRow: frequency.cursor = frequency.cursor.moved(to: frequency.cursor.lastIndex)
        default:
            state.message = StatusMessage(
                text: "Frequencies of \(frequency.query.columnLabel): Enter filters the view by the value, Esc closes", isError: false)
            return []
        }
        frequency.cursor = frequency.cursor.scrolledToShowSelection(visible: visible)
        state.frequency = frequency
        return ensureFrequenciesLoaded(&state)
    }

    static func frequenciesLoaded(
        _ state: inout AppState, _ query: FrequencyQuery, _ page: FrequencyPage, labels: [Int: [DatabaseValue: CellLabel]] = [:]
    ) -> [Effect] {
        guard var frequency = state.frequency else { return [] }
        frequency.page = page
        frequency.labels = labels
        frequency.isLoading = false
        frequency.cursor = frequency.cursor.resized(to: page.distinctCount)
            .scrolledToShowSelection(visible: state.visibleLines(.rows))
        state.frequency = frequency
        return ensureFrequenciesLoaded(&state)
    }

    /// Asks for the window around the visible values when they are not all loaded.
    static func ensureFrequenciesLoaded(_ state: inout AppState) -> [Effect] {
        guard var frequency = state.frequency, !frequency.isLoading else { return [] }
        let visible = frequency.cursor.top..<(frequency.cursor.top + state.visibleLines(.rows))
        if frequency.isLoaded(visible) && frequency.isLoaded(frequency.cursor.index..<(frequency.cursor.index + 1)) { return [] }
        let offset = max(0, min(frequency.cursor.top, frequency.cursor.index) - FrequencyState.window / 4)
        frequency.isLoading = true
        state.frequency = frequency
        return [.loadFrequencies(frequency.query, offset: offset, limit: FrequencyState.window)]
    }

    /// Enter: the view filtered by the selected value (`IS NULL` for NULL), the frequencies closed.
    private static func filterOnFrequency(_ state: inout AppState) -> [Effect] {
        guard let frequency = state.frequency, let selected = frequency.selected else {
            state.message = StatusMessage(text: "No value selected (still loading?)", isError: false)
            return []
        }
        guard let rows = state.rows, rows.view == frequency.view else {
            state.frequency = nil
            return []
        }
        if let cut = cutValueText(selected, in: frequency) {
            // The browser holds the first part of the value only: a filter on it would match nothing.
            state.message = StatusMessage(text: "Not filtered: " + cut, isError: false)
            return []
        }
        let filters: [AssocCore.Expression] = zip(frequency.query.expressions, selected.values).map { expression, value in
            value.isNull ? .isNull(expression, negated: false) : .binary(.equal, expression, .value(value))
        }
        guard let first = filters.first else { return [] }
        let filter = filters.dropFirst().reduce(first) { .binary(.and, $0, $1) }
        state.frequency = nil
        state.message = StatusMessage(
            text: "Filter: " + ViewSummary.text(filter) + " (\(selected.count) row\(selected.count == 1 ? "" : "s"))", isError: false)
        var view = rows.view
        view.request = frequency.query.request.adding(filter: filter)
        let effects = reopen(&state, view)
        state.rows?.cursor = ListCursor()
        return effects
    }

    /// `y`: the loaded window of values as TSV.
    private static func copyFrequencies(_ state: inout AppState, _ frequency: FrequencyState) -> [Effect] {
        guard let page = frequency.page else {
            state.message = StatusMessage(text: "Nothing to copy yet: the values are being counted", isError: false)
            return []
        }
        if let cut = page.rows.lazy.compactMap({ cutValueText($0, in: frequency) }).first {
            state.message = StatusMessage(text: "Not copied: a value of " + cut, isError: false)
            return []
        }
        let whole = page.offset == 0 && page.rows.count >= page.distinctCount
        let what =
            whole
            ? "the frequencies (TSV, \(page.rows.count) value\(page.rows.count == 1 ? "" : "s"))"
            : "the frequencies loaded (TSV, values \(page.offset + 1)–\(page.offset + page.rows.count) of \(page.distinctCount))"
        return [.copy(ViewCopyText.frequencies(frequency), what: what)]
    }

    /// Why `row`'s first value read cut cannot be used whole (`album.Title holds more than 20,000
    /// characters…`); nil when every value of it is whole.
    private static func cutValueText(_ row: ValueFrequency, in frequency: FrequencyState) -> String? {
        guard let (position, length) = row.cutLengths.min(by: { $0.key < $1.key }) else { return nil }
        let labels = frequency.query.columnLabels
        let column = position < labels.count ? labels[position] : "the column"
        return column + " " + cutValueHolding(length: length, isBlob: length != 0) + ": use the request line (:) or assoc fetch"
    }
}
