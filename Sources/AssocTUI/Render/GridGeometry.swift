/// Column sizes of the rows grid, shared by the renderer and the reducer (which keeps the
/// selected column visible). Pure arithmetic over the visible rows.
enum GridGeometry {
    /// Between two columns.
    static let separator = " │ "
    static let separatorWidth = 3
    /// No column is wider than this; longer values end with "…".
    static let maximumColumnWidth = 40

    /// Each column's width: the widest of its header and its visible values, capped.
    static func columnWidths(_ rows: RowsState, visibleRows: Int) -> [Int] {
        var widths = rows.columns.map { min(maximumColumnWidth, max(1, TextWidth.width(of: Sanitizer.sanitize($0.header)))) }
        let start = rows.cursor.top
        for index in start..<(start + max(0, visibleRows)) {
            guard let row = rows.row(at: index) else { continue }
            for (column, value) in row.enumerated() where column < widths.count {
                let w = TextWidth.width(of: ValueFormatter.cell(value).text)
                if w > widths[column] { widths[column] = min(maximumColumnWidth, w) }
            }
        }
        return widths
    }

    /// The columns shown from `first` in `paneWidth` cells: at least one (truncated) when any.
    static func visibleColumns(from first: Int, widths: [Int], paneWidth: Int) -> Range<Int> {
        guard first >= 0, first < widths.count else { return first..<first }
        var used = 0
        var end = first
        while end < widths.count {
            let needed = widths[end] + (end == first ? 0 : separatorWidth)
            if used + needed > paneWidth && end > first { break }
            used += needed
            end += 1
            if used >= paneWidth { break }
        }
        return first..<end
    }

    /// The first visible column that keeps `selected` in view, moving as little as possible
    /// from `current`.
    static func firstColumn(showing selected: Int, from current: Int, widths: [Int], paneWidth: Int) -> Int {
        guard !widths.isEmpty else { return 0 }
        let selected = min(max(0, selected), widths.count - 1)
        var first = min(max(0, current), widths.count - 1)
        if selected < first { return selected }
        while first < selected {
            let shown = visibleColumns(from: first, widths: widths, paneWidth: paneWidth)
            if shown.contains(selected) && fullyFits(first...selected, widths: widths, paneWidth: paneWidth) { break }
            first += 1
        }
        return first
    }

    private static func fullyFits(_ columns: ClosedRange<Int>, widths: [Int], paneWidth: Int) -> Bool {
        var total = 0
        for column in columns where column < widths.count { total += widths[column] }
        total += separatorWidth * (columns.count - 1)
        return total <= paneWidth
    }
}
