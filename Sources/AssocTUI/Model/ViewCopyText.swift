import AssocCore
import AssocInsights
import AssocText

/// The summary's and the frequencies' figures as text: the cells the summary view draws, and
/// the TSV `y` copies (a header line, then a line per column or value; tabs and line breaks in
/// values written `\t`, `\n`, `\r`, a backslash `\\`; NULL written `NULL`, as `y` copies a cell).
enum ViewCopyText {
    /// The summary's fields, in order: what the header line of the TSV says.
    static let summaryHeader = [
        "column", "rows", "integer", "real", "text", "blob", "null", "distinct", "min", "max", "mean", "most frequent", "count", "ties"
    ]

    /// The summary as TSV, its lines in the order shown; a figure not known is `?`.
    static func summary(_ summary: SummaryState) -> String {
        var lines = [summaryHeader.joined(separator: "\t")]
        for index in summary.lines {
            let name = summary.source?.columns[index] ?? ""
            guard let column = summary.summaries[index] else {
                lines.append(([field(name)] + Array(repeating: "?", count: summaryHeader.count - 1)).joined(separator: "\t"))
                continue
            }
            let counts = [column.rows, column.integers, column.reals, column.texts, column.blobs, column.nulls, column.distinct]
            var fields = [field(name)] + counts.map { $0.map(String.init) ?? "?" }
            fields += [column.minimum, column.maximum].map { $0.map(value) ?? "?" }
            fields.append(column.mean.map { ValueFormatter.cell(.real($0)).text } ?? (column.rows == nil ? "?" : ""))
            if let top = column.mostFrequent {
                fields += [value(top.value), String(top.count), column.mostFrequentTies.map(String.init) ?? "?"]
            } else {
                fields += column.distinct == nil ? ["?", "?", "?"] : ["", "", ""]
            }
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The loaded window of the frequencies as TSV: a column per value grouped by, the count and
    /// the share of the rows.
    static func frequencies(_ frequency: FrequencyState) -> String {
        var lines = [(frequency.query.columnLabels.map(field) + ["count", "%"]).joined(separator: "\t")]
        guard let page = frequency.page else { return lines[0] + "\n" }
        for row in page.rows {
            let values = row.values.map(value) + [String(row.count), FrequencyRenderer.percent(row.count, of: page.totalRows)]
            lines.append(values.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value in a TSV field.
    static func value(_ value: DatabaseValue) -> String {
        value.isNull ? "NULL" : field(RowsState.plain(value))
    }

    /// Text in a TSV field: tabs, line breaks and backslashes escaped.
    static func field(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A mean as the summary shows it: four decimals at most.
    static func mean(_ mean: Double) -> String {
        guard mean.isFinite, abs(mean) < 1e14 else { return ValueFormatter.cell(.real(mean)).text }
        return ValueFormatter.cell(.real((mean * 10_000).rounded() / 10_000)).text
    }

    /// The storage classes seen, in few characters: `integer`, `int 5 text 2`, `null` when every
    /// value is NULL, empty without rows.
    static func types(_ column: ColumnSummary) -> String? {
        guard let integers = column.integers, let reals = column.reals, let texts = column.texts, let blobs = column.blobs else {
            return nil
        }
        let seen = [("integer", "int", integers), ("real", "real", reals), ("text", "text", texts), ("blob", "blob", blobs)]
            .filter { $0.2 > 0 }
        if seen.count == 1 { return seen[0].0 }
        if seen.isEmpty { return (column.nulls ?? 0) > 0 ? "null" : "" }
        return seen.map { "\($0.1) \($0.2)" }.joined(separator: " ")
    }
}
