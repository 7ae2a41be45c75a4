import AssocCore

/// How a database value is shown to people in one line, as text (the browser adds a role to
/// each: `ValueFormatter.cell` in AssocTUI).
///
/// NULL is `∅` everywhere a value is shown to people (the browser dims it); a text that reads as
/// it (`∅`, or `∅` in SQL quotes, spaces around allowed) is shown as an SQL literal (`'∅'`,
/// `'''∅'''`), so that no text looks like NULL even without attributes, and the text 'NULL' is
/// just text; REAL shows at most 15 significant digits as `sqlite3` does (39.62, 10.0, 1.0e-05);
/// BLOBs show size and first bytes.
package enum ValueFormatter {
    /// How NULL is shown to people (the browser, `fetch --format table`).
    package static let nullSign = "∅"

    /// The longest text checked for looking like NULL: a longer one never fits a cell uncut.
    static let lookalikeCheckedBytes = 4_096

    /// `text` as shown to people (before sanitizing): itself, or as an SQL literal when it would
    /// read as NULL (`'∅'`) or as such a literal (`'''∅'''`), so every text stays distinct from NULL
    /// and from every other text.
    package static func shownText(_ text: String) -> String {
        isNullLookalike(text) ? "'" + text.replacing("'", with: "''") + "'" : text
    }

    /// Whether `text`, white space around it aside, is `∅`, or an SQL literal of such a text.
    static func isNullLookalike(_ text: String) -> Bool {
        // Quick refusal: a lookalike holds only ∅, quotes and white space.
        guard text.utf8.count <= lookalikeCheckedBytes, text.unicodeScalars.contains("∅"),
            text.unicodeScalars.allSatisfy({ $0 == "∅" || $0 == "'" || $0.properties.isWhitespace })
        else { return false }
        var current = Substring(text)
        while true {
            current = current.drop { $0.isWhitespace }
            while current.last?.isWhitespace == true { current = current.dropLast() }
            if current == nullSign { return true }
            guard current.count >= 2, current.first == "'", current.last == "'" else { return false }
            let inner = current.dropFirst().dropLast()
            // Inside an SQL literal, quotes come in pairs.
            guard !inner.replacing("''", with: "").contains("'") else { return false }
            current = Substring(inner.replacing("''", with: "'"))
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

    /// A blob read cut (`Row.cutLength(at:)`): its first bytes, and its full size, or "more
    /// than" the bytes read when its size was not read (a result of 2,000 columns).
    package static func cutBlob(_ bytes: [UInt8], fullLength: Int, head: Int) -> String {
        let size = fullLength < 0 ? "more than \(bytes.count) B" : "\(fullLength) B"
        return bytes.isEmpty ? "<blob \(size)>" : "<blob \(size): \(hex(bytes.prefix(max(0, head))))…>"
    }

    package static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits: [Character] = Array("0123456789ABCDEF")
        var out = ""
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }
}
