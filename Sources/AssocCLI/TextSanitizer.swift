/// Makes text from a database (names, messages) safe to print on a terminal or in a one-line
/// message: control characters become visible escapes (`\n`, `\u{1B}`).
enum TextSanitizer {
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0:
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
}
