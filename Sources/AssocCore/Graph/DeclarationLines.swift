extension DeclarationParser {
    /// A line that holds something, with its 1-based number; `isPlainASCII` when it is ASCII
    /// without a line-breaking control (each byte a column).
    struct Line {
        var number: Int
        var text: String
        var isPlainASCII: Bool
    }

    /// The lines of `text` that hold something: split on LF (a CR before it dropped), cut at the
    /// first `#` outside a quoted name or string, and left out when only blanks remain. One pass
    /// over the UTF-8 bytes: quotes, `#`, CR and LF are ASCII, never part of a longer character.
    static func declarationLines(of text: String) -> [Line] {
        let bytes = Array(text.utf8)
        var lines: [Line] = []
        var number = 1
        var start = 0
        var commentStart: Int?
        var quote: UInt8?
        // Before the comment: whether a byte is not an ASCII blank, is not ASCII, is VT, FF or CR.
        var nonBlank = false
        var nonASCII = false
        var breaks = 0
        var index = 0
        while index <= bytes.count {
            let byte: UInt8 = index < bytes.count ? bytes[index] : 0x0A
            if byte == 0x0A {
                var end = commentStart ?? index
                if commentStart == nil, end > start, bytes[end - 1] == 0x0D {
                    end -= 1
                    breaks -= 1
                }
                if nonBlank {
                    let line = String(decoding: bytes[start..<end], as: UTF8.self)
                    // Other blanks (U+00A0, U+3000…) are blank too, as Character.isWhitespace says.
                    if !nonASCII || !line.allSatisfy(\.isWhitespace) {
                        lines.append(Line(number: number, text: line, isPlainASCII: !nonASCII && breaks == 0))
                    }
                }
                number += 1
                start = index + 1
                commentStart = nil
                quote = nil
                nonBlank = false
                nonASCII = false
                breaks = 0
            } else if commentStart == nil {
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == 0x23 {  // #
                    commentStart = index
                    index += 1
                    continue
                } else if byte == 0x22 || byte == 0x27 || byte == 0x60 {  // " ' `
                    quote = byte
                }
                if byte >= 0x80 {
                    nonASCII = true
                    nonBlank = true
                } else if byte >= 0x0B && byte <= 0x0D {
                    breaks += 1
                } else if byte != 0x20 && byte != 0x09 {
                    nonBlank = true
                }
            }
            index += 1
        }
        return lines
    }
}
