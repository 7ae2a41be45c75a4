/// A syntax error in a request, with its position and a caret rendering of the faulty line.
///
/// `position` is a UTF-8 byte offset into the request text; `line` and `column` are 1-based,
/// `column` counting Characters (grapheme clusters) from the start of the line.
public struct RequestSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, without position: `expected ')' after argument list`.
    public var message: String
    /// UTF-8 byte offset of the error in the request text.
    public var position: Int
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Characters.
    public var column: Int
    /// The faulty line, with control characters made visible.
    public var sourceLine: String
    /// Whether the request text has more than one line (changes `description`).
    var isMultiline: Bool

    /// Builds an error at a UTF-8 offset of `source`, computing line, column and the line text.
    init(message: String, position: Int, in source: String) {
        self.message = message
        let utf8 = source.utf8
        let clamped = Swift.max(0, Swift.min(position, utf8.count))
        self.position = clamped
        // Move down to a scalar boundary so the String index is valid.
        var index = utf8.index(utf8.startIndex, offsetBy: clamped)
        while index > utf8.startIndex, index < utf8.endIndex, UTF8.isContinuation(utf8[index]) {
            index = utf8.index(before: index)
        }
        var lineStart = source.startIndex
        var lineNumber = 1
        var cursor = source.startIndex
        while cursor < index {
            let character = source[cursor]
            cursor = source.index(after: cursor)
            if character.isNewline {
                lineNumber += 1
                lineStart = cursor
            }
        }
        var lineEnd = lineStart
        while lineEnd < source.endIndex, !source[lineEnd].isNewline {
            lineEnd = source.index(after: lineEnd)
        }
        let lineText = source[lineStart..<lineEnd]
        let columnIndex = Swift.min(Swift.max(index, lineStart), lineEnd)
        self.line = lineNumber
        self.column = lineText[lineText.startIndex..<columnIndex].count + 1
        self.sourceLine = String(lineText.map { Self.visible($0) })
        self.isMultiline = source.contains(where: \.isNewline)
    }

    /// Replaces control characters (NUL, ESC…) with a visible placeholder of width one.
    private static func visible(_ character: Character) -> Character {
        if character == "\t" { return " " }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            scalar.value < 0x20 || scalar.value == 0x7F
        {
            return "\u{FFFD}"
        }
        return character
    }

    /// `message at column C` (or `at line L, column C` for multi-line requests).
    public var description: String {
        isMultiline ? "\(message) at line \(line), column \(column)" : "\(message) at column \(column)"
    }

    /// The faulty line with a caret under the error:
    /// ```
    /// book.filter(year >= 2000
    ///                         ^ expected ')' after argument list
    /// ```
    /// Columns count Characters; wide characters (CJK, emoji) may shift the caret on terminals.
    package var rendering: String {
        sourceLine + "\n" + String(repeating: " ", count: column - 1) + "^ " + message
    }
}
