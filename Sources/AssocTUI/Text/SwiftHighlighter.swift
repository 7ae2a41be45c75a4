/// Swift keywords and string literals, for the Swift tab.
enum SwiftHighlighter {
    static let keywords: Set<String> = [
        "import", "struct", "let", "var", "try", "static", "enum", "case", "func", "return", "nil", "true", "false"
    ]

    static func spans(_ line: String) -> [StyledText] {
        if line.hasPrefix("//") || line.trimmingLeadingSpaces.hasPrefix("//") { return [StyledText(line, .dim)] }
        var spans: [StyledText] = []
        var word = ""
        var inString = false
        var literal = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            spans.append(StyledText(word, keywords.contains(word) ? .sqlKeyword : .normal))
            word = ""
        }
        for character in line {
            if inString {
                literal.append(character)
                if character == "\"" && !literal.hasSuffix("\\\"") {
                    spans.append(StyledText(literal, .sqlString))
                    literal = ""
                    inString = false
                }
            } else if character == "\"" {
                flushWord()
                inString = true
                literal = "\""
            } else if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flushWord()
                spans.append(StyledText(String(character)))
            }
        }
        flushWord()
        if !literal.isEmpty { spans.append(StyledText(literal, .sqlString)) }
        return spans
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
