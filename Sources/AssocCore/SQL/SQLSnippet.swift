/// Checks an SQL snippet of `filter(sql:)`, `having(sql:)`, `order(sql:)` or `select(sql:)`
/// before it is written into a statement: it must stand for one expression. The connection is
/// read-only anyway; this keeps a snippet from ending the statement or hiding text from it.
enum SQLSnippet {
    /// The snippet and the direction of `order(sql: "name DESC")`: a trailing `ASC` or `DESC`
    /// is taken off and returned as `descending`.
    static func splitDirection(_ sql: String) -> (expression: String, descending: Bool?) {
        let trimmed = sql.trimmingWhitespace()
        for (word, descending) in [(" DESC", true), (" ASC", false)] where trimmed.uppercased().hasSuffix(word) {
            return (String(trimmed.dropLast(word.count)).trimmingWhitespace(), descending)
        }
        return (trimmed, nil)
    }

    /// Throws unless `sql` is one expression with `argumentCount` positional `?` placeholders:
    /// no `;`, no `--` or `/*` comment, no comma outside parentheses, parentheses balanced, no
    /// named or numbered parameter, quotes closed.
    static func check(_ sql: String, argumentCount: Int) throws {
        func refuse(_ reason: String) -> AssocError {
            .invalidRequest(table: nil, reason: "the SQL snippet \(quoteForMessage(sql)) \(reason)")
        }
        let scalars = Array(sql.unicodeScalars)
        guard scalars.contains(where: { !$0.properties.isWhitespace }) else { throw refuse("is empty") }
        var depth = 0
        var placeholders = 0
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case "'", "\"", "`", "[":
                // A literal or a quoted name: skip to its end (a doubled quote stays inside).
                guard let end = SQLText.closingQuote(of: scalars, at: index) else { throw refuse("leaves a quote open") }
                index = end
            case ";": throw refuse("holds a ';': one expression only")
            case "," where depth == 0: throw refuse("lists several expressions: one only")
            case "-" where SQLText.isCommentStart(scalars, at: index), "/" where SQLText.isCommentStart(scalars, at: index):
                throw refuse("holds a comment")
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { throw refuse("closes a parenthesis it did not open") }
            case "?":
                if index + 1 < scalars.count, ("0"..."9").contains(scalars[index + 1]) {
                    throw refuse("has a numbered parameter: use ? with arguments")
                }
                placeholders += 1
            case ":", "@", "$":
                if index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic || scalars[index + 1] == "_" {
                    throw refuse("has a named parameter: use ? with arguments")
                }
            default: break
            }
            index += 1
        }
        if depth != 0 { throw refuse("leaves a parenthesis open") }
        if placeholders != argumentCount {
            throw refuse(
                "has \(placeholders) ? placeholder\(placeholders == 1 ? "" : "s") for \(argumentCount) argument\(argumentCount == 1 ? "" : "s")")
        }
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
