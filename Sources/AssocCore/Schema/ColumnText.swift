import CSQLite

/// The columns of a `CREATE TABLE` statement read from its text, as `pragma_table_xinfo` lists
/// them: asking SQLite costs a table lookup per table, and in a schema of 30,000 tables SQLite's
/// lookups (a chain of names compared one by one) were the largest cost of opening the file.
///
/// Only what is certain is read. The statement is one SQLite parsed when it loaded the schema,
/// so it is valid; this reader gives nil, and the caller asks SQLite, for what it does not
/// follow exactly: a generated column, a quoted type, a comment inside a type or a default, an
/// unknown key column, a replaced byte. Tests compare both on every schema they build.
enum ColumnText {
    /// `pragma_table_xinfo` rows (name, type, notnull, dflt_value, pk, hidden, name as a BLOB)
    /// of the table `sql` creates, in column order, or nil.
    static func rows(_ sql: String, withoutRowid: Bool) -> [[DatabaseValue]]? {
        guard !sql.unicodeScalars.contains("\u{FFFD}") else { return nil }
        let bytes = Array(sql.utf8)
        let spans = ForeignKeyText.Token.scanSpans(bytes)
        return rows(bytes: bytes, spans: spans, tokens: spans.map(\.token), withoutRowid: withoutRowid)
    }

    /// `rows(_:withoutRowid:)` of a statement already scanned (with no U+FFFD): `tokens` are
    /// the tokens of `spans`.
    static func rows(
        bytes: [UInt8], spans: [ForeignKeyText.Token.Spanned], tokens: [ForeignKeyText.Token], withoutRowid: Bool
    ) -> [[DatabaseValue]]? {
        guard let open = tokens.firstIndex(of: .open) else { return nil }
        var columns: [Column] = []
        var tableKey: [String]?
        var index = open + 1
        while true {
            guard let end = ForeignKeyText.itemEnd(tokens, from: index), end > index else { return nil }
            guard readItem(spans[index..<end], bytes: bytes, columns: &columns, tableKey: &tableKey) else { return nil }
            if tokens[end] == .close { break }
            index = end + 1
        }
        if let tableKey {
            for (position, name) in tableKey.enumerated() {
                guard let column = columns.firstIndex(where: { asciiLowercased($0.name) == asciiLowercased(name) }) else { return nil }
                columns[column].primaryKeyIndex = position + 1
            }
        }
        return columns.map { column in
            // SQLite marks the key columns of a WITHOUT ROWID table NOT NULL.
            let notNull = column.notNull || (withoutRowid && column.primaryKeyIndex > 0)
            return [
                .text(column.name), .text(column.type), .integer(notNull ? 1 : 0), column.defaultText.map { .text($0) } ?? .null,
                .integer(Int64(column.primaryKeyIndex)), .integer(0), .blob(Array(column.name.utf8))
            ]
        }
    }

    private struct Column {
        var name: String
        var type = ""
        var notNull = false
        var defaultText: String?
        var primaryKeyIndex = 0
    }

    /// The keywords that start a column constraint: a declared type ends at the first of them.
    private static let constraintStarts: Set<String> = [
        "constraint", "default", "null", "not", "primary", "unique", "check", "references", "deferrable", "collate", "as",
        "generated"
    ]

    /// The types SQLite (3.37 and later) stores in capitals when a column declares exactly one.
    private static let standardTypes: Set<String> = ["int", "integer", "real", "text", "blob", "any"]

    private static let capitalizesStandardTypes = sqlite3_libversion_number() >= 3_037_000

    /// Reads one column definition or table constraint; false when it is not followed exactly.
    private static func readItem(
        _ item: ArraySlice<ForeignKeyText.Token.Spanned>, bytes: [UInt8], columns: inout [Column], tableKey: inout [String]?
    ) -> Bool {
        var rest = item
        if rest.first?.token.isKeyword("constraint") == true { rest = rest.dropFirst(2) }
        guard let first = rest.first?.token else { return false }
        if first.isKeyword("primary") {
            rest = rest.dropFirst()
            guard rest.first?.token.isKeyword("key") == true, let key = keyList(rest.dropFirst()) else { return false }
            tableKey = key
            return true
        }
        if first.isKeyword("unique") || first.isKeyword("check") || first.isKeyword("foreign") { return true }
        guard let name = first.name else { return false }
        var column = Column(name: name)
        rest = rest.dropFirst()
        // The declared type: names, numbers, signs and parentheses, up to the first constraint.
        var typeEnd = rest.startIndex
        var depth = 0
        while typeEnd < rest.endIndex {
            let token = rest[typeEnd].token
            if depth == 0, isConstraintStart(token) { break }
            switch token {
            case .open: depth += 1
            case .close: depth -= 1
            case .word(_, quoted: true), .string: return false
            default: break
            }
            typeEnd += 1
        }
        if typeEnd > rest.startIndex {
            guard let type = span(rest[rest.startIndex..<typeEnd], bytes: bytes) else { return false }
            column.type = capitalizesStandardTypes && standardTypes.contains(asciiLowercased(type)) ? type.uppercased() : type
        }
        rest = rest[typeEnd...]
        // The constraints: only NOT NULL, PRIMARY KEY and DEFAULT change what the PRAGMA lists.
        var previous: ForeignKeyText.Token?
        depth = 0
        while let spanned = rest.first {
            let token = spanned.token
            rest = rest.dropFirst()
            defer { previous = token }
            switch token {
            case .open: depth += 1
            case .close: depth -= 1
            default:
                guard depth == 0 else { continue }
                if token.isKeyword("constraint") {
                    rest = rest.dropFirst()
                } else if token.isKeyword("not"), rest.first?.token.isKeyword("null") == true {
                    column.notNull = true
                } else if token.isKeyword("primary") {
                    column.primaryKeyIndex = 1
                } else if token.isKeyword("generated") || token.isKeyword("as") {
                    return false
                } else if token.isKeyword("default"), previous?.isKeyword("set") != true {
                    // `ON DELETE SET DEFAULT` is an action; any other DEFAULT is the column's.
                    guard let (text, after) = defaultValue(rest, bytes: bytes) else { return false }
                    column.defaultText = text
                    rest = rest[after...]
                }
            }
        }
        columns.append(column)
        return true
    }

    /// The default's text as SQLite stores it, and where the constraints go on: the inside of
    /// `( expr )`, or one literal or name with its sign (`-1`, `- 1`, `1.5e-3`, `X'AB'`).
    private static func defaultValue(
        _ tokens: ArraySlice<ForeignKeyText.Token.Spanned>, bytes: [UInt8]
    ) -> (String, Int)? {
        guard let first = tokens.first else { return nil }
        if first.token == .open {
            var depth = 0
            for index in tokens.indices {
                switch tokens[index].token {
                case .open: depth += 1
                case .close:
                    depth -= 1
                    if depth == 0 {
                        let inside = tokens[(tokens.startIndex + 1)..<index]
                        guard !inside.isEmpty, let text = span(inside, bytes: bytes) else { return nil }
                        // A comment right after `(` lies inside the stored text too.
                        guard !inside[inside.startIndex].afterComment, !tokens[index].afterComment else { return nil }
                        return (text, index + 1)
                    }
                default: break
                }
            }
            return nil
        }
        var end = tokens.startIndex + 1
        if case .other = first.token, first.end == first.start + 1, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[first.start]) {
            guard end < tokens.endIndex else { return nil }
            end += 1
        }
        // A number is scanned in pieces (`1`, `.`, `5`), a blob literal as `X` and `'AB'`: the
        // pieces touch.
        while end < tokens.endIndex, tokens[end].start == tokens[end - 1].end {
            switch tokens[end].token {
            case .other, .string: end += 1
            default: return nil
            }
        }
        guard let text = span(tokens[tokens.startIndex..<end], bytes: bytes) else { return nil }
        return (text, end)
    }

    /// `(name [COLLATE x] [ASC|DESC], …)` of a table's PRIMARY KEY: the names.
    private static func keyList(_ tokens: ArraySlice<ForeignKeyText.Token.Spanned>) -> [String]? {
        var rest = tokens
        guard rest.first?.token == .open else { return nil }
        rest = rest.dropFirst()
        var names: [String] = []
        while true {
            guard let name = rest.first?.token.name else { return nil }
            names.append(name)
            rest = rest.dropFirst()
            if rest.first?.token.isKeyword("collate") == true {
                guard rest.dropFirst().first?.token.name != nil else { return nil }
                rest = rest.dropFirst(2)
            }
            if rest.first?.token.isKeyword("asc") == true || rest.first?.token.isKeyword("desc") == true { rest = rest.dropFirst() }
            guard let next = rest.first?.token else { return nil }
            rest = rest.dropFirst()
            if next == .close { return names }
            guard next == .comma else { return nil }
        }
    }

    /// The statement's bytes from the first token to the end of the last, as written; nil
    /// when a comment lies between them (SQLite would keep it, this reader does not try).
    private static func span(_ tokens: ArraySlice<ForeignKeyText.Token.Spanned>, bytes: [UInt8]) -> String? {
        guard let first = tokens.first, let last = tokens.last else { return nil }
        guard !tokens.dropFirst().contains(where: \.afterComment) else { return nil }
        return String(decoding: bytes[first.start..<last.end], as: UTF8.self)
    }

    private static func isConstraintStart(_ token: ForeignKeyText.Token) -> Bool {
        guard case .word(let word, quoted: false) = token, word.utf8.count <= 10 else { return false }
        return constraintStarts.contains(asciiLowercased(word))
    }

    private static func asciiLowercased(_ text: String) -> String { ForeignKeyText.asciiLowercased(text) }
}
