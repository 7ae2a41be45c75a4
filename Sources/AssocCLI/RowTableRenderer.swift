import AssocCore
import AssocTUI

/// `assoc fetch --format table`: rows aligned for people, written as they are read. Column widths
/// are measured on the header and the first `measuredRows` rows (at most `maximumColumnWidth`),
/// then kept: a later, wider value is truncated with `…`. Included associations add columns
/// named `key.column`; prefetched ones a `key` column with the number of rows. NULL is `∅` (so
/// it differs from the text 'NULL'); text is sanitized (control characters, escapes and bidi
/// overrides become visible placeholders); wide characters keep columns aligned.
struct RowTableRenderer {
    static let maximumColumnWidth = 40
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
        if let widths {
            try output.write(Self.format(Self.cells(of: row), widths: widths) + "\n")
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

    static func headers(of row: Row, prefix: String) -> [String] {
        var result = row.columnNames.map { Sanitizer.sanitize(prefix + $0) }
        for (key, scope) in row.scopes {
            result += headers(of: scope, prefix: scope.columnNames.isEmpty ? prefix : prefix + key + ".")
        }
        result += row.prefetched.map { Sanitizer.sanitize(prefix + $0.key) }
        return result
    }

    static func cells(of row: Row) -> [Cell] {
        var result = row.values.map(cell)
        for (_, scope) in row.scopes { result += cells(of: scope) }
        result += row.prefetched.map { Cell(text: "\($0.rows.count) row\($0.rows.count == 1 ? "" : "s")", isNumber: true) }
        return result
    }

    static func cell(_ value: DatabaseValue) -> Cell {
        switch value {
        case .null: return Cell(text: "∅", isNumber: false)
        case .integer(let v): return Cell(text: String(v), isNumber: true)
        case .real(let v): return Cell(text: ValueFormatter.real(v), isNumber: true)
        case .text(let s): return Cell(text: Sanitizer.sanitize(s), isNumber: false)
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
