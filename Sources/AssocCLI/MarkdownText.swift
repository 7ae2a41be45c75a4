/// Text from a database made safe inside a Markdown document (GitHub-flavoured), in a table cell
/// or a list item. The characters Markdown would read as syntax are escaped: `\`, `` ` ``, `|` (a cell's end), `*`, `[`, `]`, `~`, `$` with a
/// backslash, `_` where it could open or close emphasis (not inside a word: `order_items` stays
/// as it is), and `<`, `>`, `&` as entities (no HTML tag, no entity from the data); then control
/// characters, line breaks and bidi controls become visible escapes (`TextSanitizer`: `\n`,
/// `\u{1B}`, which Markdown shows as they are), so a cell stays on its line.
enum MarkdownText {
    static func escape(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "\\", "`", "|", "*", "[", "]", "~", "$":
                out.append("\\")
                out.append(character)
            case "_":
                let before = index > 0 ? characters[index - 1] : " "
                let after = index + 1 < characters.count ? characters[index + 1] : " "
                let insideWord = isWordCharacter(before) && isWordCharacter(after)
                out += insideWord ? "_" : "\\_"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.append(character)
            }
        }
        return TextSanitizer.oneLine(out)
    }

    /// `text` as a code span: fenced with one backtick more than its longest run of backticks,
    /// spaced when it starts or ends with one, `|` escaped (GitHub splits a table row on it even
    /// inside a code span; outside a table, `\|` in a code span shows the backslash, so
    /// `inTable: false` keeps it as it is). Control characters become visible escapes first.
    static func code(_ text: String, inTable: Bool = true) -> String {
        var body = TextSanitizer.oneLine(text)
        if inTable { body = body.replacing("|", with: "\\|") }
        var longest = 0
        var run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = body.hasPrefix("`") || body.hasSuffix("`") ? " \(body) " : body
        return fence + padded + fence
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
