import AssocCore
import AssocInsights
import AssocText

/// The summary view, in the Rows pane's place: one line per column of the view, its figures as
/// they come (`…` while computing, `?` where a statement ran out of time), the fields that do
/// not fit the pane's width left out from the right (`y` copies them all).
enum SummaryRenderer {
    /// One field of a line: its header, its width bounds, and its text and style for a column.
    private struct Field: Sendable {
        var header: String
        var minimum: Int
        var maximum: Int
        var alignment: TextWidth.Alignment
        /// Computed after the scan (the storage classes, the grouping).
        var isGrouping = false
        var cell: @Sendable (ColumnSummary) -> StyledText
    }

    private static let unknown = StyledText("?", .dim)

    private static let fields: [Field] = [
        Field(header: "type", minimum: 4, maximum: 18, alignment: .left, isGrouping: true) {
            ViewCopyText.types($0).map { StyledText($0, .normal) } ?? unknown
        },
        Field(header: "null", minimum: 4, maximum: 12, alignment: .right) { count($0.nulls) },
        Field(header: "distinct", minimum: 8, maximum: 12, alignment: .right, isGrouping: true) { count($0.distinct) },
        Field(header: "min", minimum: 3, maximum: 16, alignment: .left) { value($0.minimum, known: $0.rows != nil) },
        Field(header: "max", minimum: 3, maximum: 16, alignment: .left) { value($0.maximum, known: $0.rows != nil) },
        Field(header: "mean", minimum: 4, maximum: 14, alignment: .right) { column in
            if let mean = column.mean { return StyledText(ViewCopyText.mean(mean), .number) }
            return column.rows == nil ? unknown : StyledText("", .normal)
        },
        Field(header: "most frequent", minimum: 13, maximum: 52, alignment: .left, isGrouping: true) { column in
            guard let top = column.mostFrequent else { return column.distinct == nil ? unknown : StyledText("", .normal) }
            let value = ValueFormatter.cell(top.value)
            let ties = (column.mostFrequentTies ?? 1) > 1 ? " (\(column.mostFrequentTies ?? 1) values tie)" : ""
            return StyledText(TextWidth.truncate(value.text, toWidth: 28) + " ×\(top.count)" + ties, value.role)
        }
    ]

    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let summary = state.summary else { return }
        let lines = summary.lines
        let done = summary.doneCount
        let trailing: String
        if let source = summary.source {
            let progress = summary.isComplete ? "" : " · \(done)/\(source.columns.count) done"
            let order = summary.order == .columns ? "" : " · by \(summary.order.label)"
            trailing = "\(lines.isEmpty ? 0 : summary.cursor.index + 1)/\(source.columns.count) columns" + progress + order
        } else {
            trailing = "reading the columns…"
        }
        let content = PaneChrome.drawTitle(
            "Summary: \(Sanitizer.sanitize(summary.view.title))", trailing: trailing, counter: true, in: rect,
            focused: state.focus == .rows, buffer: &buffer)
        guard !content.isEmpty, let source = summary.source else { return }
        if source.columns.isEmpty {
            PaneChrome.drawNote("(no columns)", in: content, buffer: &buffer)
            return
        }
        let visible = max(0, content.height - 1)
        let shown = shownLines(summary, visible: visible)
        let firstField = min(summary.firstField, lastFirstField(for: summary, width: content.width, visible: visible))
        let (nameWidth, columns, used, _) = layout(summary, shown: shown, width: content.width, from: firstField)
        // Figures left out on either side, as the grid marks its columns.
        let more = (firstField > 0 ? "◀" : "") + (firstField + columns.count < fields.count ? "▶" : "")
        if !more.isEmpty {
            buffer.put(more, at: Point(x: content.maxX - TextWidth.width(of: more), y: content.y), maxWidth: 2, style: .dim)
        }

        var header = TextWidth.pad("column", toWidth: nameWidth)
        for (field, width) in columns { header += " │ " + TextWidth.pad(field.header, toWidth: width, alignment: field.alignment) }
        buffer.put(header, at: Point(x: content.x, y: content.y), maxWidth: content.width, style: .header)
        for (line, index) in shown.enumerated() {
            let y = content.y + 1 + line
            let selected = summary.cursor.top + line == summary.cursor.index
            if selected { buffer.fill(Rect(x: content.x, y: y, width: min(content.width, used), height: 1), highlighted: true) }
            var x = content.x
            let name = TextWidth.truncate(Sanitizer.sanitize(source.columns[index]), toWidth: nameWidth)
            x += buffer.put(
                TextWidth.pad(name, toWidth: nameWidth), at: Point(x: x, y: y), maxWidth: nameWidth, style: .normal, highlighted: selected)
            let column = summary.summaries[index]
            let failed = summary.failures[index] != nil
            for (field, width) in columns {
                x += buffer.put(" │ ", at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .border, highlighted: selected)
                let waiting = column == nil || field.isGrouping && summary.awaitsGrouping(index)
                let cell = waiting ? StyledText(failed ? "error" : "…", .dim) : column.map(field.cell) ?? StyledText("…", .dim)
                x += buffer.put(
                    TextWidth.pad(TextWidth.truncate(cell.text, toWidth: width), toWidth: width, alignment: field.alignment),
                    at: Point(x: x, y: y), maxWidth: max(0, min(width, content.maxX - x)), style: cell.role, highlighted: selected)
            }
        }
    }

    /// The column indexes of the lines the pane shows.
    private static func shownLines(_ summary: SummaryState, visible: Int) -> [Int] {
        let lines = summary.lines
        return (0..<visible).compactMap { line in summary.cursor.top + line < lines.count ? lines[summary.cursor.top + line] : nil }
    }

    /// Widths: the names shown, then each field from `firstField` on, within its bounds, while
    /// `width` has room (the last two cells kept for the `◀▶` marks).
    private static func layout(
        _ summary: SummaryState, shown: [Int], width: Int, from firstField: Int
    ) -> (nameWidth: Int, columns: [(field: Field, width: Int)], used: Int, isSqueezed: Bool) {
        let names = summary.source?.columns ?? []
        let nameWidth = min(
            24, max(6, shown.map { $0 < names.count ? TextWidth.width(of: Sanitizer.sanitize(names[$0])) : 0 }.max() ?? 0))
        var used = nameWidth
        var columns: [(field: Field, width: Int)] = []
        var isSqueezed = false
        for field in fields.dropFirst(max(0, firstField)) {
            let texts = shown.compactMap { summary.summaries[$0].map(field.cell)?.text }
            let preferred = min(
                field.maximum, max(field.minimum, TextWidth.width(of: field.header), texts.map { TextWidth.width(of: $0) }.max() ?? 0))
            // Narrower than it would like when the pane ends, never below its minimum.
            let fitted = min(preferred, width - used - 3 - 2)
            guard fitted >= max(field.minimum, TextWidth.width(of: field.header)) else { break }
            columns.append((field, fitted))
            used += 3 + fitted
            isSqueezed = isSqueezed || fitted < preferred
        }
        return (nameWidth, columns, used, isSqueezed)
    }

    /// The last first field worth scrolling to in a pane `width` cells wide: the first from which
    /// every remaining figure fits at its width (→ stops there, with all of them on screen).
    static func lastFirstField(for summary: SummaryState, width: Int, visible: Int) -> Int {
        let shown = shownLines(summary, visible: visible)
        for first in fields.indices {
            let fitted = layout(summary, shown: shown, width: width, from: first)
            if fitted.columns.count == fields.count - first, !fitted.isSqueezed { return first }
        }
        return max(0, fields.count - 1)
    }

    private static func count(_ count: Int?) -> StyledText {
        count.map { StyledText(String($0), .number) } ?? unknown
    }

    private static func value(_ value: DatabaseValue?, known: Bool) -> StyledText {
        guard known else { return unknown }
        guard let value else { return StyledText("", .normal) }
        return ValueFormatter.cell(value)
    }
}
