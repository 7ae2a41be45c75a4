import AssocInsights
import AssocText

/// The frequency view, in the Rows pane's place: one line per distinct value, most frequent first,
/// with its count, its share of the view's rows and a bar scaled to the most frequent value.
enum FrequencyRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let frequency = state.frequency else { return }
        let page = frequency.page
        let trailing: String
        if let page {
            let rowsText = "\(page.totalRows) row\(page.totalRows == 1 ? "" : "s")"
            trailing =
                page.distinctCount == 0
                ? "no rows"
                : "\(frequency.cursor.index + 1)/\(page.distinctCount) value\(page.distinctCount == 1 ? "" : "s") · \(rowsText)"
        } else {
            trailing = "counting…"
        }
        let content = PaneChrome.drawTitle(
            "Frequencies: \(Sanitizer.sanitize(frequency.query.columnLabel)) in \(Sanitizer.sanitize(frequency.view.title))",
            trailing: trailing, counter: true, in: rect, focused: state.focus == .rows, buffer: &buffer)
        guard !content.isEmpty, let page else { return }
        if page.distinctCount == 0 {
            PaneChrome.drawNote("(no rows)", in: content, buffer: &buffer)
            return
        }
        let visible = max(0, content.height - 1)
        let shownRows = (0..<visible).compactMap { frequency.row(at: frequency.cursor.top + $0) }
        // Column widths: the values shown (within a third of the pane, shared by the columns
        // grouped by), the largest count.
        let labels = frequency.query.columnLabels.map { Sanitizer.sanitize($0) }
        let valueWidths = labels.indices.map { position in
            let shown = shownRows.map { row in
                position < row.values.count ? TextWidth.width(of: cell(row, at: position, of: frequency, labeled: state.showsLabels).text) : 0
            }
            let header = labels.count > 1 ? TextWidth.width(of: labels[position]) : 5
            return min(max(5, content.width / (3 * labels.count)), max(5, header, shown.max() ?? 0))
        }
        let valueWidth = valueWidths.reduce(0, +) + 3 * (valueWidths.count - 1)
        let countWidth = max(5, String(page.rows.first?.count ?? 0).count)
        let percentWidth = 7
        let barX = valueWidth + countWidth + percentWidth + 3 * 3
        let barWidth = max(0, content.width - barX)
        let top = max(1, page.rows.first?.count ?? 1)

        let valueHeader =
            labels.count > 1
            ? zip(labels, valueWidths).map { TextWidth.pad(TextWidth.truncate($0, toWidth: $1), toWidth: $1) }.joined(separator: " │ ")
            : TextWidth.pad("value", toWidth: valueWidth)
        let header =
            valueHeader + " │ " + TextWidth.pad("count", toWidth: countWidth, alignment: .right)
            + " │ " + TextWidth.pad("%", toWidth: percentWidth, alignment: .right) + " │ "
        buffer.put(header, at: Point(x: content.x, y: content.y), maxWidth: content.width, style: .header)
        for line in 0..<visible {
            let index = frequency.cursor.top + line
            guard index < page.distinctCount else { break }
            let y = content.y + 1 + line
            let selected = index == frequency.cursor.index
            if selected { buffer.fill(Rect(x: content.x, y: y, width: min(content.width, barX), height: 1), highlighted: true) }
            guard let row = frequency.row(at: index) else {
                buffer.put("…", at: Point(x: content.x, y: y), maxWidth: content.width, style: .dim, highlighted: selected)
                continue
            }
            var x = content.x
            for (position, width) in valueWidths.enumerated() {
                if position > 0 {
                    x += buffer.put(" │ ", at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .border, highlighted: selected)
                }
                let value = cell(row, at: position, of: frequency, labeled: state.showsLabels)
                let alignment: TextWidth.Alignment = value.role == .number ? .right : .left
                x += buffer.put(
                    TextWidth.pad(TextWidth.truncate(value.text, toWidth: width), toWidth: width, alignment: alignment),
                    at: Point(x: x, y: y), maxWidth: max(0, min(width, content.maxX - x)), style: value.role, highlighted: selected)
            }
            x += buffer.put(" │ ", at: Point(x: x, y: y), maxWidth: content.maxX - x, style: .border, highlighted: selected)
            x += buffer.put(
                TextWidth.pad(String(row.count), toWidth: countWidth, alignment: .right),
                at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .number, highlighted: selected)
            x += buffer.put(" │ ", at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .border, highlighted: selected)
            x += buffer.put(
                TextWidth.pad(percent(row.count, of: page.totalRows), toWidth: percentWidth, alignment: .right),
                at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .number, highlighted: selected)
            x += buffer.put(" │ ", at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x), style: .border, highlighted: selected)
            // The bar is never reversed: a reversed block would read as an empty cell.
            buffer.put(
                bar(row.count, of: top, width: barWidth), at: Point(x: x, y: y), maxWidth: max(0, content.maxX - x),
                style: .link)
        }
    }

    /// The value at `position` of `row`, with its parent's label beside it for a key column
    /// (`1 · Rock`) when labels are shown (`L`), as the grid shows it.
    static func cell(_ row: FrequencyRow, at position: Int, of frequency: FrequencyState, labeled: Bool) -> StyledText {
        let value = position < row.values.count ? row.values[position] : .null
        let label = labeled ? frequency.labels[position]?[value] : nil
        return LabeledCell.cell(value, label: label, fullLength: row.cutLengths[position])
    }

    /// `12.3 %`, `<0.1 %` for a sliver that would round to nothing.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "" }
        let tenths = (count * 1000 + total / 2) / total
        if tenths == 0 && count > 0 { return "<0.1 %" }
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// A bar of eighths, `width` cells for the most frequent value (`top`), at least a sliver for any count.
    static func bar(_ count: Int, of top: Int, width: Int) -> String {
        guard width > 0, top > 0, count > 0 else { return "" }
        let eighths = max(1, (count * width * 8 + top / 2) / top)
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }
}
