/// Rows as CSV (RFC 4180): one header line with `key.column` names for included associations,
/// then one line per row. NULL is an empty field, BLOBs are base64, a prefetched association is
/// one field holding its rows as JSON. Lines end with CRLF, as the RFC says.
package enum RowCSV {
    /// The whole document.
    package static func render(_ rows: [Row]) throws -> String {
        guard let first = rows.first else { return "" }
        var text = header(for: first)
        for row in rows { text += try line(for: row) }
        return text
    }

    /// The header line for rows shaped like `row`.
    package static func header(for row: Row) -> String {
        headers(of: row, prefix: "").map(field).joined(separator: ",") + "\r\n"
    }

    /// One data line.
    package static func line(for row: Row) throws -> String {
        try cells(of: row).map(field).joined(separator: ",") + "\r\n"
    }

    static func headers(of row: Row, prefix: String) -> [String] {
        var result = row.columnNames.map { prefix + $0 }
        for (key, scope) in row.scopes {
            result += headers(of: scope, prefix: scope.columnNames.isEmpty ? prefix : prefix + key + ".")
        }
        result += row.prefetched.map { prefix + $0.key }
        return result
    }

    static func cells(of row: Row) throws -> [String] {
        var result = row.values.map(text)
        for (_, scope) in row.scopes { result += try cells(of: scope) }
        for (_, rows) in row.prefetched {
            result.append(JSONValue.array(try rows.map(RowJSON.object)).compact)
        }
        return result
    }

    static func text(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return ""
        case .integer(let v): return String(v)
        case .real(let v): return RealText.readable(v)
        case .text(let s): return s
        case .blob(let b): return Base64.encode(b)
        }
    }

    /// A field, quoted when it holds a comma, a quote, a line break (CR or LF) or leading/trailing
    /// spaces (`CSVBytes.appendField`).
    static func field(_ text: String) -> String {
        var bytes: [UInt8] = []
        CSVBytes.appendField(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
