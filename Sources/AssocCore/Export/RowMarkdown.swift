/// Rows as a Markdown table (GitHub's pipe tables): a header row of the column names (`key.column`
/// for included associations, as `RowCSV`), a `| --- |` delimiter row, then one row per row. In a
/// cell, `|` is written `\|` and a backslash `\\` (so that no text ends or escapes a cell), and a
/// line break (LF, CR or CRLF) `<br>`; NULL is an empty cell, BLOBs are base64, a prefetched
/// association is one cell holding its rows as JSON.
package enum RowMarkdown {
    /// The header and delimiter rows for rows shaped like `row`.
    package static func header(for row: Row) -> String {
        let names = RowCSV.headers(of: row, prefix: "")
        return tableRow(names.map(cell)) + tableRow(names.map { _ in "---" })
    }

    /// One table row.
    package static func line(for row: Row) throws -> String {
        tableRow(try RowCSV.cells(of: row).map(cell))
    }

    /// `| a | b |` and a line feed.
    static func tableRow(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// `text` as the content of one cell on one line.
    package static func cell(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "|" || $0 == "\n" || $0 == "\r" }) else { return text }
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "|": result.append(contentsOf: "\\|".unicodeScalars)
            case "\r": result.append(contentsOf: "<br>".unicodeScalars)
            case "\n": if !afterCR { result.append(contentsOf: "<br>".unicodeScalars) }
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
