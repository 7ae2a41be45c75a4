/// Reading SQL text as SQLite's tokenizer does, as far as a user's own statement needs: where
/// white space and comments end, the first keyword, and the `?` placeholders outside literals.
enum SQLText {
    /// The index of the first scalar after `start` that is not white space, a `--` comment, a
    /// `/* */` comment, or (with `semicolons`) a `;`.
    static func skipBlanks(_ scalars: [Unicode.Scalar], from start: Int, semicolons: Bool = false) -> Int {
        var index = start
        while index < scalars.count {
            let c = scalars[index]
            if c.properties.isWhitespace || (semicolons && c == ";") {
                index += 1
            } else if c == "-", isCommentStart(scalars, at: index) {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if c == "/", isCommentStart(scalars, at: index) {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    index += 1
                }
                index = min(scalars.count, index + 2)
            } else {
                break
            }
        }
        return index
    }

    /// The index of the scalar that closes the string literal or quoted name opening at `start`
    /// (`'`, `"` or `` ` ``, a doubled one staying inside; `[` closed by `]`), as SQLite's
    /// tokenizer reads it; nil when nothing closes it.
    static func closingQuote(of scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard start < scalars.count else { return nil }
        let open = scalars[start]
        let close: Unicode.Scalar = open == "[" ? "]" : open
        var index = start + 1
        while index < scalars.count {
            if scalars[index] == close {
                guard open != "[", index + 1 < scalars.count, scalars[index + 1] == close else { return index }
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Whether a `--` or `/*` comment starts at `index`.
    static func isCommentStart(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < scalars.count else { return false }
        return (scalars[index] == "-" && scalars[index + 1] == "-") || (scalars[index] == "/" && scalars[index + 1] == "*")
    }

    /// The first word of `sql` after white space and comments, upper-cased (`SELECT`); nil when
    /// the text holds none (empty, or comments only); a lone symbol when it starts with one.
    static func leadingKeyword(_ sql: String) -> String? {
        let scalars = Array(sql.unicodeScalars)
        let start = skipBlanks(scalars, from: 0)
        guard start < scalars.count else { return nil }
        var end = start
        while end < scalars.count, scalars[end].properties.isAlphabetic || scalars[end] == "_" { end += 1 }
        if end == start { end = start + 1 }
        return String(String.UnicodeScalarView(scalars[start..<end])).uppercased()
    }

    /// Whether `sql` holds nothing but white space, comments and `;`.
    static func isBlank(_ sql: String) -> Bool {
        let scalars = Array(sql.unicodeScalars)
        return skipBlanks(scalars, from: 0, semicolons: true) == scalars.count
    }

    /// `sql` with each `?` placeholder outside literals, quoted names and comments replaced by
    /// the SQL literal of the next of `arguments`, in order (for showing a statement as one text).
    static func inlining(_ arguments: [DatabaseValue], into sql: String) -> String {
        var remaining = arguments[...]
        return replacingParameters(in: sql) { token in
            guard token == "?", let value = remaining.popFirst() else { return nil }
            return value.sqlLiteral
        }
    }

    /// `sql` with each parameter (`parameters(in:)`), in text order, replaced by what
    /// `replacement` gives for its text (`?2`, `:id`); nil keeps it.
    static func replacingParameters(in sql: String, _ replacement: (String) -> String?) -> String {
        let scalars = Array(sql.unicodeScalars)
        var result = String.UnicodeScalarView()
        var copied = 0
        for token in parameters(in: scalars) {
            guard let text = replacement(String(String.UnicodeScalarView(scalars[token]))) else { continue }
            result.append(contentsOf: scalars[copied..<token.lowerBound])
            result.append(contentsOf: text.unicodeScalars)
            copied = token.upperBound
        }
        result.append(contentsOf: scalars[copied...])
        return String(result)
    }

    /// The parameters of `scalars` as SQLite's tokenizer reads them, in text order: `?`,
    /// `?NNN`, `:name`, `@name` and `$name` outside string literals, quoted names and comments.
    static func parameters(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
            c.value >= 0x80 || c == "_" || c == "$" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case "'", "\"", "`", "[":
                index = (closingQuote(of: scalars, at: index) ?? scalars.count) + 1
            case "-" where isCommentStart(scalars, at: index), "/" where isCommentStart(scalars, at: index):
                index = max(index + 1, skipBlanks(scalars, from: index))
            case "?":
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                found.append(index..<end)
                index = end
            case ":", "@", "$":
                // A name, and for `$` (Tcl variables) `::` joints and a `(...)` suffix.
                var end = index + 1
                while end < scalars.count {
                    if isIdentifierPart(scalars[end]) {
                        end += 1
                    } else if c == "$", scalars[end] == ":", end + 1 < scalars.count, scalars[end + 1] == ":" {
                        end += 2
                    } else if c == "$", scalars[end] == "(", end > index + 1 {
                        while end < scalars.count, scalars[end] != ")", !scalars[end].properties.isWhitespace { end += 1 }
                        if end < scalars.count, scalars[end] == ")" { end += 1 }
                        break
                    } else {
                        break
                    }
                }
                if end > index + 1 { found.append(index..<end) }
                index = end
            default:
                // A word (a name or a number) is read whole: `a$b` holds no parameter.
                if isIdentifierPart(c) {
                    while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                } else {
                    index += 1
                }
            }
        }
        return found
    }
}
