import AssocText

/// The Tables pane: one line per table or view, name on the left and row count on the right;
/// views marked `◇` before the count (`TableFilter.viewMark`). While the table filter is open
/// (`/` there), only the tables it matches, best first.
enum TablesPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .tables
        let filtered = Reducer.tableFilterList(state, visible: rect.height - 1)
        let matches = filtered?.shown
        let shown = matches ?? Array(state.tablesPane.tables.indices)
        let cursor = filtered?.cursor ?? state.tablesPane.cursor
        let title = matches == nil ? "Tables" : "Tables /" + (state.prompt?.text ?? "")
        PaneChrome.drawList(
            title: title, count: shown.count, empty: matches == nil ? "(no tables)" : "(no table matches)", cursor: cursor,
            focused: focused || matches != nil, in: rect, buffer: &buffer
        ) { line, origin, width, highlighted, selected, buffer in
            guard line < shown.count, shown[line] < state.tablesPane.tables.count else { return }
            let table = state.tablesPane.tables[shown[line]]
            let count = table.rowCount.map(String.init) ?? (table.countFailed ? "?" : "…")
            let mark = table.kind == .view ? TableFilter.viewMark + " " : ""
            let countText = mark + count
            let countWidth = TextWidth.width(of: countText)
            let nameWidth = width - countWidth - 1
            let nameRole: StyleRole = selected && !focused ? .selection : (table.kind == .table ? .normal : .link)
            if nameWidth >= 4 {
                buffer.put(
                    TextWidth.truncate(table.name, toWidth: nameWidth), at: origin,
                    maxWidth: nameWidth, style: nameRole, highlighted: highlighted)
                buffer.put(
                    countText, at: Point(x: origin.x + width - countWidth, y: origin.y), maxWidth: countWidth,
                    style: .number, highlighted: highlighted)
            } else {
                buffer.put(
                    TextWidth.truncate(mark + table.name, toWidth: width), at: origin,
                    maxWidth: width, style: nameRole, highlighted: highlighted)
            }
        }
    }
}
