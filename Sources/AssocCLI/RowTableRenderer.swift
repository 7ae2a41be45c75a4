import AssocCore
import AssocText

/// `assoc fetch --format table`: rows aligned for people, written as they are read. Column widths
/// are measured on the header and the first `measuredRows` rows (at most `maximumColumnWidth`);
/// a later, wider value widens its column from its row on (up to `maximumColumnWidth`, beyond
/// which text is cut with `…`), so numbers are never cut. Included associations add columns
/// named `key.column`; prefetched ones a `key` column with the number of rows. NULL is `∅`, as
/// in the browser; a text that would read as it is written as an SQL literal (`'∅'`, see
/// `ValueFormatter.shownText`), and the text 'NULL' as it is; text is sanitized (control characters, escapes and bidi
/// overrides become visible placeholders); wide characters keep columns aligned.
struct RowTableRenderer {
    static let maximumColumnWidth = 40
    /// The characters of a text (bytes of a blob) read for a cell: more than a column shows, so
    /// that a text read cut is still cut with `…` (`Database.cursor(_:previewingCellsUpTo:)`).
    static let previewLimit = 4 * maximumColumnWidth
    /// The rows read before the widths are chosen (and the most held in memory).
    static let measuredRows = 1000

    struct Cell {
        var text: String
        var isNumber: Bool
    }

    private var header: [String]?
    private var measured: [[Cell]] = []
    private var widths: [Int]?
    private var count = 0

    /// Takes one row: kept while widths are measured, written once they are known.
    mutating func add(_ row: Row, to output: inout BufferedOutput) throws {
        count += 1
        if var widths {
            self.widths = nil  // the one reference while it grows: no copy per row
            Self.appendLine(of: row, widths: &widths, to: &output.buffer)
            self.widths = widths
            try output.flushIfFull()
            return
        }
        if header == nil { header = Self.headers(of: row, prefix: "") }
        measured.append(Self.cells(of: row))
        if measured.count >= Self.measuredRows { try writeMeasured(to: &output) }
    }

    /// Writes what is left and the row count.
    mutating func finish(to output: inout BufferedOutput) throws {
        guard count > 0 else {
            try output.write("(no rows)\n")
            return
        }
        if widths == nil { try writeMeasured(to: &output) }
        try output.write("(\(count) row\(count == 1 ? "" : "s"))\n")
    }

    /// Chooses the widths from the header and the rows read so far, and writes them.
    private mutating func writeMeasured(to output: inout BufferedOutput) throws {
        let header = header ?? []
        var widths = header.map { min(Self.maximumColumnWidth, TextWidth.width(of: $0)) }
        for line in measured {
            for (index, cell) in line.enumerated() where index < widths.count {
                widths[index] = min(Self.maximumColumnWidth, max(widths[index], TextWidth.width(of: cell.text)))
            }
        }
        self.widths = widths
        try output.write(Self.format(header.map { Cell(text: $0, isNumber: false) }, widths: widths) + "\n")
        try output.write(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─") + "\n")
        for line in measured { try output.write(Self.format(line, widths: widths) + "\n") }
        measured = []
    }

    static func format(_ line: [Cell], widths: [Int]) -> String {
        line.enumerated().map { index, cell in
            let width = index < widths.count ? widths[index] : maximumColumnWidth
            let text = TextWidth.truncate(cell.text, toWidth: width)
            return TextWidth.pad(text, toWidth: width, alignment: cell.isNumber ? .right : .left)
        }.joined(separator: " │ ").trimmingTrailingSpaces()
    }

    /// The line of `row`, as `format(cells(of: row), widths:)` writes it, as bytes: numbers and
    /// printable ASCII text are measured and cut by their bytes, other text goes through
    /// `TextWidth` and `Sanitizer`. A value wider than its column widens it first (up to
    /// `maximumColumnWidth`).
    static func appendLine(of row: Row, widths: inout [Int], to out: inout [UInt8]) {
        let start = out.count
        var column = 0
        appendCells(of: row, widths: &widths, column: &column, to: &out)
        while out.count > start, out.last == UInt8(ascii: " ") { out.removeLast() }
        out.append(UInt8(ascii: "\n"))
    }

    private static let separator = Array(" │ ".utf8)
    private static let ellipsis = Array("…".utf8)
    private static let nullSign = Array(ValueFormatter.nullSign.utf8)

    private static func appendCells(of row: Row, widths: inout [Int], column: inout Int, to out: inout [UInt8]) {
        /// The column's width, widened to hold `needed` cells (up to the maximum).
        func width(_ needed: Int) -> Int {
            guard column < widths.count else { return maximumColumnWidth }
            if needed > widths[column] { widths[column] = min(maximumColumnWidth, needed) }
            return widths[column]
        }
        func next() {
            column += 1
        }
        for (index, value) in row.values.enumerated() {
            if column > 0 { out.append(contentsOf: separator) }
            switch value {
            case .null:
                let width = width(1)
                if width > 0 {
                    out.append(contentsOf: nullSign)
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - 1))
                }
            case .integer(let v):
                let length = decimalLength(v)
                let width = width(length)
                if length <= width {
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - length))
                    JSONBytes.appendInteger(v, to: &out)
                } else {
                    appendCell(cell(value), width: { _ in width }, to: &out)
                }
            case .real(let v) where v.isFinite:
                // Written in place (ASCII digits), then padded on the left or cut.
                let start = out.count
                RealText.appendReadable(v, to: &out)
                let length = out.count - start
                let width = width(length)
                if length > width {
                    out.removeLast(length - max(0, width - 1))
                    if width > 0 { out.append(contentsOf: ellipsis) }
                } else if length < width {
                    out.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - length), at: start)
                }
            case .real(let v):
                var text = ValueFormatter.real(v)
                text.withUTF8 { appendASCII($0, width: width($0.count), rightAligned: true, to: &out) }
            case .text(var text):
                let printable = text.withUTF8 { bytes -> Bool in
                    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
                    appendASCII(bytes, width: width(bytes.count), rightAligned: false, to: &out)
                    return true
                }
                if !printable { appendCell(cell(value), width: width, to: &out) }
            case .blob:
                appendCell(cell(value, cutLength: row.cutLength(at: index)), width: width, to: &out)
            }
            next()
        }
        for (_, scope) in row.scopes { appendCells(of: scope, widths: &widths, column: &column, to: &out) }
        for (_, rows) in row.prefetched {
            if column > 0 { out.append(contentsOf: separator) }
            appendCell(Cell(text: "\(rows.count) row\(rows.count == 1 ? "" : "s")", isNumber: true), width: width, to: &out)
            next()
        }
    }

    /// The characters of `value` in decimal, its sign included.
    static func decimalLength(_ value: Int64) -> Int {
        var magnitude = value.magnitude
        var length = value < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }

    /// Printable ASCII bytes in `width` cells: cut with `…`, or padded.
    private static func appendASCII<C: Collection<UInt8>>(_ bytes: C, width: Int, rightAligned: Bool, to out: inout [UInt8]) {
        guard width > 0 else { return }
        if bytes.count > width {
            out.append(contentsOf: bytes.prefix(width - 1))
            out.append(contentsOf: ellipsis)
            return
        }
        let missing = width - bytes.count
        if rightAligned { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: missing)) }
        out.append(contentsOf: bytes)
        if !rightAligned { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: missing)) }
    }

    /// A cell measured by `TextWidth`, widening its column first.
    private static func appendCell(_ cell: Cell, width: (Int) -> Int, to out: inout [UInt8]) {
        let width = width(TextWidth.width(of: cell.text))
        let text = TextWidth.truncate(cell.text, toWidth: width)
        out.append(contentsOf: TextWidth.pad(text, toWidth: width, alignment: cell.isNumber ? .right : .left).utf8)
    }

    static func headers(of row: Row, prefix: String) -> [String] {
        var result = row.columnNames.map { Sanitizer.sanitize(prefix + $0) }
        for (key, scope) in row.scopes {
            result += headers(of: scope, prefix: scope.columnNames.isEmpty ? prefix : prefix + key + ".")
        }
        result += row.prefetched.map { Sanitizer.sanitize(prefix + $0.key) }
        return result
    }

    static func cells(of row: Row) -> [Cell] {
        var result = row.values.indices.map { cell(row.values[$0], cutLength: row.cutLength(at: $0)) }
        for (_, scope) in row.scopes { result += cells(of: scope) }
        result += row.prefetched.map { Cell(text: "\($0.rows.count) row\($0.rows.count == 1 ? "" : "s")", isNumber: true) }
        return result
    }

    /// `cutLength`: the value's full length when it was read cut (the renderer reads previews:
    /// a cell shows `maximumColumnWidth` characters at most).
    static func cell(_ value: DatabaseValue, cutLength: Int? = nil) -> Cell {
        if case .blob(let bytes) = value, let cutLength {
            return Cell(text: ValueFormatter.cutBlob(bytes, fullLength: cutLength, head: 8), isNumber: false)
        }
        switch value {
        case .null: return Cell(text: ValueFormatter.nullSign, isNumber: false)
        case .integer(let v): return Cell(text: String(v), isNumber: true)
        case .real(let v): return Cell(text: ValueFormatter.real(v), isNumber: true)
        case .text(let s): return Cell(text: Sanitizer.sanitize(ValueFormatter.shownText(s)), isNumber: false)
        case .blob(let bytes): return Cell(text: ValueFormatter.blob(bytes, head: 8), isNumber: false)
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = Substring(self)
        while result.last == " " { result = result.dropLast() }
        return String(result)
    }
}
