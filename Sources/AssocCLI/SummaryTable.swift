import AssocCore
import AssocInsights
import AssocText

/// `assoc summary`'s output: a line per column, aligned (`table`), or an object per column
/// (`json`). Unknown figures (a statement that ran out of time) are `?` in the table, null in JSON.
enum SummaryTable {
    static let headers = [
        "column", "rows", "integer", "real", "text", "blob", "null", "distinct", "min", "max", "mean", "most frequent", "count", "ties"
    ]
    /// Which fields are numbers (right-aligned).
    private static let numeric: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 10, 12, 13]

    /// The widths of the fields: the names' (up to 40), counts 9 or 10 cells, values 20.
    static func widths(names: [String]) -> [Int] {
        let name = min(40, max(6, names.map { TextWidth.width(of: Sanitizer.sanitize($0)) }.max() ?? 0))
        return [name, 10, 9, 9, 9, 9, 9, 10, 20, 20, 14, 20, 10, 5]
    }

    static func header(widths: [Int]) -> String {
        let cells = headers.enumerated().map { RowTableRenderer.Cell(text: $1, isNumber: numeric.contains($0)) }
        return RowTableRenderer.format(cells, widths: widths) + "\n"
            + widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
    }

    static func line(_ column: ColumnSummary, widths: [Int]) -> String {
        func count(_ value: Int?) -> RowTableRenderer.Cell { RowTableRenderer.Cell(text: value.map(String.init) ?? "?", isNumber: true) }
        let unknown = RowTableRenderer.Cell(text: "?", isNumber: false)
        let empty = RowTableRenderer.Cell(text: "", isNumber: false)
        var cells = [RowTableRenderer.Cell(text: Sanitizer.sanitize(column.name), isNumber: false)]
        cells += [column.rows, column.integers, column.reals, column.texts, column.blobs, column.nulls, column.distinct].map(count)
        let scanned = column.rows != nil
        cells += [column.minimum, column.maximum].map { value in
            guard scanned else { return unknown }
            return value.map { RowTableRenderer.cell($0) } ?? empty
        }
        cells.append(column.mean.map { RowTableRenderer.Cell(text: mean($0), isNumber: true) } ?? (scanned ? empty : unknown))
        if let top = column.mostFrequent {
            cells += [RowTableRenderer.cell(top.value), count(top.count), count(column.mostFrequentTies)]
        } else {
            cells += column.distinct == nil ? [unknown, unknown, unknown] : [empty, empty, empty]
        }
        return RowTableRenderer.format(cells, widths: widths)
    }

    /// `{"column", "rows", "integer", "real", "text", "blob", "null", "distinct", "min", "max",
    /// "mean", "mostFrequent": {"value", "count", "ties"} | null, "ranOutOfTime"}` (`distinct`
    /// leaves NULL out; `ties`: how many values share the top count); values as `fetch
    /// --format json` writes them.
    static func json(_ column: ColumnSummary) -> JSONValue {
        func count(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
        let top: JSONValue =
            column.mostFrequent.map {
                .object([("value", RowJSON.json($0.value)), ("count", .int($0.count)), ("ties", count(column.mostFrequentTies))])
            } ?? .null
        return .object([
            ("column", .string(column.name)), ("rows", count(column.rows)), ("integer", count(column.integers)),
            ("real", count(column.reals)), ("text", count(column.texts)), ("blob", count(column.blobs)), ("null", count(column.nulls)),
            ("distinct", count(column.distinct)), ("min", column.minimum.map(RowJSON.json) ?? .null),
            ("max", column.maximum.map(RowJSON.json) ?? .null), ("mean", column.mean.map { .real($0) } ?? .null),
            ("mostFrequent", top), ("ranOutOfTime", .bool(column.ranOutOfTime))
        ])
    }

    /// A mean with four decimals at most (JSON has it whole).
    static func mean(_ mean: Double) -> String {
        guard mean.isFinite, abs(mean) < 1e14 else { return ValueFormatter.real(mean) }
        return ValueFormatter.real((mean * 10_000).rounded() / 10_000)
    }
}
