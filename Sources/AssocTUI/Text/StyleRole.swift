import AssocText
/// What a piece of text on screen is, not how it looks: the terminal maps each role to colours,
/// or to attributes only when colours are off (`NO_COLOR`, monochrome terminals).
enum StyleRole: String, Sendable, Hashable, CaseIterable {
    case normal
    case header
    case selection
    case null
    case number
    case sqlKeyword
    case sqlString
    case border
    case title
    case focusedTitle
    /// The heavy rule under the focused pane's title.
    case focusedBorder
    case hint
    case hintKey
    case error
    case message
    case dim
    case link
}

/// A run of text with one role: styled spans stay data until the terminal draws them.
struct StyledText: Sendable, Hashable {
    var text: String
    var role: StyleRole

    init(_ text: String, _ role: StyleRole = .normal) {
        self.text = text
        self.role = role
    }

    /// `spans` without their first `cells` cells (a line scrolled sideways); a wide character cut
    /// in half becomes a space.
    static func dropping(_ cells: Int, from spans: [StyledText]) -> [StyledText] {
        guard cells > 0 else { return spans }
        var left = cells
        var result: [StyledText] = []
        for span in spans {
            guard left > 0 else {
                result.append(span)
                continue
            }
            var kept = ""
            for character in span.text {
                if left > 0 {
                    let width = TextWidth.width(of: character)
                    left -= width
                    if left < 0 {
                        kept += String(repeating: " ", count: -left)
                        left = 0
                    }
                } else {
                    kept.append(character)
                }
            }
            if !kept.isEmpty { result.append(StyledText(kept, span.role)) }
        }
        return result
    }
}
