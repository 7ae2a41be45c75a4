import AssocCore

/// Makes text from the database safe to show: nothing that reaches the terminal can move the
/// cursor, change colours, write the clipboard (OSC 52) or reorder the line.
///
/// - C0 controls become visible pictures: `\n` → "↵", `\r` → "␍", `\t` → "⇥", ESC → "␛",
///   the others U+2400…U+241F ("␀"…"␟"); DEL → "␡".
/// - C1 controls (U+0080…U+009F, including CSI U+009B and NEL U+0085) → "�".
/// - Line and paragraph separators (U+2028, U+2029) → "↵".
/// - Bidi embeddings, overrides, isolates and marks (U+202A…U+202E, U+2066…U+2069, U+200E,
///   U+200F, U+061C) → "⇄", one cell, so the text keeps its logical order on screen.
/// - U+FFFD (how invalid UTF-8 arrives) is kept.
/// - Work is bounded whatever the text: at most `maximumScalars` scalars are looked at, and a
///   cluster keeps at most `maximumMarks` zero-width scalars (combining marks, joiners); past
///   either, the text is cut and ends with "…" (one 'e' followed by 15 million combining marks
///   cost seconds a frame before).
/// - Invisible characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, tags, variation
///   selectors, Hangul fillers) become `‹U+200B›`, so that two texts that differ only by them
///   never read alike (`parcels` and `parcels` + U+2060), except the joiners, tags and
///   variation selectors of an emoji sequence, which draw one picture (👁️‍🗨️, 🏴‍☠️).
/// - A cluster of width 0 standing alone: a combining mark gets a dotted circle base ("◌́"),
///   like Unicode charts show it.
package enum Sanitizer {
    /// Scalars looked at in one text, by default (a screen holds far fewer cells).
    package static let maximumScalars = 4_000
    /// Zero-width scalars kept after one base (real text uses a handful).
    package static let maximumMarks = 16

    /// The visible, terminal-safe version of `text`, cut after `maximumScalars` scalars.
    package static func sanitize(_ text: String, maximumScalars: Int = Sanitizer.maximumScalars) -> String {
        // Fast path: short printable ASCII.
        if text.utf8.count <= maximumScalars, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        let (head, isCut) = bounded(text, maximumScalars: maximumScalars)
        let sanitized = sanitizeBounded(head)
        return isCut ? sanitized + "…" : sanitized
    }

    /// `text` cut before its scalar number `maximumScalars`, or before a zero-width scalar that
    /// would be a cluster's `maximumMarks + 1`th; whether it was cut. Looks at no scalar beyond.
    package static func bounded(_ text: String, maximumScalars: Int, maximumMarks: Int = Sanitizer.maximumMarks) -> (String, Bool) {
        var kept = String.UnicodeScalarView()
        var count = 0
        var marks = 0
        for scalar in text.unicodeScalars {
            if count == maximumScalars { return (String(kept), true) }
            if scalar.value >= 0x300 && TextWidth.isZeroWidth(scalar) {
                marks += 1
                if marks > maximumMarks { return (String(kept), true) }
            } else {
                marks = 0
            }
            kept.append(scalar)
            count += 1
        }
        return (text, false)
    }

    private static func sanitizeBounded(_ text: String) -> String {
        // Fast paths: printable ASCII; then text without any scalar to replace or of zero width
        // (every cluster then starts with a visible scalar: nothing below would change it).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        if text.unicodeScalars.allSatisfy(isPlain) { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            let scalars = Array(character.unicodeScalars)
            if scalars.indices.contains(where: { placeholder(for: scalars[$0]) != nil || isHidden(scalars, at: $0) }) {
                for (index, scalar) in scalars.enumerated() {
                    if let replacement = placeholder(for: scalar) {
                        output += replacement
                    } else if isHidden(scalars, at: index) {
                        output += visibleCode(scalar)
                    } else if TextWidth.isZeroWidth(scalar) {
                        // On a dotted circle, unless it would not join it (a Hangul vowel jamo).
                        let onCircle = "◌" + String(scalar)
                        output += onCircle.count == 1 ? onCircle : visibleCode(scalar)
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
                continue
            }
            if TextWidth.width(of: character) == 0 {
                if let first = scalars.first, isMark(first) {
                    output += "◌"
                    output.append(character)
                }
                continue
            }
            output.append(character)
        }
        return output
    }

    /// `‹U+200B›`: how an invisible scalar is shown.
    package static func visibleCode(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "‹U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "›"
    }

    /// Whether the scalar at `index` of one cluster's `scalars` is invisible (see `isInvisible`)
    /// and not part of an emoji sequence drawn as one picture: a ZWJ between two emoji, the tag
    /// characters of a flag (🏴 + tags), a variation selector after an emoji.
    package static func isHidden(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        guard isInvisible(scalar) else { return false }
        guard let first = scalars.first, first.properties.isEmoji, index > 0 else { return true }
        switch scalar.value {
        case 0x200D:
            return !(index + 1 < scalars.count && scalars[index + 1].properties.isEmoji && first.value > 0xFF)
        case 0xE0020...0xE007F: return first.value != 0x1F3F4
        case 0xFE0E, 0xFE0F: return false
        default: return true
        }
    }

    /// Scalars that draw nothing and can make two names differ invisibly (`InvisibleScalars`),
    /// other than the bidi controls, which have their own placeholder.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        InvisibleScalars.contains(scalar) && placeholder(for: scalar) == nil
    }

    /// The placeholder for a scalar that must never reach the terminal, nil for a safe one.
    static func placeholder(for scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x0A: return "↵"
        case 0x0D: return "␍"
        case 0x09: return "⇥"
        case 0x1B: return "␛"
        case 0x00..<0x20:
            return String(Character(Unicode.Scalar(0x2400 + v) ?? "?"))
        case 0x7F: return "␡"
        case 0x80...0x9F: return "�"
        case 0x2028, 0x2029: return "↵"
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "⇄"
        default: return nil
        }
    }

    /// A scalar shown as is, alone or in any cluster: not replaced, not of zero width, not invisible.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return true }
        if v < 0xA0 { return false }
        return placeholder(for: scalar) == nil && !TextWidth.isZeroWidth(scalar) && !isInvisible(scalar)
    }

    /// Whether a scalar must never reach the terminal as is (C0, DEL, C1, line and paragraph
    /// separators, bidi controls): also what the command line's one-line messages escape.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        placeholder(for: scalar) != nil
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }
}
