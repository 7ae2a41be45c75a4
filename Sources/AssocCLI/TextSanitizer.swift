import AssocText

/// Makes text from a database (names, messages, paths) safe to print on a terminal or in a
/// one-line message: the scalars `Sanitizer` (AssocText) never lets through (C0 and C1
/// controls, DEL, line separators, bidi controls) and invisible ones outside an emoji sequence
/// (ZWSP, word joiner, BOM, soft hyphen…) become visible escapes (`\n`, `\u{1B}`, `\u{202E}`,
/// `\u{200B}`). Invalid UTF-8 has already become U+FFFD when the text was read.
enum TextSanitizer {
    static func oneLine(_ text: String) -> String {
        // Printable ASCII (most names) is safe as it is: no scalar to look up.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { Sanitizer.isUnsafe($0) || Sanitizer.isInvisible($0) }) else { return text }
        var result = ""
        for character in text {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                switch scalar.value {
                case 0x0A: result += "\\n"
                case 0x0D: result += "\\r"
                case 0x09: result += "\\t"
                case _ where Sanitizer.isUnsafe(scalar) || Sanitizer.isHidden(scalars, at: index):
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `"name"` with inner quotes and backslashes escaped, control characters made visible.
    static func quoted(_ text: String) -> String {
        "\"" + oneLine(text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")) + "\""
    }

    /// Each line of `text` made safe, the line breaks kept (for multi-line messages).
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { oneLine(String($0)) }.joined(separator: "\n")
    }
}
