import AssocCore
import AssocTUI

/// `assoc fetch --format table`: rows aligned for people. Included associations add columns named
/// `key.column`; prefetched ones a `key` column with the number of rows. NULL is `∅` (so it differs
/// from the text 'NULL'); text is sanitized (control characters, escapes and bidi overrides become
/// visible placeholders); wide characters keep columns aligned.
enum RowTableRenderer {
    static let maximumColumnWidth = 40

    struct Cell {
        var text: String
        var isNumber: Bool
    }

    static func render(_ rows: [Row]) -> String {
        guard let first = rows.first else { return "(no rows)\n" }
        let header = headers(of: first, prefix: "")
        let body = rows.map { cells(of: $0) }
        var widths = header.map { min(maximumColumnWidth, TextWidth.width(of: $0)) }
        for line in body {
            for (index, cell) in line.enumerated() where index < widths.count {
                widths[index] = min(maximumColumnWidth, max(widths[index], TextWidth.width(of: cell.text)))
            }
        }
        func format(_ line: [Cell]) -> String {
            line.enumerated().map { index, cell in
                let width = index < widths.count ? widths[index] : maximumColumnWidth
                let text = TextWidth.truncate(cell.text, toWidth: width)
                return TextWidth.pad(text, toWidth: width, alignment: cell.isNumber ? .right : .left)
            }.joined(separator: " │ ").trimmingTrailingSpaces()
        }
        var lines = [format(header.map { Cell(text: $0, isNumber: false) })]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
        lines += body.map(format)
        lines.append("(\(rows.count) row\(rows.count == 1 ? "" : "s"))")
        return lines.joined(separator: "\n") + "\n"
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
