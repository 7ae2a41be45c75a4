import AssocCore

/// Prefetch (`p`), aggregates (`a`), filters (`/`, `=`), sorts (`s`) and the request line (`:`).
extension Reducer {
    // MARK: Prefetch and aggregates

    /// `p`: prefetches the selected to-many link (`including(all:)`), or stops prefetching it.
    static func prefetch(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let link = toManyTarget(&state, rows) else { return [] }
        let removing = rows.view.prefetches.contains(link.name)
        state.message = StatusMessage(
            text: removing ? "Stopped prefetching \(link.name)"
                : "Prefetched \(link.name): including(all:), one more query for all rows; the child pane lists them",
            isError: false)
        let effects = reopen(&state, rows.view.togglingPrefetch(link.name))
        if !removing { state.rows?.revealColumnPrefix = RowFlattener.countColumn(link.name) }
        return effects
    }

    /// `a`: adds `link.count`, then (again) cycles through min/max/average/sum of each numeric
    /// column of the destination, then removes the aggregate.
    static func aggregate(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let link = toManyTarget(&state, rows) else { return [] }
        let numeric = state.numericColumns[link.destination] ?? []
        let (view, aggregate) = rows.view.cyclingAggregate(link: link.name, numericColumns: numeric)
        if let aggregate {
            let more = numeric.isEmpty ? "" : " (a again: min/max/average/sum of \(numeric.joined(separator: ", ")))"
            state.message = StatusMessage(text: "Aggregate \(aggregate.label)" + more, isError: false)
        } else {
            state.message = StatusMessage(text: "Removed the aggregate of \(link.name)", isError: false)
        }
        return reopen(&state, view)
    }

    /// The to-many association of the view's table selected in the Links pane, with a message
    /// when there is none.
    private static func toManyTarget(_ state: inout AppState, _ rows: RowsState) -> Association? {
        guard rows.view.rawRequest == nil else {
            state.message = StatusMessage(text: "The view is a typed request: edit it with :", isError: false)
            return nil
        }
        guard state.focus == .links || state.focus == .rows, let entry = state.selectedLink else {
            state.message = StatusMessage(text: "Select a to-many link in the Links pane (Tab)", isError: false)
            return nil
        }
        guard entry.parentPath.isEmpty, entry.association.isToMany else {
            state.message = StatusMessage(text: "\(entry.association.name) is to-one: + includes it as columns", isError: false)
            return nil
        }
        return entry.association
    }

    // MARK: Filters and sorts

    /// `/`: opens the filter prompt.
    static func openFilterPrompt(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first: filters apply to its rows", isError: false)
            return []
        }
        guard rows.view.rawRequest == nil else {
            state.message = StatusMessage(text: "The view is a typed request: to filter it, edit it with :", isError: false)
            return []
        }
        state.prompt = PromptState(kind: .filter)
        return []
    }

    /// `=`: keeps the rows whose current column equals the value under the cursor (IS NULL for NULL).
    static func filterOnValue(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, let row = rows.selectedRow, rows.column.index < row.count else {
            state.message = StatusMessage(text: "No value under the cursor", isError: false)
            return []
        }
        guard let target = columnExpression(rows) else {
            state.message = StatusMessage(text: rows.view.rawRequest == nil ? "This column cannot be filtered on from here: use /" : "The view is a typed request: edit it with :", isError: false)
            return []
        }
        let value = row[rows.column.index]
        let filter: ExpressionSyntax
        if let literal = literal(value) {
            filter = ExpressionSyntax(.binary(.equal, target, ExpressionSyntax(.literal(literal))))
        } else {
            filter = ExpressionSyntax(.isNull(target, negated: false))
        }
        state.message = StatusMessage(text: "Filter: " + RequestPrinter.print(filter), isError: false)
        let effects = reopen(&state, rows.view.adding(filter: filter))
        state.rows?.cursor = ListCursor()
        return effects
    }

    /// `s`: sorts by the current column, ascending, then descending, then not sorted.
    static func sort(_ state: inout AppState) -> [Effect] {
        guard let rows = state.rows, rows.column.index < rows.columns.count else {
            state.message = StatusMessage(text: "Open a table first: s sorts by the current column", isError: false)
            return []
        }
        guard let target = columnExpression(rows) else {
            state.message = StatusMessage(text: rows.view.rawRequest == nil ? "This column cannot be sorted on from here: use :" : "The view is a typed request: edit it with :", isError: false)
            return []
        }
        let column = rows.columns[rows.column.index]
        guard !target.containsAggregate else {
            state.message = StatusMessage(text: "Sorting on an aggregate is not supported yet (filter it with /)", isError: false)
            return []
        }
        let view = rows.view.cyclingSort(target, column: column)
        if let sort = view.sorts.first {
            state.message = StatusMessage(text: "Sorted by \(column) " + (sort.isDescending ? "descending" : "ascending"), isError: false)
        } else {
            state.message = StatusMessage(text: "Not sorted", isError: false)
        }
        let effects = reopen(&state, view)
        state.rows?.cursor = ListCursor()
        return effects
    }

    /// The expression behind the current grid column: a root column, an included column through
    /// its include's alias (`author.name`), an aggregate, or a prefetched link's count.
    static func columnExpression(_ rows: RowsState) -> ExpressionSyntax? {
        let index = rows.column.index
        guard index < rows.columns.count else { return nil }
        let name = rows.columns[index]
        let view = rows.view
        // A typed request is changed by editing its text (`:`).
        guard view.rawRequest == nil else { return nil }
        if index < rows.rootColumnCount {
            let firstAggregate = rows.rootColumnCount - view.aggregates.count
            if index >= firstAggregate, index - firstAggregate < view.aggregates.count {
                return view.aggregates[index - firstAggregate].syntax
            }
            return .column(name)
        }
        if let link = view.prefetches.first(where: { RowFlattener.countColumn($0) == name }) {
            return ExpressionSyntax(.aggregate(AggregateSyntax(AssociationSyntax(name: link), .count)))
        }
        // The longest include path the column starts with.
        var best: [String]?
        for (path, _) in view.includePaths where name.hasPrefix(path.joined(separator: ".") + ".") {
            if path.count > (best?.count ?? 0) { best = path }
        }
        guard let path = best else { return nil }
        let column = String(name.dropFirst(path.joined(separator: ".").count + 1))
        return .column(column, qualifier: BrowserView.aliasName(path))
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
