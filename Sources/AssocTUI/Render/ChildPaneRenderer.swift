import AssocText
/// The child pane under the rows grid when the view prefetches a to-many link: the prefetched
/// records of the selected row (from the page already fetched: no query per row). It shows the
/// link selected in the Links pane when that one is prefetched, else the first prefetched link.
/// Tab from the grid focuses it: ↑/↓ and pages scroll its records, Enter follows its link.
enum ChildPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let rows = state.rows, !rect.isEmpty else { return }
        let focused = state.focus == .rows && state.child.isFocused
        guard let child = RowsPaneSplit.shownChild(state) else {
            let content = PaneChrome.drawTitle("Prefetched", in: rect, focused: focused, buffer: &buffer)
            PaneChrome.drawNote(rows.isLoading ? "loading…" : "(no row selected)", in: content, buffer: &buffer)
            return
        }
        let count = child.rows.count
        let cursor = state.child.cursor
        let visible = max(0, rect.height - 2)
        let position = focused && count > visible ? "\(cursor.index + 1)/" : ""
        let content = PaneChrome.drawTitle(
            "\(child.key) of \(rows.selectedRowLabel)", trailing: position + (count == 1 ? "1 record" : "\(count) records"), counter: true,
            in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty else { return }
        if child.rows.isEmpty {
            PaneChrome.drawNote("(no \(child.key))", in: content, buffer: &buffer)
            return
        }
        let window = Array(child.rows.dropFirst(min(cursor.top, count)).prefix(visible))
        var widths = child.columns.map { min(GridGeometry.maximumColumnWidth, max(1, TextWidth.width(of: Sanitizer.sanitize($0)))) }
        for row in window {
            for (column, value) in row.enumerated() where column < widths.count {
                widths[column] = min(GridGeometry.maximumColumnWidth, max(widths[column], TextWidth.width(of: ValueFormatter.cell(value).text)))
            }
        }
        let shown = GridGeometry.visibleColumns(from: 0, widths: widths, paneWidth: content.width)
        var x = content.x
        for column in shown {
            if column > 0 { x += buffer.put(GridGeometry.separator, at: Point(x: x, y: content.y), maxWidth: content.maxX - x, style: .border) }
            let width = min(widths[column], content.maxX - x)
            x += buffer.put(
                TextWidth.pad(Sanitizer.sanitize(child.columns[column]), toWidth: width),
                at: Point(x: x, y: content.y), maxWidth: width, style: .header)
        }
        for (line, row) in window.enumerated() {
            let y = content.y + 1 + line
            let selected = focused && cursor.top + line == cursor.index
            if selected { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), highlighted: true) }
            var x = content.x
            for column in shown {
                if column > 0 {
                    x += buffer.put(GridGeometry.separator, at: Point(x: x, y: y), maxWidth: content.maxX - x, style: .border, highlighted: selected)
                }
                let width = min(widths[column], content.maxX - x)
                let value = column < row.count ? ValueFormatter.cell(row[column]) : StyledText("", .normal)
                let alignment: TextWidth.Alignment = value.role == .number ? .right : .left
                x += buffer.put(
                    TextWidth.pad(value.text, toWidth: width, alignment: alignment), at: Point(x: x, y: y),
                    maxWidth: width, style: value.role, highlighted: selected)
            }
        }
    }
}
