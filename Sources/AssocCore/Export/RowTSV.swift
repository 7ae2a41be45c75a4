/// Rows as tab-separated values: a header line (`key.column` names for included associations, as
/// `RowCSV`), then one line per row, each ending with LF. In a field, a backslash, a tab, a line
/// feed and a carriage return are written `\\`, `\t`, `\n`, `\r` (the escapes of PostgreSQL's and
/// MySQL's text formats), so one line is always one row. NULL is an empty field, BLOBs are base64,
/// a prefetched association is one field holding its rows as JSON.
package enum RowTSV {
    /// The header line for rows shaped like `row`.
    package static func header(for row: Row) -> String {
        RowCSV.headers(of: row, prefix: "").map(field).joined(separator: "\t") + "\n"
    }

    /// One data line.
    package static func line(for row: Row) throws -> String {
        try RowCSV.cells(of: row).map(field).joined(separator: "\t") + "\n"
    }

    /// `text` with its backslashes, tabs and line ends escaped.
    package static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
