import AssocText
/// Text cut into lines of a width in cells, for the record view and the status messages.
enum TextWrap {
    /// Wraps text at `width` cells, never splitting a grapheme cluster: after the last space
    /// that fits when there is one (`atSpaces`), else where the width runs out.
    static func lines(_ text: String, width: Int, atSpaces: Bool = true) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current: [Character] = []
        var widths: [Int] = []
        var used = 0
        for character in text {
            let w = TextWidth.width(of: character)
            if used + w > width && !current.isEmpty {
                // Break after the last space of the line, carrying the word begun to the next one.
                if atSpaces, character != " ", let space = current.lastIndex(of: " "), space > 0 {
                    lines.append(String(current[...space]).trimmingTrailingSpaces)
                    current = Array(current[(space + 1)...])
                    widths = Array(widths[(space + 1)...])
                    used = widths.reduce(0, +)
                } else {
                    lines.append(String(current).trimmingTrailingSpaces)
                    current = []
                    widths = []
                    used = 0
                }
                if character == " " && atSpaces { continue }
            }
            current.append(character)
            widths.append(w)
            used += w
        }
        lines.append(String(current))
        return lines
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
