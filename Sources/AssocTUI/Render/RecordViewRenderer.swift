import AssocCore
import AssocText

/// The record view (`v`): the selected row shown vertically, one column per block, long text
/// wrapped (line breaks in the value start new lines), BLOBs as size plus a hex dump of
/// their first 32 bytes.
enum RecordViewRenderer {
    /// Bytes of a blob shown in the record view.
    static let blobHeadBytes = 32
    /// Characters of a text value shown in the record view: wrapping a 10 MB value on every
    /// redraw took seconds and left the browser unresponsive.
    static let textHeadCharacters = ReadLimits.cellPreview

    static func render(_ state: AppState, scroll: Int, in rect: Rect, buffer: inout ScreenBuffer) {
        buffer.fill(rect)
        guard let rows = state.rows, let row = rows.selectedRow else { return }
        let title = "Record \(rows.counterLabel): \(rows.view.title)"
        let content = PaneChrome.drawTitle(title, trailing: "Esc closes", in: rect, focused: true, buffer: &buffer)
        let cut = rows.columns.indices.map { rows.cutLength(at: rows.cursor.index, column: $0) }
        let labels = rows.columns.indices.map { state.showsLabels ? rows.label(at: rows.cursor.index, column: $0) : nil }
        var lines = self.lines(columns: rows.columns.map(\.header), row: row, width: content.width, cutLengths: cut, labels: labels)
        // Which column labels each labelled key's parent: the choice explained (an associations
        // file's `Table.label(Column)` changes it).
        let sources = rows.columns.compactMap { column in
            state.showsLabels ? rows.page?.labelSources[column].map { (column.header, $0) } : nil
        }
        if !sources.isEmpty {
            lines.append([StyledText("")])
            for (header, source) in sources {
                let text = "\(Sanitizer.sanitize(header)) is labelled by \(Sanitizer.sanitize(source))"
                lines += TextWrap.lines(text, width: content.width, atSpaces: true).map { [StyledText($0, .dim)] }
            }
        }
        let start = min(max(0, scroll), max(0, lines.count - 1))
        for line in 0..<content.height {
            let index = start + line
            guard index < lines.count else { break }
            buffer.put(lines[index], at: Point(x: content.x, y: content.y + line), maxWidth: content.width)
        }
    }

    /// The record as lines of `width` cells: `name │ value`, continuation lines indented. The name
    /// column is as wide as the longest name, up to two fifths of the width; a longer name wraps
    /// onto the next lines instead of being cut. A key with a label (`L`) reads as in the grid,
    /// `97 · Colette Moreau` (or `4 · ⚠ no Artist`), wrapped.
    static func lines(
        columns: [String], row: [DatabaseValue], width: Int, cutLengths: [Int?] = [], labels: [CellLabel?] = []
    ) -> [[StyledText]] {
        let longest = columns.map { TextWidth.width(of: Sanitizer.sanitize($0)) }.max() ?? 4
        let nameWidth = max(1, min(longest, max(8, width * 2 / 5)))
        let valueWidth = max(1, width - nameWidth - 3)
        var lines: [[StyledText]] = []
        for (index, column) in columns.enumerated() {
            let value = index < row.count ? row[index] : .null
            let names = TextWrap.lines(Sanitizer.sanitize(column), width: nameWidth, atSpaces: false)
            let label = index < labels.count ? labels[index] : nil
            let values =
                labeledPieces(value, label: label, width: valueWidth)
                ?? pieces(
                    value, width: valueWidth, cutLength: index < cutLengths.count ? cutLengths[index] : nil)
            for line in 0..<max(names.count, values.count) {
                let name = line < names.count ? names[line] : ""
                lines.append([
                    StyledText(TextWidth.pad(name, toWidth: nameWidth), .header), StyledText(" │ ", .border),
                    line < values.count ? values[line] : StyledText("")
                ])
            }
        }
        return lines
    }

    /// A labelled key's `value · label` wrapped to `width`, in the grid cell's style; nil when
    /// the value has no label to show.
    static func labeledPieces(_ value: DatabaseValue, label: CellLabel?, width: Int) -> [StyledText]? {
        guard let label else { return nil }
        let cell = LabeledCell.cell(value, label: label)
        guard cell.text != ValueFormatter.cell(value).text else { return nil }
        return TextWrap.lines(cell.text, width: width).map { StyledText($0, cell.role) }
    }

    /// The value cut into pieces of at most `width` cells.
    /// `cutLength`: the value's full length when the page read it cut.
    static func pieces(_ value: DatabaseValue, width: Int, cutLength: Int? = nil) -> [StyledText] {
        switch value {
        case .text(let full):
            // utf8.count is O(1) and never below the character count: short values skip the cut.
            // Cut by scalars (one cluster can hold millions), with at most 16 marks a cluster.
            let text =
                full.utf8.count > textHeadCharacters
                ? Sanitizer.bounded(full, maximumScalars: textHeadCharacters).0
                : ValueFormatter.shownText(full)  // a text that reads as NULL in SQL quotes
            var result: [StyledText] = []
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let sanitized = Sanitizer.sanitize(String(paragraph), maximumScalars: textHeadCharacters)
                for line in TextWrap.lines(sanitized, width: width) { result.append(StyledText(line)) }
            }
            if cutLength != nil {
                result.append(StyledText("… cut: the browser reads the first \(full.count.groupedDigits) characters", .dim))
            } else if text.utf8.count < full.utf8.count {
                result.append(StyledText("… \(full.utf8.count - text.utf8.count) more bytes", .dim))
            }
            return result.isEmpty ? [StyledText("")] : result
        case .blob(let bytes):
            // "blob, 40 B", then a hex dump of the first bytes, as many per line as fit.
            let size = cutLength ?? bytes.count
            var result = [StyledText("blob, \(size) B", .dim)]
            let head = Array(bytes.prefix(blobHeadBytes))
            let perLine = max(1, (width + 1) / 3)
            var start = 0
            while start < head.count {
                let chunk = head[start..<min(head.count, start + perLine)]
                result.append(StyledText(chunk.map { ValueFormatter.hex([$0]) }.joined(separator: " ")))
                start += perLine
            }
            if size > head.count {
                result.append(StyledText("… \(size - head.count) more bytes", .dim))
            }
            return result
        default:
            let cell = ValueFormatter.cell(value)
            return TextWrap.lines(cell.text, width: width).map { StyledText($0, cell.role) }
        }
    }
}
