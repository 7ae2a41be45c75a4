/// The Rows pane: a header line and one line per row, columns sized from the visible values,
/// numbers right-aligned, NULL in its own role, long values cut with "…", scrolled by column.
enum RowsGridRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .rows
        guard let rows = state.rows else {
            let content = PaneChrome.drawTitle("Rows", in: rect, focused: focused, buffer: &buffer)
            PaneChrome.drawNote("Select a table and press Enter", in: content, buffer: &buffer)
            return
        }
        let position = rows.totalCount == 0 && rows.isCounted ? "0 rows" : rows.counterLabel
        let content = PaneChrome.drawTitle(
            "Rows: " + rows.view.title, trailing: rows.isLoading && rows.columns.isEmpty ? "loading…" : position,
            in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty, !rows.columns.isEmpty else { return }

        let visibleRows = max(0, content.height - 1)
        let widths = GridGeometry.columnWidths(rows, visibleRows: visibleRows)
        let first = GridGeometry.firstColumn(
            showing: rows.column.index, from: rows.column.top, widths: widths, paneWidth: content.width)
        let shown = GridGeometry.visibleColumns(from: first, widths: widths, paneWidth: content.width)

        // Header.
        var x = content.x
        for column in shown {
            if column != first {
                x += buffer.put(GridGeometry.separator, at: Point(x: x, y: content.y), maxWidth: content.maxX - x, style: .border)
            }
            let width = min(widths[column], content.maxX - x)
            let name = TextWidth.pad(Sanitizer.sanitize(rows.columns[column].header), toWidth: width)
            let selectedColumn = focused && column == rows.column.index
            x += buffer.put(name, at: Point(x: x, y: content.y), maxWidth: width, style: .header, highlighted: selectedColumn)
        }

        // Rows.
        if rows.totalCount == 0 && !rows.isLoading {
            PaneChrome.drawNote("(no rows)", in: content.droppingTop(1), buffer: &buffer)
            return
        }
        for line in 0..<visibleRows {
            let index = rows.cursor.top + line
            guard index < rows.totalCount else { break }
            let y = content.y + 1 + line
            let selected = index == rows.cursor.index
            if selected { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), highlighted: true) }
            guard let row = rows.row(at: index) else {
                buffer.put("…", at: Point(x: content.x, y: y), maxWidth: content.width, style: .dim, highlighted: selected)
                continue
            }
            var x = content.x
            for column in shown {
                if column != first {
                    x += buffer.put(GridGeometry.separator, at: Point(x: x, y: y), maxWidth: content.maxX - x,
                                    style: .border, highlighted: selected)
                }
                let width = min(widths[column], content.maxX - x)
                let value = column < row.count ? ValueFormatter.cell(row[column]) : StyledText("", .normal)
                let alignment: TextWidth.Alignment = value.role == .number ? .right : .left
                x += buffer.put(TextWidth.pad(value.text, toWidth: width, alignment: alignment), at: Point(x: x, y: y),
                                maxWidth: width, style: value.role, highlighted: selected)
            }
        }
    }
}
