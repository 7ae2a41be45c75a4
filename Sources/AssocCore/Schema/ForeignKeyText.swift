/// The foreign keys of a `CREATE TABLE` statement read from its text, as SQLite's own parser
/// finds them when it loads the schema: `pragma_foreign_key_list` would cost a table lookup per
/// table, the largest cost of reading a schema of thousands of tables.
///
/// Only what is certain is read: any statement this reader does not fully follow (an unknown
/// column, a `REFERENCES` where no foreign key can be, an unbalanced parenthesis, a replaced
/// byte) gives nil, and the caller asks SQLite. Tests compare both on every schema they build.
enum ForeignKeyText {
    /// `pragma_foreign_key_list` rows (id, seq, table, from, to) for the table `sql` creates,
    /// ordered by id and seq as SQLite lists them (the last declared key has id 0), or nil.
    static func rows(_ sql: String) -> [[DatabaseValue]]? {
        guard !sql.unicodeScalars.contains("\u{FFFD}") else { return nil }
        return rows(tokens: Token.scan(Array(sql.utf8)))
    }

    /// `rows(_:)` of a statement already scanned (with no U+FFFD).
    static func rows(tokens: [Token]) -> [[DatabaseValue]]? {
        guard let open = tokens.firstIndex(of: .open) else { return nil }
        var columns: [String] = []
        var keys: [(table: String, from: [String], to: [String])] = []
        var index = open + 1
        while true {
            guard let end = itemEnd(tokens, from: index) else { return nil }
            guard readItem(tokens[index..<end], columns: &columns, keys: &keys) else { return nil }
            if tokens[end] == .close { break }
            index = end + 1
        }
        var rows: [[DatabaseValue]] = []
        for (id, key) in keys.reversed().enumerated() {
            var from: [String] = []
            for name in key.from {
                // SQLite names the declared column (in its declared case), or refuses the table.
                guard let column = columns.first(where: { asciiLowercased($0) == asciiLowercased(name) }) else { return nil }
                from.append(column)
            }
            guard key.to.isEmpty || key.to.count == from.count else { return nil }
            for (seq, column) in from.enumerated() {
                let to: DatabaseValue = key.to.isEmpty ? .null : .text(key.to[seq])
                rows.append([.integer(Int64(id)), .integer(Int64(seq)), .text(key.table), .text(column), to])
            }
        }
        return rows
    }

    /// The index of the `,` or `)` that ends the item starting at `start`, at depth 0.
    static func itemEnd(_ tokens: [Token], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < tokens.count {
            switch tokens[index] {
            case .open: depth += 1
            case .close:
                if depth == 0 { return index }
                depth -= 1
            case .comma where depth == 0: return index
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Reads one column definition or table constraint; false when it is not understood.
    private static func readItem(
        _ item: ArraySlice<Token>, columns: inout [String], keys: inout [(table: String, from: [String], to: [String])]
    ) -> Bool {
        var rest = item
        if rest.first?.isKeyword("constraint") == true { rest = rest.dropFirst(2) }
        guard let first = rest.first else { return false }
        if first.isKeyword("primary") || first.isKeyword("unique") || first.isKeyword("check") {
            return !containsReferences(rest)
        }
        if first.isKeyword("foreign") {
            rest = rest.dropFirst()
            guard rest.first?.isKeyword("key") == true else { return false }
            rest = rest.dropFirst()
            guard let from = nameList(&rest) else { return false }
            guard rest.first?.isKeyword("references") == true else { return false }
            rest = rest.dropFirst()
            guard let key = reference(&rest, from: from), !containsReferences(rest) else { return false }
            keys.append(key)
            return true
        }
        // A column definition: its name, then its type and constraints, some of them REFERENCES.
        guard let column = first.name else { return false }
        columns.append(column)
        rest = rest.dropFirst()
        var depth = 0
        while let token = rest.first {
            switch token {
            case .open: depth += 1
            case .close: depth -= 1
            case .word(let word, quoted: false) where asciiLowercased(word) == "references":
                guard depth == 0 else { return false }
                rest = rest.dropFirst()
                guard let key = reference(&rest, from: [column]) else { return false }
                keys.append(key)
                continue
            default: break
            }
            rest = rest.dropFirst()
        }
        return true
    }

    /// `table [(columns)]` after REFERENCES, consumed from `tokens`.
    private static func reference(_ tokens: inout ArraySlice<Token>, from: [String]) -> (table: String, from: [String], to: [String])? {
        guard let table = tokens.first?.name else { return nil }
        tokens = tokens.dropFirst()
        var to: [String] = []
        if tokens.first == .open {
            guard let names = nameList(&tokens) else { return nil }
            to = names
        }
        return (table, from, to)
    }

    /// `(name, name…)`, consumed from `tokens`.
    private static func nameList(_ tokens: inout ArraySlice<Token>) -> [String]? {
        guard tokens.first == .open else { return nil }
        tokens = tokens.dropFirst()
        var names: [String] = []
        while true {
            guard let name = tokens.first?.name else { return nil }
            names.append(name)
            tokens = tokens.dropFirst()
            // A column of an index list may carry COLLATE or ASC/DESC: not in a foreign key.
            guard let next = tokens.first else { return nil }
            tokens = tokens.dropFirst()
            if next == .close { return names }
            guard next == .comma else { return nil }
        }
    }

    private static func containsReferences(_ tokens: ArraySlice<Token>) -> Bool {
        tokens.contains { $0.isKeyword("references") }
    }

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// A token of SQLite's grammar, as far as foreign keys need: names (bare or quoted, the
    /// quotes taken off), strings, parentheses, commas, and anything else.
    enum Token: Equatable {
        case word(String, quoted: Bool)
        case string(String)
        case open, close, comma, other

        /// The name this token stands for where SQLite expects one (`nm`: an identifier or a string).
        var name: String? {
            switch self {
            case .word(let word, _): return word
            case .string(let text): return text
            default: return nil
            }
        }

        /// Whether this is the bare keyword `keyword` (lowercase), in any letter case.
        func isKeyword(_ keyword: String) -> Bool {
            guard case .word(let word, quoted: false) = self, word.utf8.count == keyword.utf8.count else { return false }
            return asciiLowercased(word) == keyword
        }

        /// SQLite's tokenizer, reduced: whitespace and comments dropped, quotes undone.
        static func scan(_ bytes: [UInt8]) -> [Token] {
            scanSpans(bytes).map(\.token)
        }

        /// A token with the bytes it was read from (`start..<end` of the statement), and whether
        /// a comment came between it and the token before.
        struct Spanned {
            var token: Token
            var start: Int
            var end: Int
            var afterComment: Bool
        }

        /// `scan`, keeping where each token lies: what SQLite stores as written (a column's
        /// declared type, its default) is a span of the statement.
        static func scanSpans(_ bytes: [UInt8]) -> [Spanned] {
            var tokens: [Spanned] = []
            var index = 0
            var afterComment = false
            var start = 0
            func add(_ token: Token) {
                tokens.append(Spanned(token: token, start: start, end: index, afterComment: afterComment))
                afterComment = false
            }
            func isIdentifierByte(_ byte: UInt8) -> Bool {
                byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
            while index < bytes.count {
                let byte = bytes[index]
                start = index
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                    index += 1
                case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                    afterComment = true
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    afterComment = true
                    index += 2
                    while index < bytes.count
                        && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    index += 2
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                    let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                    var text: [UInt8] = []
                    index += 1
                    var closed = false
                    while index < bytes.count {
                        if bytes[index] == close {
                            if close != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == close {
                                text.append(close)
                                index += 2
                                continue
                            }
                            index += 1
                            closed = true
                            break
                        }
                        text.append(bytes[index])
                        index += 1
                    }
                    // An unclosed quote runs to the end: nothing after it can be read.
                    guard closed else {
                        add(.other)
                        return tokens
                    }
                    let value = String(decoding: text, as: UTF8.self)
                    add(byte == UInt8(ascii: "'") ? .string(value) : .word(value, quoted: true))
                case UInt8(ascii: "("):
                    index += 1
                    add(.open)
                case UInt8(ascii: ")"):
                    index += 1
                    add(.close)
                case UInt8(ascii: ","):
                    index += 1
                    add(.comma)
                default:
                    guard isIdentifierByte(byte) else {
                        index += 1
                        add(.other)
                        continue
                    }
                    while index < bytes.count && isIdentifierByte(bytes[index]) { index += 1 }
                    let isNumber = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    add(isNumber ? .other : .word(String(decoding: bytes[start..<index], as: UTF8.self), quoted: false))
                }
            }
            return tokens
        }
    }
}
