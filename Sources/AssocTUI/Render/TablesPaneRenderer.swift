/// The Tables pane: one line per table or view, name on the left and row count on the right.
enum TablesPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .tables
        let content = PaneChrome.drawTitle(
            "Tables", trailing: String(state.tables.count), counter: true, in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty else { return }
        if state.tables.isEmpty {
            PaneChrome.drawNote("(no tables)", in: content, buffer: &buffer)
            return
        }
        let cursor = state.tablesCursor
        for line in 0..<content.height {
            let index = cursor.top + line
            guard index < state.tables.count else { break }
            let table = state.tables[index]
            let y = content.y + line
            let selected = index == cursor.index
            let count = table.rowCount.map(String.init) ?? (table.countFailed ? "?" : "…")
            let countWidth = TextWidth.width(of: count)
            let nameWidth = content.width - countWidth - 1
            let highlighted = selected && focused
            if highlighted { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), highlighted: true) }
            let nameRole: StyleRole = selected && !focused ? .selection : (table.kind == .table ? .normal : .link)
            if nameWidth >= 4 {
                buffer.put(TextWidth.truncate(table.name, toWidth: nameWidth), at: Point(x: content.x, y: y),
                           maxWidth: nameWidth, style: nameRole, highlighted: highlighted)
                buffer.put(count, at: Point(x: content.maxX - countWidth, y: y), maxWidth: countWidth,
                           style: .number, highlighted: highlighted)
            } else {
                buffer.put(TextWidth.truncate(table.name, toWidth: content.width), at: Point(x: content.x, y: y),
                           maxWidth: content.width, style: nameRole, highlighted: highlighted)
            }
        }
    }
}
