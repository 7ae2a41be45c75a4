/// Parses the request language into a `RequestSyntax` tree.
///
/// Grammar (keywords are case-insensitive; whitespace, including newlines, is free between tokens):
/// ```
/// request      := tableRef ( '.' method )*
/// tableRef     := name                     -- any bare identifier, even a keyword (`select`, `order`)
/// name         := identifier | "double quoted" ("" escapes ") | `backquoted` (`` escapes `)
/// identifier   := (letter | '_' | '$') (letter | digit | mark | '_' | '$')*    -- Unicode letters allowed
/// method       := 'including' '(' ('required' | 'optional' | 'all') ':' association ')'
///               | 'joining' '(' ('required' | 'optional') ':' association ')'
///               | 'filter' '(' expr ')'          | 'having' '(' expr ')'
///               | 'filter' '(' 'key' ':' keyValue ')' | 'filter' '(' 'keys' ':' '[' keyValue (',' keyValue)* ']' ')'
/// keyValue     := expr | '[' name ':' expr (',' name ':' expr)* ']'   -- a composite key, by column
///               | 'order' '(' ordering (',' ordering)* ')'
///               | 'select' '(' selection (',' selection)* ')'
///               | 'annotated' '(' 'with' ':' expr (',' expr)* ')'
///               | 'limit' '(' integer (',' 'offset' ':' integer)? ')'
///               | 'distinct' '(' ')'
///               | 'forKey' '(' key ')'  | 'aliased' '(' key ')'
///               | 'request' '(' 'for' ':' association ')'   -- the records it reaches, each once
/// association  := name ( '.' associationMethod )*
///                 -- associationMethod: including, joining, filter, order, select, forKey, aliased
/// key          := "double quoted" | 'single quoted'
/// ordering     := expr ( '.desc' | '.asc' | 'DESC' | 'ASC' )?
/// selection    := '*' | expr
/// expr         := or
/// or           := and ( ('OR' | '||') and )*
/// and          := not ( ('AND' | '&&') not )*
/// not          := ('NOT' | '!') not | comparison
/// comparison   := ifNull ( ('=' | '==' | '!=' | '<>' | '<' | '<=' | '>' | '>=') ifNull
///                        | 'IS' 'NOT'? 'NULL'
///                        | 'NOT'? 'IN' '(' (expr (',' expr)*)? ')'
///                        | 'NOT'? 'LIKE' ifNull
///                        | 'NOT'? 'BETWEEN' ifNull 'AND' ifNull )*
/// ifNull       := additive ( '??' ifNull )?                      -- right-associative, like Swift
/// additive     := multiplicative ( ('+' | '-') multiplicative )*
/// multiplicative := unary ( ('*' | '/' | '%') unary )*
/// unary        := '-' unary | postfix
/// postfix      := primary ( '.forKey' '(' key ')' )*
/// primary      := literal | '(' expr ')' | aggregate | name ( '.' name )?   -- column or alias.column
/// aggregate    := association '.' ( 'count' | 'isEmpty' | ('min'|'max'|'average'|'sum'|'total') '(' expr ')' )
/// literal      := integer | real (1.5, 1e3) | 'text' ('' escapes ') | X'hex' | NULL | TRUE | FALSE
/// ```
/// `||` and `&&` are logical OR and AND, as in the Swift API: there is no string concatenation.
/// `NOT` and `!` have the same (SQL) precedence: `!a = b` means `NOT (a = b)`.
/// A `-` directly before a number makes a negative literal. Integers must fit in 64 bits.
/// After `x.`, the bare words `count` and `isEmpty` make an aggregate, and `desc`/`asc` an
/// ordering: quote them (`p."count"`) to name such a column.
/// Nesting deeper than `maximumDepth` is an error rather than a stack overflow.
package struct RequestParser {
    /// Maximum nesting of parentheses, unary operators and associations, and maximum
    /// depth of an expression tree.
    package static let maximumDepth = 200

    static let requestMethods = [
        "including", "joining", "filter", "order", "select", "limit", "distinct", "forKey", "aliased", "annotated", "having", "request"
    ]
    static let associationMethods: Set<String> = ["including", "joining", "filter", "order", "select", "forKey", "aliased"]

    let source: String
    var tokens: [RequestToken]
    var position = 0
    var depth = 0

    init(source: String, tokens: [RequestToken]) {
        self.source = source
        self.tokens = tokens
    }

    /// Parses a whole request, such as `book.filter(year > 2000).order(title)`.
    package static func parse(_ text: String) throws(RequestSyntaxError) -> RequestSyntax {
        var parser = RequestParser(source: text, tokens: try RequestLexer.tokenize(text))
        return try parser.parseRequest()
    }

    /// Parses a lone expression, such as `year >= 2000 AND kind = 'novel'`.
    package static func parseExpression(_ text: String) throws(RequestSyntaxError) -> ExpressionSyntax {
        var parser = RequestParser(source: text, tokens: try RequestLexer.tokenize(text))
        let expression = try parser.parseExpression()
        try parser.rejectOrderingSuffix()
        if parser.current.kind != .end {
            throw parser.error("expected end of expression, found \(parser.current.display)")
        }
        return expression
    }

    // MARK: - Token access

    var current: RequestToken { token(at: position) }

    func token(at index: Int) -> RequestToken {
        if index < tokens.count { return tokens[index] }
        let end = source.utf8.count
        return tokens.last ?? RequestToken(kind: .end, range: end..<end)
    }

    func peek(_ ahead: Int) -> RequestToken { token(at: position + ahead) }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func error(_ message: String, at offset: Int? = nil) -> RequestSyntaxError {
        RequestSyntaxError(message: message, position: offset ?? current.range.lowerBound, in: source)
    }

    mutating func expect(_ p: RequestToken.Punctuation, _ context: String) throws(RequestSyntaxError) -> RequestToken {
        let token = current
        guard token.isPunctuation(p) else {
            throw error("expected '\(p.rawValue)' \(context), found \(token.display)")
        }
        advance()
        return token
    }

    mutating func enterNesting() throws(RequestSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("request is nested too deeply (more than \(Self.maximumDepth) levels)")
        }
    }

    mutating func leaveNesting() { depth -= 1 }

    // MARK: - Requests and associations

    mutating func parseRequest() throws(RequestSyntaxError) -> RequestSyntax {
        let first = current
        guard case .name(let table, _) = first.kind else {
            throw error("expected a table name, found \(first.display)")
        }
        advance()
        var request = RequestSyntax(table: table, range: SourceRange(first.range))
        while current.isPunctuation(.dot) {
            advance()
            request.methods.append(try parseMethod(onAssociation: false))
        }
        if current.kind != .end {
            throw error("expected '.' followed by a method, or end of request, found \(current.display)")
        }
        return request
    }

    /// Parses `name ('.' method)*`. When `beforeAggregate` is set, stops before a member that is
    /// not a method call (an aggregate such as `.count`, or `.min(...)`).
    mutating func parseAssociation(beforeAggregate: Bool) throws(RequestSyntaxError) -> AssociationSyntax {
        try enterNesting()
        defer { leaveNesting() }
        let first = current
        guard case .name(let name, _) = first.kind else {
            throw error("expected an association name, found \(first.display)")
        }
        advance()
        var association = AssociationSyntax(name: name, range: SourceRange(first.range))
        while current.isPunctuation(.dot) {
            if beforeAggregate, let member = peek(1).bareName,
                AggregateFunction(rawValue: member) != nil || !peek(2).isPunctuation(.leftParen)
            {
                break
            }
            advance()
            association.methods.append(try parseMethod(onAssociation: true))
        }
        return association
    }

    /// Parses a method call after its '.'.
    mutating func parseMethod(onAssociation: Bool) throws(RequestSyntaxError) -> MethodSyntax {
        let nameToken = current
        guard let name = nameToken.bareName else {
            throw error("expected a method name after '.', found \(nameToken.display)")
        }
        let allowed = onAssociation ? Self.requestMethods.filter { Self.associationMethods.contains($0) } : Self.requestMethods
        guard allowed.contains(name) else {
            if onAssociation, Self.requestMethods.contains(name) {
                throw error("method '\(name)' is not available on an association; available: \(allowed.joined(separator: ", "))")
            }
            throw error("unknown method '\(name)'; \(Self.suggestion(for: name, among: allowed))")
        }
        advance()
        _ = try expect(.leftParen, "after '\(name)'")
        let method: MethodSyntax
        switch name {
        case "including":
            let mode = try parseLabel(in: name, choices: ["required", "optional", "all"])
            method = .including(IncludingMode(rawValue: mode) ?? .required, try parseAssociation(beforeAggregate: false))
        case "joining":
            let mode = try parseLabel(in: name, choices: ["required", "optional"])
            method = .joining(JoiningMode(rawValue: mode) ?? .required, try parseAssociation(beforeAggregate: false))
        case "filter":
            if let label = current.bareName, label == "key" || label == "keys", peek(1).isPunctuation(.colon) {
                advance()
                advance()
                if label == "key" {
                    method = .filterKey([try parseKeyValue()], plural: false)
                } else {
                    _ = try expect(.leftBracket, "after 'keys:'")
                    var keys = [try parseKeyValue()]
                    while current.isPunctuation(.comma) {
                        advance()
                        keys.append(try parseKeyValue())
                    }
                    _ = try expect(.rightBracket, "after the keys of 'filter(keys:)'")
                    method = .filterKey(keys, plural: true)
                }
            } else if isSnippetLabel {
                method = .filter(try parseSnippet())
            } else {
                method = .filter(try parseArgumentExpression())
            }
        case "having":
            method = .having(isSnippetLabel ? try parseSnippet() : try parseArgumentExpression())
        case "order" where isSnippetLabel:
            let snippet = try parseSnippet()
            guard case .sql(let text, let arguments) = snippet.kind else { throw error("expected an SQL snippet") }
            let (expression, descending) = SQLSnippet.splitDirection(text)
            method = .order([
                OrderingSyntax(
                    ExpressionSyntax(.sql(expression, arguments: arguments), range: snippet.range),
                    descending == true ? .descending : .ascending)
            ])
        case "select" where isSnippetLabel:
            method = .select([.expression(try parseSnippet())])
        case "order":
            var terms = [try parseOrdering()]
            while current.isPunctuation(.comma) {
                advance()
                terms.append(try parseOrdering())
            }
            method = .order(terms)
        case "select":
            var items = [try parseSelection()]
            while current.isPunctuation(.comma) {
                advance()
                items.append(try parseSelection())
            }
            method = .select(items)
        case "annotated":
            _ = try parseLabel(in: name, choices: ["with"])
            var items = [try parseArgumentExpression()]
            while current.isPunctuation(.comma) {
                advance()
                items.append(try parseArgumentExpression())
            }
            method = .annotated(items)
        case "limit":
            let limit = try parseCount("limit")
            var offset: Int?
            if current.isPunctuation(.comma) {
                advance()
                _ = try parseLabel(in: name, choices: ["offset"])
                offset = try parseCount("offset")
            }
            method = .limit(limit, offset: offset)
        case "distinct":
            method = .distinct
        case "forKey":
            method = .forKey(try parseKey(name))
        case "request":
            _ = try parseLabel(in: name, choices: ["for"])
            method = .requestFor(try parseAssociation(beforeAggregate: false))
        default:  // "aliased"
            method = .aliased(try parseKey(name))
        }
        _ = try expect(.rightParen, "after argument list of '\(name)'")
        return method
    }

    /// Whether the argument list starts with `sql:` (an SQL snippet).
    var isSnippetLabel: Bool {
        current.bareName == "sql" && peek(1).isPunctuation(.colon)
    }

    /// Parses `sql: 'text'` and an optional `, arguments: [literal, …]`. After `sql:` a name never
    /// fits, so a "double-quoted" text is read as the snippet too (what a Swift user pastes).
    mutating func parseSnippet() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        advance()
        advance()
        let text: String
        if case .text(let single) = current.kind {
            text = single
        } else if case .name(let name, quoted: true) = current.kind, isDoubleQuoted(current) {
            text = name
        } else {
            throw error("expected the SQL snippet as a quoted text ('…' or \"…\") after 'sql:', found \(current.display)")
        }
        advance()
        var arguments: [LiteralSyntax] = []
        if current.isPunctuation(.comma) {
            advance()
            guard current.bareName == "arguments", peek(1).isPunctuation(.colon) else {
                throw error("expected 'arguments:' after the SQL snippet, found \(current.display)")
            }
            advance()
            advance()
            _ = try expect(.leftBracket, "after 'arguments:'")
            while !current.isPunctuation(.rightBracket) {
                if !arguments.isEmpty { _ = try expect(.comma, "between arguments") }
                let value = try parseArgumentExpression()
                guard case .literal(let literal) = value.kind else {
                    throw error("the arguments of an SQL snippet are values (numbers, 'text', NULL…)", at: value.range.utf8Offsets.lowerBound)
                }
                arguments.append(literal)
            }
            advance()
        }
        return ExpressionSyntax(.sql(text, arguments: arguments), range: SourceRange(start..<token(at: position - 1).range.upperBound))
    }

    /// Whether `token` was written in double quotes (not backquotes).
    func isDoubleQuoted(_ token: RequestToken) -> Bool {
        let utf8 = source.utf8
        guard token.range.lowerBound >= 0, token.range.lowerBound < utf8.count else { return false }
        return utf8[utf8.index(utf8.startIndex, offsetBy: token.range.lowerBound)] == UInt8(ascii: "\"")
    }

    /// Parses `label:` where label is one of `choices`.
    mutating func parseLabel(in method: String, choices: [String]) throws(RequestSyntaxError) -> String {
        let expected = choices.map { "'\($0):'" }.joined(separator: choices.count > 2 ? ", " : " or ")
        guard case .name(let label, _) = current.kind, peek(1).isPunctuation(.colon) else {
            throw error("missing label in '\(method)(...)': expected \(expected)")
        }
        guard choices.contains(label) else {
            throw error("unknown label '\(label):' in '\(method)(...)'; expected \(expected)")
        }
        advance()
        advance()
        return label
    }

    /// Parses a non-negative integer literal (limit, offset).
    mutating func parseCount(_ what: String) throws(RequestSyntaxError) -> Int {
        guard case .integer(let digits) = current.kind else {
            throw error("expected a non-negative integer for \(what), found \(current.display)")
        }
        guard let value = Int(digits) else { throw error("\(what) \(digits) is too large") }
        advance()
        return value
    }

    /// Parses one primary key value of `filter(key:)`: an expression, or `[column: value, …]`.
    mutating func parseKeyValue() throws(RequestSyntaxError) -> KeySyntax {
        guard current.isPunctuation(.leftBracket) else { return .value(try parseArgumentExpression()) }
        advance()
        var columns: [KeyColumnSyntax] = []
        repeat {
            if !columns.isEmpty { advance() }
            guard case .name(let column, _) = current.kind, peek(1).isPunctuation(.colon) else {
                throw error("expected 'column: value' in a composite key, found \(current.display)")
            }
            advance()
            advance()
            columns.append(KeyColumnSyntax(column: column, value: try parseArgumentExpression()))
        } while current.isPunctuation(.comma)
        _ = try expect(.rightBracket, "after a composite key")
        return .columns(columns)
    }

    /// Parses the key of `forKey(...)` or `aliased(...)`: "name" or 'name'.
    mutating func parseKey(_ method: String) throws(RequestSyntaxError) -> String {
        switch current.kind {
        case .name(let key, quoted: true), .text(let key):
            advance()
            return key
        default:
            throw error("expected a quoted name like \"name\" in '\(method)(...)', found \(current.display)")
        }
    }

    mutating func parseOrdering() throws(RequestSyntaxError) -> OrderingSyntax {
        let expression = try parseExpression()
        if current.isPunctuation(.dot), let member = peek(1).bareName {
            switch member.uppercased() {
            case "DESC":
                advance()
                advance()
                return OrderingSyntax(expression, .descending)
            case "ASC":
                advance()
                advance()
                return OrderingSyntax(expression, .ascending)
            default: break
            }
        }
        if current.isKeyword("DESC") {
            advance()
            return OrderingSyntax(expression, .descending)
        }
        if current.isKeyword("ASC") {
            advance()
            return OrderingSyntax(expression, .ascending)
        }
        return OrderingSyntax(expression, .ascending)
    }

    mutating func parseSelection() throws(RequestSyntaxError) -> SelectionSyntax {
        if current.isPunctuation(.star), peek(1).isPunctuation(.comma) || peek(1).isPunctuation(.rightParen) {
            advance()
            return .allColumns
        }
        return .expression(try parseArgumentExpression())
    }

    /// An expression that must not be followed by `.desc`/`.asc` (anywhere but `order`).
    mutating func parseArgumentExpression() throws(RequestSyntaxError) -> ExpressionSyntax {
        let expression = try parseExpression()
        try rejectOrderingSuffix()
        return expression
    }

    func rejectOrderingSuffix() throws(RequestSyntaxError) {
        if current.isPunctuation(.dot), let member = peek(1).bareName,
            ["DESC", "ASC"].contains(member.uppercased())
        {
            throw error("'.\(member)' is only allowed in 'order(...)'")
        }
        if current.isKeyword("DESC") || current.isKeyword("ASC") {
            throw error("'\(current.bareName ?? "")' is only allowed in 'order(...)'")
        }
    }

    /// "did you mean 'filter'?" or the list of valid names.
    static func suggestion(for name: String, among valid: [String]) -> String {
        // Method names are short: typos only, not prefixes.
        let close = NameSuggestions.closest(to: name, among: valid, matchingPrefixes: false)
        if close.isEmpty { return "expected one of \(valid.joined(separator: ", "))" }
        return "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
    }
}
