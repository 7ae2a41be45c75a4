/// Splits SQL into styled tokens: keywords, string literals, numbers, and the rest.
enum SQLHighlighter {
    static let keywords: Set<String> = [
        "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "IS", "NULL", "AS", "ON", "JOIN", "LEFT",
        "INNER", "OUTER", "CROSS", "GROUP", "BY", "ORDER", "ASC", "DESC", "LIMIT", "OFFSET", "WITH",
        "DISTINCT", "COUNT", "HAVING", "UNION", "ALL", "EXISTS", "CASE", "WHEN", "THEN", "ELSE", "END",
        "LIKE", "BETWEEN", "USING", "COLLATE", "ESCAPE", "GLOB", "CAST"
    ]

    static func spans(_ sql: String) -> [StyledText] {
        var spans: [StyledText] = []
        let characters = Array(sql)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "'" || c == "\"" {
                var j = i + 1
                while j < characters.count {
                    if characters[j] == c {
                        if j + 1 < characters.count && characters[j + 1] == c {
                            j += 2
                            continue
                        }
                        break
                    }
                    j += 1
                }
                let end = min(j + 1, characters.count)
                spans.append(StyledText(String(characters[i..<end]), c == "'" ? .sqlString : .normal))
                i = end
            } else if c.isLetter || c == "_" {
                var j = i
                while j < characters.count && (characters[j].isLetter || characters[j].isNumber || characters[j] == "_") { j += 1 }
                let word = String(characters[i..<j])
                spans.append(StyledText(word, keywords.contains(word.uppercased()) ? .sqlKeyword : .normal))
                i = j
            } else if c.isNumber {
                var j = i
                while j < characters.count && (characters[j].isNumber || characters[j] == ".") { j += 1 }
                spans.append(StyledText(String(characters[i..<j]), .number))
                i = j
            } else {
                spans.append(StyledText(String(c), .normal))
                i += 1
            }
        }
        return spans
    }
}
