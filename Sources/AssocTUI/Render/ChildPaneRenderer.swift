/// The child pane under the rows grid when the view prefetches a to-many link: the prefetched
/// records of the selected row (from the page already fetched: no query per row). It shows the
/// link selected in the Links pane when that one is prefetched, else the first prefetched link.
enum ChildPaneRenderer {
    /// The prefetched records shown for the selected row.
    static func shown(_ state: AppState) -> PrefetchedRows? {
        guard let rows = state.rows, rows.cursor.hasSelection else { return nil }
        let local = rows.cursor.index - rows.pageOffset
        guard local >= 0, local < rows.prefetched.count else { return nil }
        let all = rows.prefetched[local]
        if let link = state.selectedLink?.association.name, let match = all.first(where: { $0.key == link }) { return match }
        return all.first
    }

    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let rows = state.rows, !rect.isEmpty else { return }
        guard let child = shown(state) else {
            let content = PaneChrome.drawTitle("Prefetched", in: rect, focused: false, buffer: &buffer)
            PaneChrome.drawNote(rows.isLoading ? "loading…" : "(no row selected)", in: content, buffer: &buffer)
            return
        }
        let count = child.rows.count
        let content = PaneChrome.drawTitle(
            "\(child.key) of \(rows.selectedRowLabel)", trailing: count == 1 ? "1 record" : "\(count) records",
            in: rect, focused: false, buffer: &buffer)
        guard !content.isEmpty else { return }
        if child.rows.isEmpty {
            PaneChrome.drawNote("(no \(child.key))", in: content, buffer: &buffer)
            return
        }
        let visible = max(0, content.height - 1)
        var widths = child.columns.map { min(GridGeometry.maximumColumnWidth, max(1, TextWidth.width(of: Sanitizer.sanitize($0)))) }
        for row in child.rows.prefix(visible) {
            for (column, value) in row.enumerated() where column < widths.count {
                widths[column] = min(GridGeometry.maximumColumnWidth, max(widths[column], TextWidth.width(of: ValueFormatter.cell(value).text)))
            }
        }
        let shown = GridGeometry.visibleColumns(from: 0, widths: widths, paneWidth: content.width)
        var x = content.x
        for column in shown {
            if column > 0 { x += buffer.put(GridGeometry.separator, at: Point(x: x, y: content.y), maxWidth: content.maxX - x, style: .border) }
            let width = min(widths[column], content.maxX - x)
            x += buffer.put(TextWidth.pad(Sanitizer.sanitize(child.columns[column]), toWidth: width),
                            at: Point(x: x, y: content.y), maxWidth: width, style: .header)
        }
        for (line, row) in child.rows.prefix(visible).enumerated() {
            let y = content.y + 1 + line
            var x = content.x
            for column in shown {
                if column > 0 { x += buffer.put(GridGeometry.separator, at: Point(x: x, y: y), maxWidth: content.maxX - x, style: .border) }
                let width = min(widths[column], content.maxX - x)
                let value = column < row.count ? ValueFormatter.cell(row[column]) : StyledText("", .normal)
                let alignment: TextWidth.Alignment = value.role == .number ? .right : .left
                x += buffer.put(TextWidth.pad(value.text, toWidth: width, alignment: alignment), at: Point(x: x, y: y),
                                maxWidth: width, style: value.role)
            }
        }
    }
}
