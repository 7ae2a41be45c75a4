/// Display width of text in terminal cells, computed per grapheme cluster without the C library
/// (`wcwidth` depends on the locale and on the libc's Unicode version).
///
/// Rules: East Asian Wide and Fullwidth characters (CJK, Hangul, kana, fullwidth forms) and
/// emoji with default emoji presentation, emoji followed by U+FE0F, ZWJ sequences and flags take
/// 2 cells; a cluster made only of combining marks and format characters takes 0; everything else
/// (ASCII, Latin, Cyrillic, East Asian Ambiguous…) takes 1. A cluster's width is its base's width:
/// combining marks, variation selectors and ZWJ continuations add nothing.
package enum TextWidth {
    /// How text is placed in a wider field by `pad(_:toWidth:alignment:)`.
    package enum Alignment: Sendable { case left, right, center }

    /// Cells taken by `text` (sum of its clusters' widths).
    package static func width(of text: String) -> Int {
        // Printable ASCII: one cell a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// Cells taken by one grapheme cluster: 0, 1 or 2.
    package static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        if isWide(base) { return 2 }
        if scalars.count > 1, base.properties.isEmoji {
            // "☺️" (text default + VS16), keycaps "1️⃣", ZWJ sequences whose base is text-default.
            if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || $0.value == 0x20E3 }) {
                return 2
            }
        }
        return 1
    }

    /// Whether a scalar adds no width of its own: nonspacing and enclosing marks, format
    /// characters (ZWJ, ZWSP, bidi marks…), variation selectors, Hangul medial and final jamo.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return false }  // U+00AD soft hyphen shows as a hyphen
        if (0x2190...0x2BFF).contains(v) { return false }  // arrows, box drawing, shapes, symbols: no marks
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Whether a base scalar takes two cells.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return inTable(v, wideRanges)
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges outside emoji (Unicode 15 EastAsianWidth.txt,
    /// merged where the gaps are unassigned). Sorted, for binary search.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, kanbun, CJK strokes, enclosed/compat
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD  // CJK extensions G–H
    ]

    static func inTable(_ value: UInt32, _ table: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = table.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = table[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// `text` cut to at most `width` cells, ending with "…" when something was cut.
    /// Never splits a grapheme cluster and never exceeds `width` (a wide cluster that would
    /// straddle the limit is dropped). `width <= 0` gives "".
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        // One pass that stops once the text overflows: a 10 MB cell costs what its first cells cost.
        var used = 0
        var cut: String.Index?  // where the text stops fitting in `width - 1` cells (before "…")
        var index = text.startIndex
        while index < text.endIndex {
            let w = self.width(of: text[index])
            if cut == nil && used + w > width - 1 { cut = index }
            used += w
            if used > width { return String(text[..<(cut ?? index)]) + "…" }
            index = text.index(after: index)
        }
        return text
    }

    /// `text`'s end in at most `width` cells, starting with "…" when its beginning was cut: for a
    /// field whose end (a cursor, a file name) must stay in view. Never splits a grapheme cluster.
    package static func truncatingStart(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard self.width(of: text) > width else { return text }
        var used = 1  // the "…"
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let w = self.width(of: text[previous])
            if used + w > width { break }
            used += w
            start = previous
        }
        return "…" + text[start...]
    }

    /// `text` truncated to `width` then padded with spaces to exactly `width` cells.
    package static func pad(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        guard width > 0 else { return "" }
        let cut = truncate(text, toWidth: width)
        let missing = width - self.width(of: cut)
        guard missing > 0 else { return cut }
        switch alignment {
        case .left: return cut + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + cut
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + cut + String(repeating: " ", count: missing - before)
        }
    }
}
