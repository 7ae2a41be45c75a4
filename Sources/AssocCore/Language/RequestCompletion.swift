/// What `Tab` can put at the cursor of a request or an expression being typed: the table,
/// column, association, alias or method names the request language allows there, from the
/// schema, the association graph and the text typed so far.
///
/// Offsets count Characters of the text. Names come quoted as the language quotes them
/// (`"Invoice Lines"`); method names come with what must follow them (`including(optional: `).
package struct RequestCompletion: Sendable, Equatable {
    /// The Characters a candidate replaces: the name under the cursor (a bare name whole, a quoted
    /// one from its opening quote), or an empty range at the cursor.
    package var range: Range<Int>
    /// The part of `range` before the cursor: what the candidates start with (case-insensitive).
    package var typed: String
    /// The texts that fit, each once, best first (`NameRanking`: the exact name, then the
    /// shorter, then by name).
    package var candidates: [String]
    /// The names the candidates spell (`Order Details` for `"Order Details"`), in their order.
    package var names: [String] = []

    /// No candidate at `cursor`.
    package static func none(at cursor: Int) -> RequestCompletion {
        RequestCompletion(range: cursor..<cursor, typed: "", candidates: [])
    }

    /// What replaces `range` at once: the only candidate, or the candidates' longest common
    /// prefix when it keeps what was typed and adds to it; nil when nothing would change. Where
    /// names that need quotes mix with plain ones (`Orders`, `"Order Details"`), the names'
    /// common prefix, opened with a quote (`"Order`): every candidate still completes from it.
    package var insertion: String? {
        guard let first = candidates.first else { return nil }
        if candidates.count == 1 { return first }
        let common = Self.commonPrefix(of: candidates)
        if common.count > typed.count, common.lowercased().hasPrefix(typed.lowercased()) { return common }
        guard names.count == candidates.count, candidates.contains(where: { $0.hasPrefix("\"") }) else { return nil }
        let name = Self.commonPrefix(of: names)
        let typedName = typed.hasPrefix("\"") ? String(typed.dropFirst()) : typed
        guard name.count > typedName.count, name.lowercased().hasPrefix(typedName.lowercased()) else { return nil }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"")
    }

    /// The longest prefix all of `texts` share, by Characters.
    private static func commonPrefix(of texts: [String]) -> String {
        guard let first = texts.first else { return "" }
        var prefix = Array(first)
        for text in texts.dropFirst() {
            let characters = Array(text)
            var length = 0
            while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
            prefix.removeSubrange(length...)
        }
        return String(prefix)
    }

    /// The completion of a whole request (the browser's `:` line) at `cursor`. A text that starts
    /// with `SELECT`, `WITH` or `VALUES` is SQL: tables, and the columns of the tables it names.
    package static func request(_ text: String, cursor: Int, graph: AssociationGraph) -> RequestCompletion {
        complete(text, cursor: cursor, graph: graph, root: nil, qualifiers: [:])
    }

    /// The completion of an expression on `table` (a filter or find prompt) at `cursor`.
    /// `qualifiers` are the names that may qualify a column (`album.Title`), each with its table.
    package static func expression(
        _ text: String, cursor: Int, graph: AssociationGraph, table: String, qualifiers: [String: String] = [:]
    ) -> RequestCompletion {
        complete(text, cursor: cursor, graph: graph, root: table, qualifiers: qualifiers)
    }

    private static func complete(
        _ text: String, cursor: Int, graph: AssociationGraph, root: String?, qualifiers: [String: String]
    ) -> RequestCompletion {
        let cursor = min(max(0, cursor), text.count)
        let cursorIndex = text.index(text.startIndex, offsetBy: cursor)
        let prefix = String(text[..<cursorIndex])
        guard let typing = CompletionTyping(prefix) else { return .none(at: cursor) }

        // Aliases are read from the whole text: one may be given after the place it is used.
        var aliases: [String: (name: String, table: String)] = [:]
        for (name, table) in qualifiers { aliases[name.lowercased()] = (name, table) }
        let allTokens = ((try? RequestLexer.tokenize(text)) ?? typing.tokens).filter { $0.kind != .end }
        var reader = CompletionWalker(graph: graph, root: root, aliases: aliases)
        for token in allTokens { reader.consume(token) }
        for (name, table) in reader.definedAliases where aliases[name.lowercased()] == nil {
            aliases[name.lowercased()] = (name, table)
        }

        var walker = CompletionWalker(graph: graph, root: root, aliases: aliases)
        for token in typing.tokens { walker.consume(token) }
        let items = root == nil && isSQL(allTokens) ? sqlItems(typing.tokens, naming: allTokens, graph: graph) : walker.items()

        let wanted = typing.partial.lowercased()
        var seen: Set<String> = []
        let fitting = items.filter { $0.name.lowercased().hasPrefix(wanted) && seen.insert($0.text).inserted }
        // Names are ranked as every list filtered by typing is (the exact name first, then the
        // shorter); methods keep the language's order.
        let areNames = fitting.allSatisfy { $0.text == RequestPrinter.name($0.name) }
        let ranked = areNames ? NameRanking.rank(fitting.map(\.name), by: wanted).map { fitting[$0] } : fitting
        let start = cursor - typing.partialLength
        let end = cursor + (typing.isQuoted ? 0 : identifierLength(atStartOf: text[cursorIndex...]))
        return RequestCompletion(
            range: start..<end, typed: String(prefix.suffix(typing.partialLength)), candidates: ranked.map(\.text), names: ranked.map(\.name))
    }

    /// Characters of the bare name that continues at the start of `rest`.
    private static func identifierLength(atStartOf rest: Substring) -> Int {
        var count = 0
        for character in rest {
            guard character.unicodeScalars.allSatisfy(RequestLexer.isIdentifierContinue) else { break }
            count += 1
        }
        return count
    }

    /// A text starting with `SELECT`, `WITH` or `VALUES` (not followed by `.`, as a table so named would be).
    private static func isSQL(_ tokens: [RequestToken]) -> Bool {
        guard let first = tokens.first, ["SELECT", "WITH", "VALUES"].contains(where: first.isKeyword) else { return false }
        return tokens.count < 2 || !tokens[1].isPunctuation(.dot)
    }

    /// In SQL: after `table.`, its columns; elsewhere the tables, and the columns of those the
    /// text names (`all`, its tokens after the cursor too).
    private static func sqlItems(_ tokens: [RequestToken], naming all: [RequestToken], graph: AssociationGraph) -> [CompletionItem] {
        let schema = graph.schema
        func columns(_ table: TableInfo) -> [CompletionItem] { table.columns.map { CompletionItem(name: $0.name) } }
        if let last = tokens.last, last.isPunctuation(.dot) {
            guard tokens.count >= 2, case .name(let name, _) = tokens[tokens.count - 2].kind, let table = schema.table(named: name) else {
                return []
            }
            return columns(table)
        }
        var items = schema.tables.map { CompletionItem(name: $0.name) }
        var named: Set<String> = []
        for token in all {
            guard case .name(let name, _) = token.kind, let table = schema.table(named: name), named.insert(table.name).inserted else {
                continue
            }
            items += columns(table)
        }
        return items
    }
}

/// One name that fits: `name` is matched against what was typed, `text` is inserted.
struct CompletionItem {
    var name: String
    var text: String

    /// A schema name, quoted as the language quotes it.
    init(name: String) {
        self.name = name
        self.text = RequestPrinter.name(name)
    }

    init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// A method or label, matched and inserted as written.
    static func literal(_ text: String) -> CompletionItem { CompletionItem(name: text, text: text) }
}

/// The text before the cursor as tokens, and the name being typed at the cursor (bare, quoted,
/// or a quoted name not yet closed). Nil inside a text literal or after a character the
/// language refuses.
struct CompletionTyping {
    /// The tokens before the name being typed.
    var tokens: [RequestToken]
    /// The name typed so far, unquoted.
    var partial = ""
    /// Characters of the name as written (with its quotes).
    var partialLength = 0
    var isQuoted = false

    init?(_ prefix: String) {
        let utf8 = prefix.utf8
        do {
            tokens = try RequestLexer.tokenize(prefix).filter { $0.kind != .end }
            if let last = tokens.last, case .name(let name, let quoted) = last.kind, last.range.upperBound == utf8.count {
                tokens.removeLast()
                partial = name
                isQuoted = quoted
                partialLength = Self.text(prefix, from: last.range.lowerBound).count
            }
        } catch {
            // A quoted name not closed yet is the name being typed; any other error, no completion.
            let start = error.position
            guard start < utf8.count, let quote = utf8.dropFirst(start).first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "`"),
                let head = try? RequestLexer.tokenize(String(decoding: utf8.prefix(start), as: UTF8.self))
            else { return nil }
            tokens = head.filter { $0.kind != .end }
            let written = Self.text(prefix, from: start)
            let mark = String(decoding: [quote], as: UTF8.self)
            partial = String(written.dropFirst()).replacing(mark + mark, with: mark)
            partialLength = written.count
            isQuoted = true
        }
    }

    private static func text(_ prefix: String, from utf8Offset: Int) -> String {
        String(decoding: prefix.utf8.dropFirst(utf8Offset), as: UTF8.self)
    }
}
