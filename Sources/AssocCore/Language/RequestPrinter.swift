/// Prints syntax trees as canonical request text, which parses back to an equal tree.
///
/// Canonical spelling: `=`, `!=`, `AND`, `OR`, `NOT`, `??`; names quoted with `"` only when needed;
/// parentheses only where precedence requires them; `.desc` for descending order.
package enum RequestPrinter {
    package static func print(_ request: RequestSyntax) -> String {
        name(request.table) + methods(request.methods)
    }

    package static func print(_ association: AssociationSyntax) -> String {
        name(association.name) + methods(association.methods)
    }

    package static func print(_ expression: ExpressionSyntax) -> String {
        print(expression, atLeast: .or)
    }

    package static func print(_ ordering: OrderingSyntax) -> String {
        // `order(sql: 'name DESC')`: the direction goes back into the snippet.
        if case .sql(let snippet, let arguments) = ordering.expression.kind, ordering.direction == .descending {
            return sqlSnippet(snippet + " DESC", arguments)
        }
        switch ordering.direction {
        case .ascending: return print(ordering.expression)
        case .descending: return print(ordering.expression, atLeast: .postfix) + ".desc"
        }
    }

    // MARK: - Names and literals

    /// A name as is when it is a plain identifier and not a keyword, else double-quoted.
    package static func name(_ name: String) -> String {
        isPlainIdentifier(name) && !RequestLexer.keywords.contains(name.uppercased()) ? name : quoted(name, "\"")
    }

    /// A column name after `alias.`: also quotes members that would read as aggregates or orderings.
    static func memberName(_ column: String) -> String {
        ["count", "isempty", "desc", "asc"].contains(column.lowercased()) ? quoted(column, "\"") : name(column)
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), RequestLexer.isIdentifierStart(first) else { return false }
        while let s = scalars.next() {
            if !RequestLexer.isIdentifierContinue(s) || isHidden(s) { return false }
        }
        return true
    }

    /// Quoted with `quote`, or in the escaped form `U&"…"` when the text holds a character that
    /// cannot be seen on a terminal, so that a printed request both reads and runs.
    static func quoted(_ text: String, _ quote: Character) -> String {
        if text.unicodeScalars.contains(where: isHidden) { return escaped(text, quote) }
        var result = String(quote)
        for character in text {
            result.append(character)
            if character == quote { result.append(quote) }
        }
        result.append(quote)
        return result
    }

    /// `U&"a\000Bb"`: hidden characters as `\XXXX` or `\+XXXXXX`, a backslash doubled.
    static func escaped(_ text: String, _ quote: Character) -> String {
        var result = "U&" + String(quote)
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let width = scalar.value > 0xFFFF ? 6 : 4
                result += (width == 6 ? "\\+" : "\\") + String(repeating: "0", count: width - hex.count) + hex
            } else if scalar == "\\" {
                result += "\\\\"
            } else {
                result.unicodeScalars.append(scalar)
                if Character(scalar) == quote { result.unicodeScalars.append(scalar) }
            }
        }
        return result + String(quote)
    }

    /// Characters a terminal does not show (controls, format characters, line and paragraph
    /// separators, variation selectors, fillers), which a printed request writes as escapes.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        if InvisibleScalars.contains(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    package static func literal(_ value: LiteralSyntax) -> String {
        switch value {
        case .integer(let v): return String(v)
        case .real(let v): return v.description
        case .text(let v): return quoted(v, "'")
        case .blob(let bytes):
            let digits: [Character] = Array("0123456789ABCDEF")
            var hex = ""
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return "X'" + hex + "'"
        case .bool(let v): return v ? "TRUE" : "FALSE"
        case .null: return "NULL"
        }
    }

    /// `sql: 'length(Name) > ?', arguments: [10]`.
    static func sqlSnippet(_ snippet: String, _ arguments: [LiteralSyntax]) -> String {
        "sql: " + quoted(snippet, "'") + (arguments.isEmpty ? "" : ", arguments: [" + arguments.map(literal).joined(separator: ", ") + "]")
    }

    // MARK: - Methods

    static func methods(_ methods: [MethodSyntax]) -> String {
        methods.map { "." + method($0) }.joined()
    }

    static func method(_ method: MethodSyntax) -> String {
        let arguments: String
        switch method {
        case .including(let mode, let association): arguments = "\(mode.rawValue): " + print(association)
        case .joining(let mode, let association): arguments = "\(mode.rawValue): " + print(association)
        case .filter(let e), .having(let e): arguments = print(e)
        case .order(let terms): arguments = terms.map { print($0) }.joined(separator: ", ")
        case .select(let items):
            arguments = items.map {
                switch $0 {
                case .allColumns: "*"
                case .expression(let e): print(e)
                }
            }.joined(separator: ", ")
        case .limit(let limit, let offset): arguments = offset.map { "\(limit), offset: \($0)" } ?? "\(limit)"
        case .distinct: arguments = ""
        case .forKey(let key), .aliased(let key): arguments = quoted(key, "\"")
        case .requestFor(let association): arguments = "for: " + print(association)
        case .filterKey(let keys, let plural):
            let values = keys.map { key -> String in
                switch key {
                case .value(let e): return print(e)
                case .columns(let columns): return "[" + columns.map { name($0.column) + ": " + print($0.value) }.joined(separator: ", ") + "]"
                }
            }
            arguments = plural ? "keys: [" + values.joined(separator: ", ") + "]" : "key: " + (values.first ?? "")
        case .annotated(let items): arguments = "with: " + items.map { print($0) }.joined(separator: ", ")
        }
        return method.name + "(" + arguments + ")"
    }

    // MARK: - Expressions

    /// Precedence levels, low to high.
    enum Level: Int, Comparable {
        case or = 1
        case and
        case not
        case comparison
        case ifNull
        case additive
        case multiplicative
        case unary
        case postfix
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        var next: Level { Level(rawValue: rawValue + 1) ?? .postfix }
    }

    static func level(of op: BinaryOperator) -> Level {
        switch op {
        case .or: .or
        case .and: .and
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: .comparison
        case .ifNull: .ifNull
        case .add, .subtract: .additive
        case .multiply, .divide, .remainder: .multiplicative
        }
    }

    static func level(of expression: ExpressionSyntax) -> Level {
        switch expression.kind {
        case .literal(.integer(let v)): v < 0 ? .unary : .postfix
        case .literal(.real(let v)): v.sign == .minus ? .unary : .postfix
        case .literal, .column, .aggregate, .forKey, .collating, .sql: .postfix
        case .unary(.negate, _): .unary
        case .unary(.not, _): .not
        case .binary(let op, _, _): level(of: op)
        case .isNull, .inList, .like, .between: .comparison
        }
    }

    static func print(_ expression: ExpressionSyntax, atLeast minimum: Level) -> String {
        let text = bare(expression)
        return level(of: expression) < minimum ? "(" + text + ")" : text
    }

    static func isNumber(_ e: ExpressionSyntax) -> Bool {
        switch e.kind {
        case .literal(.integer), .literal(.real): true
        default: false
        }
    }

    /// Prints without outer parentheses.
    static func bare(_ expression: ExpressionSyntax) -> String {
        switch expression.kind {
        case .literal(let value):
            return literal(value)
        case .column(let column, let qualifier):
            guard let qualifier else { return name(column) }
            return name(qualifier) + "." + memberName(column)
        case .aggregate(let aggregate):
            var text = print(aggregate.association) + "." + aggregate.function.rawValue
            if let argument = aggregate.argument { text += "(" + print(argument) + ")" }
            return text
        case .unary(.not, let operand):
            return "NOT " + print(operand, atLeast: .not)
        case .unary(.negate, let operand):
            // `-(5)` and `-(-x)` keep their parentheses: `-5` would parse as a negative literal.
            let needsParentheses: Bool
            if isNumber(operand) {
                needsParentheses = true
            } else if case .unary(.negate, _) = operand.kind {
                needsParentheses = true
            } else {
                needsParentheses = level(of: operand) < .unary
            }
            let text = bare(operand)
            return needsParentheses ? "-(" + text + ")" : "-" + text
        case .binary(let op, let lhs, let rhs):
            let level = level(of: op)
            if op == .ifNull {
                return print(lhs, atLeast: level.next) + " ?? " + print(rhs, atLeast: level)
            }
            return print(lhs, atLeast: level) + " \(op.rawValue) " + print(rhs, atLeast: level.next)
        case .isNull(let operand, let negated):
            return print(operand, atLeast: .comparison) + (negated ? " IS NOT NULL" : " IS NULL")
        case .inList(let operand, let items, let negated):
            return print(operand, atLeast: .comparison) + (negated ? " NOT IN (" : " IN (")
                + items.map { print($0) }.joined(separator: ", ") + ")"
        case .like(let operand, let pattern, let negated):
            return print(operand, atLeast: .comparison) + (negated ? " NOT LIKE " : " LIKE ")
                + print(pattern, atLeast: .ifNull)
        case .between(let operand, let lower, let upper, let negated):
            return print(operand, atLeast: .comparison) + (negated ? " NOT BETWEEN " : " BETWEEN ")
                + print(lower, atLeast: .ifNull) + " AND " + print(upper, atLeast: .ifNull)
        case .forKey(let operand, let key):
            return print(operand, atLeast: .postfix) + ".forKey(" + quoted(key, "\"") + ")"
        case .sql(let snippet, let arguments):
            return sqlSnippet(snippet, arguments)
        case .collating(let operand, let collation):
            return print(operand, atLeast: .postfix) + ".collating(" + collation + ")"
        }
    }
}

extension RequestSyntax: CustomStringConvertible {
    /// The canonical request text.
    package var description: String { RequestPrinter.print(self) }
}

extension ExpressionSyntax: CustomStringConvertible {
    /// The canonical expression text.
    package var description: String { RequestPrinter.print(self) }
}
