import AssocCore

/// Prefetch (`p`), aggregates (`a`), filters (`/`, `=`), sorts (`s`) and the request line (`:`).
extension Reducer {
    // MARK: Prefetch and aggregates

    /// `p`: prefetches the selected to-many link (`including(all:)`), or stops prefetching it.
    static func prefetch(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let link = toManyTarget(&state) else { return [] }
        let (request, added) = rows.view.request.togglingPrefetch(Table(link.origin).association(link.name))
        state.message = StatusMessage(
            text: added
                ? "Prefetched \(link.name): including(all:), one more query for all rows; the child pane lists them"
                : "Stopped prefetching \(link.name)",
            isError: false)
        var view = rows.view
        view.request = request
        let effects = reopen(&state, view)
        if added { state.rows?.revealJoinPath = [request.joins(under: []).count - 1] }
        return effects
    }

    /// `a`: adds `link.count`, then (again) cycles through min/max/average/sum of each numeric
    /// column of the destination, then removes the aggregate.
    static func aggregate(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let link = toManyTarget(&state) else { return [] }
        let numeric = state.graph.schema.table(named: link.destination)?.numericValueColumns ?? []
        let (request, aggregate) = AggregateChoices.cycling(rows.view.request, link: link, numericColumns: numeric)
        if let aggregate {
            let more = numeric.isEmpty ? "" : " (a again: min/max/average/sum of \(numeric.joined(separator: ", ")))"
            state.message = StatusMessage(text: "Aggregate \(ViewSummary.text(aggregate))" + more, isError: false)
        } else {
            state.message = StatusMessage(text: "Removed the aggregate of \(link.name)", isError: false)
        }
        var view = rows.view
        view.request = request
        return reopen(&state, view)
    }

    /// The to-many association of the view's table selected in the Links pane, with a message
    /// when there is none.
    private static func toManyTarget(_ state: inout AppState) -> Association? {
        guard state.focus == .links || state.focus == .rows, let entry = state.selectedLink else {
            state.message = StatusMessage(text: "Select a to-many link in the Links pane (Tab)", isError: false)
            return nil
        }
        guard entry.isRootLink, entry.association.isToMany else {
            state.message = StatusMessage(text: "\(entry.association.name) is to-one: + includes it as columns", isError: false)
            return nil
        }
        return entry.association
    }

    // MARK: Filters and sorts

    /// `/`: opens the filter prompt.
    static func openFilterPrompt(_ state: inout AppState) -> [Effect] {
        guard state.rows != nil else {
            state.message = StatusMessage(text: "Open a table first: filters apply to its rows", isError: false)
            return []
        }
        state.prompt = PromptState(kind: .filter)
        return []
    }

    /// `=`: keeps the rows whose current column equals the value under the cursor (IS NULL for NULL).
    static func filterOnValue(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let row = rows.selectedRow, rows.column.index < row.count,
            rows.column.index < rows.columns.count
        else {
            state.message = StatusMessage(text: "No value under the cursor", isError: false)
            return []
        }
        let target: ColumnTarget.Target
        switch ColumnTarget.target(of: rows.columns[rows.column.index], in: rows.view.request) {
        case .success(let found): target = found
        case .failure(let failure):
            state.message = StatusMessage(text: failure.message, isError: false)
            return []
        }
        let value = row[rows.column.index]
        let filter: AssocCore.Expression =
            value.isNull
            ? .isNull(target.expression, negated: false) : .binary(.equal, target.expression, .value(value))
        state.message = StatusMessage(text: "Filter: " + ViewSummary.text(filter), isError: false)
        var view = rows.view
        view.request = target.request.adding(filter: filter)
        let effects = reopen(&state, view)
        state.rows?.cursor = ListCursor()
        return effects
    }

    /// `s`: sorts by the current column, ascending, then descending, then not sorted, the other
    /// sort keys kept; `S` (`addingKey`): the current column as the next sort key.
    static func sort(_ state: inout AppState, addingKey: Bool = false) -> [Effect] {
        guard let rows = state.rows, rows.column.index < rows.columns.count else {
            state.message = StatusMessage(text: "Open a table first: s sorts by the current column", isError: false)
            return []
        }
        let column = rows.columns[rows.column.index]
        let target: ColumnTarget.Target
        switch ColumnTarget.target(of: column, in: rows.view.request) {
        case .success(let found): target = found
        case .failure(let failure):
            state.message = StatusMessage(text: failure.message, isError: false)
            return []
        }
        let (request, descending) =
            addingKey ? target.request.addingSortKey(on: target.expression) : target.request.cyclingSort(on: target.expression)
        let keys = request.orderings.count
        let others = keys > 1 ? " (\(keys) sort keys)" : ""
        switch descending {
        case nil: state.message = StatusMessage(text: keys == 0 ? "Not sorted" : "No longer sorted by \(column.header)" + others, isError: false)
        case let descending?:
            state.message = StatusMessage(
                text: "Sorted by \(column.header) " + (descending ? "descending" : "ascending") + others, isError: false)
        }
        var view = rows.view
        view.request = request
        let effects = reopen(&state, view)
        state.rows?.cursor = ListCursor()
        return effects
    }

    /// A value as a literal of the request language; nil for NULL.
    static func literal(_ value: DatabaseValue) -> LiteralSyntax? {
        switch value {
        case .null: return nil
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .text(let s): return .text(s)
        case .blob(let b): return .blob(b)
        }
    }

    // MARK: Request line

    /// `:`: asks for the view's request-language text, then opens the request line with it.
    static func openRequestLine(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows else {
            state.prompt = PromptState(kind: .request, text: state.selectedTable?.name ?? "")
            return []
        }
        return [.loadRequestText(rows.view)]
    }
}
