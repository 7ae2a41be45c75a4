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
}
