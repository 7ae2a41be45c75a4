import AssocCore
import AssocInsights

/// The summary view: `I` summarizes every column of the current view (AssocCore's
/// `Database.summarizeColumn`, one column at a time on the worker as deferred work, so keys are
/// never held); lines fill in as columns come. ↑/↓ and pages move, Enter opens the frequencies of
/// the selected column (Esc there comes back), `s` sorts, `y` copies the summary as TSV, Esc
/// closes and stops the work.
extension Reducer {
    static func openSummary(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first: I summarizes the columns of the view", isError: false)
            return []
        }
        state.summary = SummaryState(view: rows.view)
        state.side.scroll = 0
        state.message = nil
        return [.loadSummarySource(rows.view)]
    }

    /// The summary view's keys; nil for those it leaves to the browser (panes, side pane).
    static func reduceSummary(_ state: inout AppState, action: Action) -> [Effect]? {
        guard var summary = state.summary else { return nil }
        let visible = max(1, state.visibleLines(.rows))
        switch action {
        case .back, .close, .summary:
            state.summary = nil
            let stopped = summary.isComplete ? "" : " (stopped before its end)"
            state.message = StatusMessage(text: "Summary closed" + stopped, isError: false)
            return [.stopSummary]
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .open:
            return openFrequencies(&state, from: summary)
        case .sort:
            let selected = summary.selectedIndex
            summary.order = summary.order.next
            if let selected, let line = summary.lines.firstIndex(of: selected) { summary.cursor = summary.cursor.moved(to: line) }
            state.message = StatusMessage(text: "Summary sorted by \(summary.order.label) (s: next order)", isError: false)
        case .copyCell:
            return copySummary(&state, summary)
        case .toggleSidePane, .previousTab, .nextTab, .nextPane, .previousPane, .maximizeSidePane:
            return nil
        case .moveUp: summary.cursor = summary.cursor.moved(by: -1)
        case .moveDown: summary.cursor = summary.cursor.moved(by: 1)
        case .pageUp, .halfPageUp: summary.cursor = summary.cursor.moved(by: action == .pageUp ? -visible : -max(1, visible / 2))
        case .pageDown, .halfPageDown: summary.cursor = summary.cursor.moved(by: action == .pageDown ? visible : max(1, visible / 2))
        case .firstRow: summary.cursor = summary.cursor.moved(to: 0)
        case .lastRow: summary.cursor = summary.cursor.moved(to: summary.cursor.lastIndex)
        // Sideways, as the grid scrolls its columns: the figures the pane has no room for.
        case .moveLeft: summary.firstField = max(0, summary.firstField - 1)
        case .moveRight, .lastColumn:
            let last = SummaryRenderer.lastFirstField(for: summary, width: state.layout.panes[.rows]?.width ?? 0, visible: visible - 1)
            summary.firstField = action == .lastColumn ? last : min(summary.firstField + 1, last)
        case .firstColumn: summary.firstField = 0
        default:
            state.message = StatusMessage(text: keysMessage, isError: false)
            return []
        }
        summary.cursor = summary.cursor.scrolledToShowSelection(visible: max(1, visible - 1))
        state.summary = summary
        return []
    }

    static let keysMessage = "Summary: Enter frequencies of the column, ←/→ more figures, s sorts, y copies (TSV), Esc closes"

    static func summarySourceLoaded(_ state: inout AppState, _ view: RequestView, _ source: SummarySource) -> [Effect] {
        guard var summary = state.summary, summary.view == view else { return [] }
        summary.source = source
        summary.cursor = summary.cursor.resized(to: source.columns.count)
        state.summary = summary
        if source.columns.isEmpty { state.message = StatusMessage(text: "The view has no column to summarize", isError: false) }
        return summary.pending.map { .summarizeColumn(view, source, index: $0.index, parts: $0.parts) }
    }

    /// A part of a column came: the scan (its classes and grouping asked for next, after the
    /// other columns' scans, unless it ran out of time), or the rest, merged into it.
    static func columnSummarized(_ state: inout AppState, _ view: RequestView, _ column: ColumnSummary) -> [Effect] {
        guard var summary = state.summary, summary.view == view, let source = summary.source else { return [] }
        var effects: [Effect] = []
        if let scanned = summary.summaries[column.index] {
            summary.summaries[column.index] = scanned.merging(column)
            summary.grouped.insert(column.index)
        } else {
            summary.summaries[column.index] = column
            if column.ranOutOfTime {
                summary.grouped.insert(column.index)
            } else {
                effects.append(.summarizeColumn(view, source, index: column.index, parts: [.classes, .grouping]))
            }
        }
        state.summary = summary
        let outOfTime = summary.ranOutOfTime
        if summary.isComplete {
            let count = summary.summaries.count
            state.message =
                outOfTime.isEmpty
                ? StatusMessage(text: "Summary of \(count) column\(count == 1 ? "" : "s") done", isError: false)
                : StatusMessage(text: ranOutMessage(outOfTime), isError: false)
        } else if column.ranOutOfTime {
            state.message = StatusMessage(text: ranOutMessage(outOfTime), isError: false)
        }
        return effects
    }

    /// `Ran out of time (2 s a statement), shown ?: GenreId, Composer`.
    static func ranOutMessage(_ names: [String]) -> String {
        let seconds = ReadLimits.countBudgetMilliseconds / 1000
        return "Summary: ran out of time (\(seconds) s a statement), shown ?: " + names.joined(separator: ", ")
    }

    /// A summary's column that failed for another reason than time.
    static func summaryFailed(_ state: inout AppState, _ effect: Effect) {
        switch effect {
        case .loadSummarySource:
            state.summary = nil
        case .summarizeColumn(let view, _, let index, _):
            guard var summary = state.summary, summary.view == view else { return }
            summary.failures[index] = "failed"
            state.summary = summary
        default:
            break
        }
    }

    /// Back to a summary (Esc in the frequencies opened from it): the columns not computed yet
    /// are asked for again.
    static func resumeSummary(_ state: inout AppState, _ summary: SummaryState) -> [Effect] {
        state.summary = summary
        guard let source = summary.source else { return [.loadSummarySource(summary.view)] }
        return summary.pending.map { .summarizeColumn(summary.view, source, index: $0.index, parts: $0.parts) }
    }

    /// Enter: the frequencies of the selected line's column, found among the grid's columns
    /// (hidden ones too) by its name.
    private static func openFrequencies(_ state: inout AppState, from summary: SummaryState) -> [Effect] {
        guard let index = summary.selectedIndex, let name = summary.source?.columns[index] else {
            state.message = StatusMessage(text: "No column selected (still loading?)", isError: false)
            return []
        }
        guard let rows = state.rows, rows.view == summary.view else { return [] }
        let candidates = (rows.page?.columns ?? []) + rows.columns
        guard let column = candidates.first(where: { $0.header == name && $0.source != .prefetchCount }) else {
            state.message = StatusMessage(text: "\(name) is not a column of the grid: F cannot count it", isError: false)
            return []
        }
        switch ColumnTarget.target(of: column, in: rows.view.request) {
        case .failure(let failure):
            state.message = StatusMessage(text: failure.message, isError: false)
            return []
        case .success(let target):
            let query = FrequencyQuery(request: target.request, expressions: [target.expression], columnLabels: [column.header])
            var frequency = FrequencyState(query: query, view: rows.view)
            frequency.summary = summary
            state.frequency = frequency
            state.side.scroll = 0
            return [.loadFrequencies(query, offset: 0, limit: FrequencyState.window)]
        }
    }

    private static func copySummary(_ state: inout AppState, _ summary: SummaryState) -> [Effect] {
        guard summary.source != nil else {
            state.message = StatusMessage(text: "Nothing to copy yet: the summary is loading", isError: false)
            return []
        }
        let pending = summary.pending.count
        let what = "the summary (TSV" + (pending > 0 ? ", \(pending) column\(pending == 1 ? "" : "s") not done yet" : "") + ")"
        return [.copy(ViewCopyText.summary(summary), what: what)]
    }
}
