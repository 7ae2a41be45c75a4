import AssocCore

/// How a database value is shown in one line: text and role.
///
/// NULL is the word "NULL" with role `.null` (the text 'NULL' keeps role `.normal`, so the two
/// differ on screen); numbers have role `.number` (right-aligned by the grid); REAL shows at most
/// 15 significant digits as `sqlite3` does (39.62, 10.0, 1.0e-05); BLOBs show size and first bytes.
package enum ValueFormatter {
    /// Bytes of a blob shown in hex in a cell.
    static let blobHeadBytes = 4
    /// Scalars of a text value kept in a one-line cell (cells are far narrower): sanitizing and
    /// measuring a whole 10 MB value on every frame froze the browser for seconds.
    static let cellTextCharacters = 1_000

    /// `fullLength`: the value's full length when the page read it cut (a blob then shows its
    /// real size; a text's first characters are all a cell shows anyway).
    static func cell(_ value: DatabaseValue, fullLength: Int? = nil) -> StyledText {
        if case .blob(let bytes) = value, let fullLength {
            return StyledText(bytes.isEmpty ? "<blob \(fullLength) B>" : "<blob \(fullLength) B: \(hex(bytes.prefix(blobHeadBytes)))…>", .dim)
        }
        switch value {
        case .null: return StyledText("NULL", .null)
        case .integer(let v): return StyledText(String(v), .number)
        case .real(let v): return StyledText(real(v), .number)
        case .text(let s):
            // Cut by scalars, never by clusters: one cluster can hold millions of scalars.
            return StyledText(Sanitizer.sanitize(s, maximumScalars: cellTextCharacters), .normal)
        case .blob(let bytes): return StyledText(blob(bytes, head: blobHeadBytes), .dim)
        }
    }

    /// A REAL as `sqlite3` shows it (at most 15 significant digits); NaN and infinities spelled out.
    package static func real(_ v: Double) -> String {
        RealText.readable(v)
    }

    /// `<blob 123 B: 89504E47…>`; `<blob 0 B>` when empty.
    package static func blob(_ bytes: [UInt8], head: Int) -> String {
        if bytes.isEmpty { return "<blob 0 B>" }
        let shown = bytes.prefix(max(0, head))
        let ellipsis = bytes.count > shown.count ? "…" : ""
        return "<blob \(bytes.count) B: \(hex(shown))\(ellipsis)>"
    }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits: [Character] = Array("0123456789ABCDEF")
        var out = ""
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }
}
