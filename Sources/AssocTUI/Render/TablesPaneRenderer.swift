import AssocText
/// The Tables pane: one line per table or view, name on the left and row count on the right.
enum TablesPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .tables
        PaneChrome.drawList(
            title: "Tables", count: state.tables.count, empty: "(no tables)", cursor: state.tablesCursor, focused: focused,
            in: rect, buffer: &buffer
        ) { index, origin, width, highlighted, selected, buffer in
            let table = state.tables[index]
            let count = table.rowCount.map(String.init) ?? (table.countFailed ? "?" : "…")
            let countWidth = TextWidth.width(of: count)
            let nameWidth = width - countWidth - 1
            let nameRole: StyleRole = selected && !focused ? .selection : (table.kind == .table ? .normal : .link)
            if nameWidth >= 4 {
                buffer.put(
                    TextWidth.truncate(table.name, toWidth: nameWidth), at: origin,
                    maxWidth: nameWidth, style: nameRole, highlighted: highlighted)
                buffer.put(
                    count, at: Point(x: origin.x + width - countWidth, y: origin.y), maxWidth: countWidth,
                    style: .number, highlighted: highlighted)
            } else {
                buffer.put(
                    TextWidth.truncate(table.name, toWidth: width), at: origin,
                    maxWidth: width, style: nameRole, highlighted: highlighted)
            }
        }
    }
}
