import AssocText

/// Makes text from a database (names, messages, paths) safe to print on a terminal or in a
/// one-line message: the scalars `Sanitizer` (AssocText) never lets through (C0 and C1
/// controls, DEL, line separators, bidi controls) become visible escapes (`\n`, `\u{1B}`,
/// `\u{202E}`). Invalid UTF-8 has already become U+FFFD when the text was read.
enum TextSanitizer {
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Sanitizer.isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case _ where Sanitizer.isUnsafe(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
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
