/// Expression part of `RequestParser` (see the grammar there). One function per precedence level.
extension RequestParser {
    mutating func parseExpression() throws(RequestSyntaxError) -> ExpressionSyntax {
        try enterNesting()
        defer { leaveNesting() }
        return try parseOr()
    }

    /// Builds a node spanning `start..<end of previous token`, refusing trees too deep to walk.
    func make(_ kind: ExpressionSyntax.Kind, from start: Int) throws(RequestSyntaxError) -> ExpressionSyntax {
        let end = Swift.max(start, token(at: Swift.max(0, position - 1)).range.upperBound)
        let node = ExpressionSyntax(kind, range: SourceRange(start..<end))
        if node.depth > Self.maximumDepth {
            throw error("expression is too deeply nested (more than \(Self.maximumDepth) levels)", at: start)
        }
        return node
    }

    mutating func parseOr() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        var lhs = try parseAnd()
        while current.isKeyword("OR") || current.isPunctuation(.pipePipe) {
            advance()
            let rhs = try parseAnd()
            lhs = try make(.binary(.or, lhs, rhs), from: start)
        }
        return lhs
    }

    mutating func parseAnd() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        var lhs = try parseNot()
        while current.isKeyword("AND") || current.isPunctuation(.ampAmp) {
            advance()
            let rhs = try parseNot()
            lhs = try make(.binary(.and, lhs, rhs), from: start)
        }
        return lhs
    }

    mutating func parseNot() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        if current.isKeyword("NOT") || current.isPunctuation(.bang) {
            advance()
            try enterNesting()
            defer { leaveNesting() }
            let operand = try parseNot()
            return try make(.unary(.not, operand), from: start)
        }
        return try parseComparison()
    }

    static let comparisonOperators: [RequestToken.Punctuation: BinaryOperator] = [
        .equal: .equal, .doubleEqual: .equal, .notEqual: .notEqual, .lessGreater: .notEqual,
        .less: .less, .lessOrEqual: .lessOrEqual, .greater: .greater, .greaterOrEqual: .greaterOrEqual
    ]

    mutating func parseComparison() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        var lhs = try parseIfNull()
        while true {
            if case .punctuation(let p) = current.kind, let op = Self.comparisonOperators[p] {
                advance()
                let rhs = try parseIfNull()
                lhs = try make(.binary(op, lhs, rhs), from: start)
            } else if current.isKeyword("IS") {
                advance()
                var negated = false
                if current.isKeyword("NOT") {
                    negated = true
                    advance()
                }
                guard current.isKeyword("NULL") else {
                    throw error("expected 'NULL' or 'NOT NULL' after 'IS', found \(current.display)")
                }
                advance()
                lhs = try make(.isNull(lhs, negated: negated), from: start)
            } else {
                var negated = false
                var keyword = current
                if current.isKeyword("NOT") {
                    let next = peek(1)
                    guard next.isKeyword("IN") || next.isKeyword("LIKE") || next.isKeyword("BETWEEN") else { break }
                    negated = true
                    advance()
                    keyword = current
                }
                if keyword.isKeyword("IN") {
                    advance()
                    _ = try expect(.leftParen, "after 'IN'")
                    var items: [ExpressionSyntax] = []
                    if !current.isPunctuation(.rightParen) {
                        items.append(try parseArgumentExpression())
                        while current.isPunctuation(.comma) {
                            advance()
                            items.append(try parseArgumentExpression())
                        }
                    }
                    _ = try expect(.rightParen, "after 'IN' list")
                    lhs = try make(.inList(lhs, items, negated: negated), from: start)
                } else if keyword.isKeyword("LIKE") {
                    advance()
                    let pattern = try parseIfNull()
                    lhs = try make(.like(lhs, pattern, negated: negated), from: start)
                } else if keyword.isKeyword("BETWEEN") {
                    advance()
                    let lower = try parseIfNull()
                    guard current.isKeyword("AND") else {
                        throw error("expected 'AND' in 'BETWEEN ... AND ...', found \(current.display)")
                    }
                    advance()
                    let upper = try parseIfNull()
                    lhs = try make(.between(lhs, lower, upper, negated: negated), from: start)
                } else {
                    break
                }
            }
        }
        return lhs
    }

    /// `a ?? b ?? c` is `a ?? (b ?? c)`, as in Swift.
    mutating func parseIfNull() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        let lhs = try parseAdditive()
        guard current.isPunctuation(.questionQuestion) else { return lhs }
        advance()
        try enterNesting()
        defer { leaveNesting() }
        let rhs = try parseIfNull()
        return try make(.binary(.ifNull, lhs, rhs), from: start)
    }

    mutating func parseAdditive() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        var lhs = try parseMultiplicative()
        while true {
            let op: BinaryOperator
            if current.isPunctuation(.plus) { op = .add } else if current.isPunctuation(.minus) { op = .subtract } else { break }
            advance()
            let rhs = try parseMultiplicative()
            lhs = try make(.binary(op, lhs, rhs), from: start)
        }
        return lhs
    }

    mutating func parseMultiplicative() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        var lhs = try parseUnary()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .punctuation(.star): op = .multiply
            case .punctuation(.slash): op = .divide
            case .punctuation(.percent): op = .remainder
            default: return lhs
            }
            advance()
            let rhs = try parseUnary()
            lhs = try make(.binary(op, lhs, rhs), from: start)
        }
    }

    mutating func parseUnary() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        guard current.isPunctuation(.minus) else { return try parsePostfix(try parsePrimary()) }
        advance()
        // A minus directly before a number makes a negative literal (this is how Int64.min is written).
        switch current.kind {
        case .integer(let digits):
            guard let value = Int64("-" + digits) else {
                throw error("integer -\(digits) is out of the 64-bit range", at: start)
            }
            advance()
            return try parsePostfix(try make(.literal(.integer(value)), from: start))
        case .real(let value):
            advance()
            return try parsePostfix(try make(.literal(.real(-value)), from: start))
        default:
            try enterNesting()
            defer { leaveNesting() }
            let operand = try parseUnary()
            return try make(.unary(.negate, operand), from: start)
        }
    }

    /// Applies `.forKey("name")` suffixes. Stops before `.desc`/`.asc`, which `order(...)` handles.
    mutating func parsePostfix(_ base: ExpressionSyntax) throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = base.range.utf8Offsets.lowerBound
        var expression = base
        while current.isPunctuation(.dot) {
            let member = peek(1)
            if member.bareName == "forKey", peek(2).isPunctuation(.leftParen) {
                advance()
                advance()
                advance()
                let key = try parseKey("forKey")
                _ = try expect(.rightParen, "after argument list of 'forKey'")
                expression = try make(.forKey(expression, key), from: start)
            } else if member.bareName == "collating", peek(2).isPunctuation(.leftParen) {
                advance()
                advance()
                advance()
                let nameToken = current
                guard let name = nameToken.bareName, let collation = Collation(name: name) else {
                    throw error(
                        "expected a collation (\(Collation.acceptedNames.joined(separator: ", "))), found \(nameToken.display); \(Collation.caseFoldingNote)"
                    )
                }
                advance()
                _ = try expect(.rightParen, "after argument list of 'collating'")
                expression = try make(.collating(expression, collation.name), from: start)
            } else if let name = member.bareName, ["DESC", "ASC"].contains(name.uppercased()) {
                break
            } else {
                throw error(
                    "unexpected \(member.display) after '.'; only '.forKey(...)', '.collating(...)', '.desc' and '.asc' may follow this expression",
                    at: member.range.lowerBound)
            }
        }
        return expression
    }

    mutating func parsePrimary() throws(RequestSyntaxError) -> ExpressionSyntax {
        let tok = current
        let start = tok.range.lowerBound
        switch tok.kind {
        case .integer(let digits):
            guard let value = Int64(digits) else {
                throw error("integer \(digits) is out of the 64-bit range")
            }
            advance()
            return try make(.literal(.integer(value)), from: start)
        case .real(let value):
            advance()
            return try make(.literal(.real(value)), from: start)
        case .text(let text):
            advance()
            return try make(.literal(.text(text)), from: start)
        case .blob(let bytes):
            advance()
            return try make(.literal(.blob(bytes)), from: start)
        case .punctuation(.leftParen):
            advance()
            var inner = try parseExpression()
            try rejectOrderingSuffix()
            _ = try expect(.rightParen, "to close '(' at column \(RequestSyntaxError(message: "", position: start, in: source).column)")
            inner.range = SourceRange(start..<token(at: position - 1).range.upperBound)
            return inner
        case .punctuation(.star):
            throw error("'*' is only allowed alone in 'select(...)'")
        case .name(let name, let quoted):
            if !quoted {
                switch name.uppercased() {
                case "NULL":
                    advance()
                    return try make(.literal(.null), from: start)
                case "TRUE":
                    advance()
                    return try make(.literal(.bool(true)), from: start)
                case "FALSE":
                    advance()
                    return try make(.literal(.bool(false)), from: start)
                case let upper where RequestLexer.keywords.contains(upper):
                    throw error("expected an expression, found keyword '\(name)' (quote it to use it as a name)")
                default: break
                }
            }
            return try parseNameReference()
        default:
            throw error("expected an expression, found \(tok.display)")
        }
    }

    /// Parses `column`, `alias.column`, or an aggregate `association(.method)*.count` / `.min(expr)`.
    mutating func parseNameReference() throws(RequestSyntaxError) -> ExpressionSyntax {
        let first = current
        let start = first.range.lowerBound
        guard case .name(let name, _) = first.kind else {
            throw error("expected a name, found \(first.display)")
        }
        guard peek(1).isPunctuation(.dot) else {
            advance()
            return try make(.column(name, qualifier: nil), from: start)
        }
        let member = peek(2)
        let callsMember = peek(3).isPunctuation(.leftParen)
        switch member.kind {
        case .name(let column, quoted: true):
            advance()
            advance()
            advance()
            return try make(.column(column, qualifier: name), from: start)
        case .name(let memberName, quoted: false):
            let isAggregate = AggregateFunction(rawValue: memberName).map { $0.takesArgument == callsMember } ?? false
            // `books.forKey("k").count`: a renamed association before an aggregate, not a named column.
            let renamedAggregate =
                memberName == "forKey" && callsMember && peek(5).isPunctuation(.rightParen)
                && peek(6).isPunctuation(.dot) && (peek(7).bareName.flatMap { AggregateFunction(rawValue: $0) } != nil)
            let isMethod = callsMember && (memberName != "forKey" || renamedAggregate) && Self.requestMethods.contains(memberName)
            if isAggregate || isMethod {
                return try parseAggregate()
            }
            if memberName == "forKey" || memberName == "collating" || ["DESC", "ASC"].contains(memberName.uppercased()) {
                advance()
                return try make(.column(name, qualifier: nil), from: start)
            }
            if callsMember {
                let valid = AggregateFunction.allCases.map(\.rawValue) + Self.requestMethods.filter { Self.associationMethods.contains($0) }
                if let function = AggregateFunction(rawValue: memberName) {
                    throw error("'\(function.rawValue)' takes no argument: write '\(name).\(function.rawValue)'", at: member.range.lowerBound)
                }
                throw error("unknown method '\(memberName)'; \(Self.suggestion(for: memberName, among: valid))", at: member.range.lowerBound)
            }
            advance()
            advance()
            advance()
            return try make(.column(memberName, qualifier: name), from: start)
        default:
            throw error("expected a column or aggregate name after '.', found \(member.display)", at: member.range.lowerBound)
        }
    }

    mutating func parseAggregate() throws(RequestSyntaxError) -> ExpressionSyntax {
        let start = current.range.lowerBound
        let association = try parseAssociation(beforeAggregate: true)
        guard current.isPunctuation(.dot) else {
            throw error(
                "expected an aggregate ('.count', '.isEmpty', '.min(...)', '.max(...)', '.average(...)', '.sum(...)', '.total(...)') after association '\(association.name)', found \(current.display)"
            )
        }
        let member = peek(1)
        guard let name = member.bareName, let function = AggregateFunction(rawValue: name) else {
            throw error(
                "expected an aggregate such as '.count' or '.max(column)' after association '\(association.name)', found \(member.display)",
                at: member.range.lowerBound)
        }
        advance()
        advance()
        var argument: ExpressionSyntax?
        if function.takesArgument {
            _ = try expect(.leftParen, "after '\(name)'")
            argument = try parseArgumentExpression()
            _ = try expect(.rightParen, "after argument of '\(name)'")
        } else if current.isPunctuation(.leftParen) {
            throw error("'\(name)' takes no argument: write '\(association.name).\(name)'")
        }
        return try make(.aggregate(AggregateSyntax(association, function, argument)), from: start)
    }
}
