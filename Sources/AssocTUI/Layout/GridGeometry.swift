import AssocText

/// Column sizes of the rows grid, shared by the renderer and the reducer (which keeps the
/// selected column visible). Pure arithmetic over the visible rows. The first `pinned` columns
/// stay at the left whatever the horizontal scroll; the others scroll behind them.
enum GridGeometry {
    /// Between two columns.
    static let separator = " │ "
    static let separatorWidth = 3
    /// No column is wider than this by itself; longer values end with "…" (`>` widens it).
    static let maximumColumnWidth = 40
    /// How far `<` and `>` change a column's width.
    static let widthStep = 4
    static let widestColumn = 200

    /// Each column's width: the widest of its header (with its sort mark) and its visible values
    /// (with their labels when `labels`), capped, then changed by the view's `<` and `>`.
    static func columnWidths(_ rows: RowsState, visibleRows: Int, labels: Bool = false) -> [Int] {
        // A sorted column's header ends with its mark (▲, ▼2): room for it when the column allows.
        let marks = SortMarks.marks(of: rows)
        var widths = rows.columns.enumerated().map { index, column in
            min(maximumColumnWidth, max(1, TextWidth.width(of: Sanitizer.sanitize(column.header)) + SortMarks.extraWidth(marks[index])))
        }
        let start = rows.cursor.top
        for index in start..<(start + max(0, visibleRows)) {
            guard let row = rows.row(at: index) else { continue }
            for (column, value) in row.enumerated() where column < widths.count {
                let w = TextWidth.width(of: LabeledCell.cell(value, label: labels ? rows.label(at: index, column: column) : nil).text)
                if w > widths[column] { widths[column] = min(maximumColumnWidth, w) }
            }
        }
        let changes = rows.view.presentation.widthChanges
        if !changes.isEmpty {
            for (index, column) in rows.columns.enumerated() {
                if let change = changes[column] { widths[index] = min(widestColumn, max(1, widths[index] + change)) }
            }
        }
        return widths
    }

    /// The columns shown: the pinned ones that fit, then from `first` (past the pinned ones) as
    /// many as fit in `paneWidth` cells; at least one (truncated) when there is any.
    static func visibleColumns(from first: Int, widths: [Int], paneWidth: Int, pinned: Int = 0) -> [Int] {
        let pinned = min(max(0, pinned), widths.count)
        var shown: [Int] = []
        var used = 0
        for column in Array(0..<pinned) + Array(max(first, pinned)..<max(max(first, pinned), widths.count)) {
            let separator = shown.isEmpty ? 0 : separatorWidth
            if used + separator + widths[column] > paneWidth {
                // The first scrolled column shows cut rather than not at all.
                if column >= pinned, shown.count == pinned, used + separator < paneWidth { shown.append(column) }
                if column < pinned, shown.isEmpty { shown.append(column) }
                if column < pinned { continue }
                break
            }
            used += separator + widths[column]
            shown.append(column)
        }
        return shown
    }

    /// The first scrolled column that keeps `selected` in view, moving as little as possible
    /// from `current`; a pinned column is always in view.
    static func firstColumn(showing selected: Int, from current: Int, widths: [Int], paneWidth: Int, pinned: Int = 0) -> Int {
        guard !widths.isEmpty else { return 0 }
        let pinned = min(max(0, pinned), widths.count)
        let selected = min(max(0, selected), widths.count - 1)
        var first = min(max(pinned, current), widths.count - 1)
        if selected < pinned { return first }
        if selected < first { return selected }
        while first < selected {
            if visibleColumns(from: first, widths: widths, paneWidth: paneWidth, pinned: pinned).contains(selected),
                fullyFits(Array(0..<pinned) + Array(first...selected), widths: widths, paneWidth: paneWidth)
            {
                break
            }
            first += 1
        }
        return first
    }

    private static func fullyFits(_ columns: [Int], widths: [Int], paneWidth: Int) -> Bool {
        var total = 0
        for column in columns where column < widths.count { total += widths[column] }
        total += separatorWidth * max(0, columns.count - 1)
        return total <= paneWidth
    }
}
