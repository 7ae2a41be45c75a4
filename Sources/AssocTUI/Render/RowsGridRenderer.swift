import AssocText

/// The Rows pane: a header line and one line per row, columns sized from the visible values,
/// numbers right-aligned, NULL in its own role, long values cut with "…", scrolled by column.
enum RowsGridRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .rows && !state.child.isFocused
        guard let rows = state.rows else {
            let content = PaneChrome.drawTitle("Rows", in: rect, focused: focused, buffer: &buffer)
            PaneChrome.drawNote("Select a table and press Enter", in: content, buffer: &buffer)
            return
        }
        let position = rows.totalCount == 0 && rows.isCounted ? "0 rows" : rows.counterLabel
        let visibleRows = max(0, rect.height - 2)
        let widths = GridGeometry.columnWidths(rows, visibleRows: visibleRows, labels: state.showsLabels)
        let paneWidth = max(0, rect.width)
        let first = GridGeometry.firstColumn(
            showing: rows.column.index, from: rows.column.top, widths: widths, paneWidth: paneWidth, pinned: rows.pinnedCount)
        let shown = GridGeometry.visibleColumns(from: first, widths: widths, paneWidth: paneWidth, pinned: rows.pinnedCount)
        let content = PaneChrome.drawTitle(
            "Rows: " + rows.view.title,
            trailing: rows.isLoading && rows.columns.isEmpty ? "loading…" : position + columnLabel(rows, shown: shown), counter: true,
            in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty, !rows.columns.isEmpty else { return }

        // The pinned columns end with a heavy rule when columns are scrolled away behind them.
        let cutLeft = (shown.first { $0 >= rows.pinnedCount } ?? rows.pinnedCount) > rows.pinnedCount

        // Header: sorted columns end with their mark (▲, ▼2); the current column stands out
        // (reverse video while the grid has the keys, in the selection's role otherwise).
        let marks = SortMarks.marks(of: rows)
        var x = content.x
        for (place, column) in shown.enumerated() {
            if place > 0 {
                let pinEdge = cutLeft && place == rows.pinnedCount
                x += buffer.put(
                    pinEdge ? " ┃ " : GridGeometry.separator, at: Point(x: x, y: content.y),
                    maxWidth: content.maxX - x, style: .border)
            }
            let width = min(widths[column], content.maxX - x)
            let name = SortMarks.header(Sanitizer.sanitize(rows.columns[column].header), mark: marks[column], width: width)
            let isCurrent = column == rows.column.index
            x += buffer.put(
                name, at: Point(x: x, y: content.y), maxWidth: width, style: isCurrent && !focused ? .selection : .header,
                highlighted: isCurrent && focused)
        }

        // Rows.
        if rows.totalCount == 0 && !rows.isLoading {
            PaneChrome.drawNote("(no rows)", in: content.droppingTop(1), buffer: &buffer)
            return
        }
        for line in 0..<max(0, content.height - 1) {
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
            for (place, column) in shown.enumerated() {
                if place > 0 {
                    let pinEdge = cutLeft && place == rows.pinnedCount
                    x += buffer.put(
                        pinEdge ? " ┃ " : GridGeometry.separator, at: Point(x: x, y: y), maxWidth: content.maxX - x,
                        style: .border, highlighted: selected)
                }
                let width = min(widths[column], content.maxX - x)
                let value =
                    column < row.count
                    ? LabeledCell.cell(
                        row[column], label: state.showsLabels ? rows.label(at: index, column: column) : nil,
                        fullLength: rows.cutLength(at: index, column: column)) : StyledText("", .normal)
                let alignment: TextWidth.Alignment = value.role == .number ? .right : .left
                // The current cell stands out of its highlighted row.
                let isCurrentCell = selected && focused && column == rows.column.index
                x += buffer.put(
                    TextWidth.pad(value.text, toWidth: width, alignment: alignment), at: Point(x: x, y: y),
                    maxWidth: width, style: isCurrentCell ? .selection : value.role, highlighted: selected && !isCurrentCell)
            }
        }
    }

    /// ` · col 3/14`, with ◀ when columns are cut off on the left and ▶ on the right.
    static func columnLabel(_ rows: RowsState, shown: [Int]) -> String {
        guard !rows.columns.isEmpty else { return "" }
        let scrolled = shown.filter { $0 >= rows.pinnedCount }
        let cutLeft = (scrolled.first ?? rows.pinnedCount) > rows.pinnedCount
        let cutRight = (shown.last ?? 0) < rows.columns.count - 1
        return " · " + (cutLeft ? "◀ " : "") + "col \(rows.column.index + 1)/\(rows.columns.count)" + (cutRight ? " ▶" : "")
    }
}
