/// Expressions of generated GRDB code: columns as `Book.Columns.year`, GRDB's operators where
/// they mean what SQL means, SQL interpolation (`SQL("\(a) % \(b)")`) where GRDB has no operator.
extension SwiftRequestWriter {
    /// Precedence of generated Swift expressions, low to high.
    enum Level: Int, Comparable {
        case or = 1
        case and, comparison, nilCoalescing, additive, multiplicative, prefix, postfix
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What a generated expression's Swift type is: a `Column` or an `SQLExpression` (GRDB's
    /// operators apply), a plain Swift literal (they do not, on both sides), or an association
    /// aggregate (usable in `annotated(with:)`, `having(_:)` and with operators only).
    enum Kind { case specific, literal, aggregate }

    struct Code {
        var text: String
        var level: Level
        var kind: Kind

        /// The text, parenthesized when its precedence is below `minimum`.
        func at(_ minimum: Level) -> String { level < minimum ? "(" + text + ")" : text }

        /// As an `SQLExpression` when it is a literal, so that GRDB's operators apply.
        var specific: Code {
            kind == .literal ? Code(text: at(.postfix) + ".sqlExpression", level: .postfix, kind: .specific) : self
        }
    }

    /// A selected item: an expression, or one named with `forKey`.
    mutating func selectionCode(_ expression: Expression, table: TableInfo) throws -> String {
        if case .named(let inner, let name) = expression {
            let innerCode = try code(inner, table: table).specific
            return innerCode.at(.postfix) + ".forKey(\(SwiftNames.stringLiteral(name)))"
        }
        return try code(expression, table: table).specific.text
    }

    /// The Swift code of `expression`, whose columns belong to `table`.
    mutating func code(_ expression: Expression, table: TableInfo) throws -> Code {
        switch expression {
        case .column(let name):
            if let text = catalog.columnCode(name, in: table) {
                return Code(text: text, level: .postfix, kind: .specific)
            }
            if !table.isRowid(name), let annotation = annotationInScope(named: name, table: table) {
                return try annotationCode(annotation, table: table)
            }
            return Code(text: "Column(\(SwiftNames.stringLiteral(name)))", level: .postfix, kind: .specific)
        case .aliasedColumn(let alias, let column):
            // Written as the record's column, as other columns are: `aAlias[Author.Columns.name]`.
            let variable = aliasVariable(alias)
            let columnText =
                aliasTables[alias.lowercased()].flatMap { catalog.columnCode(column, in: $0) }
                ?? "Column(\(SwiftNames.stringLiteral(column)))"
            return Code(text: variable + "[" + columnText + "]", level: .postfix, kind: .specific)
        case .value(.null):
            // Not `nil`: GRDB turns `== nil` into IS NULL, where SQL's `= NULL` is never true.
            return Code(text: "SQL(\"NULL\").sqlExpression", level: .postfix, kind: .specific)
        case .value(let value):
            let text = SwiftNames.literal(value)
            return Code(text: text, level: text.hasPrefix("-") ? .prefix : .postfix, kind: .literal)
        case .unary(let op, let operand):
            let inner = try code(operand, table: table).specific
            return Code(text: (op == .not ? "!" : "-") + inner.at(.postfix), level: .prefix, kind: inner.kind)
        case .binary(let op, let lhs, let rhs):
            return try binaryCode(op, lhs, rhs, table: table)
        case .isNull(let operand, let negated):
            let inner = try code(operand, table: table).specific
            return Code(text: inner.at(.nilCoalescing) + (negated ? " != nil" : " == nil"), level: .comparison, kind: inner.kind)
        case .inList(let operand, let list, let negated):
            let inner = try code(operand, table: table).specific
            guard inner.kind != .aggregate else { throw notExpressible("an aggregate in IN (…)", table: table) }
            let items = try list.map { item -> String in
                let itemCode = try code(item, table: table)
                guard itemCode.kind != .aggregate else { throw notExpressible("an aggregate in IN (…)", table: table) }
                return itemCode.text
            }
            let text = "([" + items.joined(separator: ", ") + "] as [any SQLExpressible]).contains(" + inner.text + ")"
            return negated
                ? Code(text: "!" + text, level: .prefix, kind: .specific)
                : Code(text: text, level: .postfix, kind: .specific)
        case .function(let name, let arguments):
            if name.uppercased() == "IFNULL", arguments.count == 2, let first = arguments.first, let second = arguments.last {
                let lhs = try code(first, table: table).specific
                let rhs = try code(second, table: table)
                return Code(text: lhs.at(.additive) + " ?? " + rhs.at(.nilCoalescing), level: .nilCoalescing, kind: lhs.kind)
            }
            let items = try arguments.map { try interpolated($0, table: table) }
            let escapedName = String(SwiftNames.stringLiteral(name).dropFirst().dropLast())
            let literal = "SQL(\"" + escapedName + "(" + items.joined(separator: ", ") + ")\")"
            return Code(text: literal, level: .postfix, kind: .specific).sqlLiteralExpression
        case .aggregate(let aggregate):
            let association = try associationCode(aggregate.association, from: table, fixSingularKey: true, dropsDefaultOrdering: true)
            var text = association.text + "." + aggregate.function.rawValue
            if let argument = aggregate.argument {
                // The argument's columns belong to the associated table, never to the root's annotations.
                let savedScope = annotationScope
                annotationScope = nil
                defer { annotationScope = savedScope }
                text += "(" + (try code(argument, table: association.destination).specific.text) + ")"
            }
            return Code(text: text, level: .postfix, kind: .aggregate)
        case .named(let inner, let name):
            let innerCode = try code(inner, table: table).specific
            guard innerCode.kind == .aggregate else {
                throw notExpressible("a named expression inside another expression (forKey makes a selection in GRDB)", table: table)
            }
            return Code(text: innerCode.at(.postfix) + ".forKey(\(SwiftNames.stringLiteral(name)))", level: .postfix, kind: .aggregate)
        case .sql(let snippet, let arguments):
            let list = arguments.map(SwiftNames.literal).joined(separator: ", ")
            return Code(text: "SQL(sql: \(SwiftNames.stringLiteral(snippet)), arguments: [\(list)]).sqlExpression", level: .postfix, kind: .specific)
        case .collated(let inner, let collation):
            let innerCode = try code(inner, table: table).specific
            guard innerCode.kind == .specific else { throw notExpressible("a collated aggregate", table: table) }
            return Code(text: innerCode.at(.postfix) + ".collating(.\(collation.name))", level: .postfix, kind: .specific)
        }
    }

    /// The root's annotation named `name`, when `table` is the root whose refinements are written.
    private func annotationInScope(named name: String, table: TableInfo) -> (expression: Expression, name: String)? {
        guard let scope = annotationScope, scope.table == table.name else { return nil }
        return scope.annotations.first { $0.name.lowercased() == name.lowercased() }
    }

    /// An annotation's name inside an expression (`having(trackCount > 20)`): GRDB would qualify
    /// `Column("trackCount")` with the table's name, which the annotation does not have. A plain
    /// aggregate is written again, as a GRDB user writes it (`Album.tracks.count > 20`: GRDB
    /// joins the association once); any other annotation is named in an SQL literal, which SQLite
    /// resolves to the selected value.
    private mutating func annotationCode(_ annotation: (expression: Expression, name: String), table: TableInfo) throws -> Code {
        if case .aggregate = annotation.expression {
            let savedScope = annotationScope
            annotationScope = nil
            defer { annotationScope = savedScope }
            return try code(annotation.expression, table: table)
        }
        let text = "SQL(sql: \(SwiftNames.stringLiteral(annotation.name)).quotedDatabaseIdentifier).sqlExpression"
        return Code(text: text, level: .postfix, kind: .specific)
    }

    /// `\(Book.Columns.year)` for an SQL literal: the expression interpolated.
    private mutating func interpolated(_ expression: Expression, table: TableInfo) throws -> String {
        let inner = try code(expression, table: table)
        guard inner.kind != .aggregate else { throw notExpressible("an aggregate inside a function", table: table) }
        return "\\(" + inner.text + ")"
    }

    func notExpressible(_ what: String, table: TableInfo) -> AssocError {
        AssocError.invalid("\(what) is not expressible with GRDB's query interface (table \(quoteForMessage(table.name)))", table: table.name)
    }

    private mutating func binaryCode(_ op: Expression.BinaryOperator, _ lhs: Expression, _ rhs: Expression, table: TableInfo) throws -> Code {
        if op == .equal || op == .notEqual, Self.isEmptyAggregate(rhs), Self.booleanLiteral(lhs) != nil {
            return try binaryCode(op, rhs, lhs, table: table)
        }
        var left = try code(lhs, table: table)
        var right = try code(rhs, table: table)
        if op == .equal || op == .notEqual, Self.isEmptyAggregate(lhs), let flag = Self.booleanLiteral(rhs) {
            // `isEmpty == false`, as the guides write it (the request keeps booleans as 1 and 0).
            right = Code(text: flag ? "true" : "false", level: .postfix, kind: .literal)
        }
        let kind: Kind = left.kind == .aggregate || right.kind == .aggregate ? .aggregate : .specific
        let swiftOperator: (String, Level)?
        switch op {
        case .equal: swiftOperator = ("==", .comparison)
        case .notEqual: swiftOperator = ("!=", .comparison)
        case .less: swiftOperator = ("<", .comparison)
        case .lessOrEqual: swiftOperator = ("<=", .comparison)
        case .greater: swiftOperator = (">", .comparison)
        case .greaterOrEqual: swiftOperator = (">=", .comparison)
        case .and: swiftOperator = ("&&", .and)
        case .or: swiftOperator = ("||", .or)
        case .add: swiftOperator = ("+", .additive)
        case .subtract: swiftOperator = ("-", .additive)
        case .multiply: swiftOperator = ("*", .multiplicative)
        case .divide: swiftOperator = ("/", .multiplicative)
        case .is: swiftOperator = ("===", .comparison)
        case .isNot: swiftOperator = ("!==", .comparison)
        case .like, .notLike:
            let subject = left.specific
            guard subject.kind == .specific, right.kind != .aggregate else { throw notExpressible("LIKE on an aggregate", table: table) }
            let text = subject.at(.postfix) + ".like(" + right.text + ")"
            return op == .like
                ? Code(text: text, level: .postfix, kind: .specific)
                : Code(text: "!" + text, level: .prefix, kind: .specific)
        case .remainder:
            swiftOperator = nil
        }
        guard let (symbol, level) = swiftOperator else {
            guard kind != .aggregate else { throw notExpressible("% on an aggregate", table: table) }
            let literal = "SQL(\"\\(" + left.text + ") % \\(" + right.text + ")\")"
            return Code(text: literal, level: .postfix, kind: .specific).sqlLiteralExpression
        }
        if left.kind == .literal && right.kind == .literal { left = left.specific }
        if op == .equal || op == .notEqual || op == .is || op == .isNot {
            // A literal on the left of == is taken for a Swift value: keep the expression first.
            if left.kind == .literal { left = left.specific }
        }
        if kind == .aggregate, left.kind == .literal { left = left.specific }
        // Comparisons do not associate in Swift; the others associate to the left.
        let leftMinimum = level == .comparison ? Level.nilCoalescing : level
        let rightMinimum = Level(rawValue: level.rawValue + 1) ?? .postfix
        return Code(text: left.at(leftMinimum) + " \(symbol) " + right.at(rightMinimum), level: level, kind: kind)
    }

    private static func isEmptyAggregate(_ expression: Expression) -> Bool {
        if case .aggregate(let aggregate) = expression { return aggregate.function == .isEmpty }
        return false
    }

    /// true / false for the values 1 / 0 (how the request keeps `true` and `false`).
    private static func booleanLiteral(_ expression: Expression) -> Bool? {
        switch expression {
        case .value(.integer(1)): return true
        case .value(.integer(0)): return false
        default: return nil
        }
    }

    /// `x.desc`; an ordering on an annotation of the root (by its name, or by the aggregate it
    /// selects) is by the annotation's name, as an SQL literal (GRDB would qualify a `Column`
    /// with the table's name, which the annotation does not have).
    mutating func orderingCode(
        _ ordering: Ordering, table: TableInfo, annotations: [(expression: Expression, name: String)]
    ) throws -> String {
        let inner: Code
        if let name = annotationName(of: ordering.expression, annotations: annotations) {
            inner = Code(text: "SQL(sql: \(SwiftNames.stringLiteral(name)).quotedDatabaseIdentifier)", level: .postfix, kind: .specific)
        } else {
            inner = try code(ordering.expression, table: table).specific
            if inner.kind == .aggregate {
                throw notExpressible(
                    "an ordering by an aggregate that the request does not select (annotate the rows with it, then order by its name)", table: table)
            }
        }
        switch ordering.descending {
        case nil: return inner.text
        case true?: return inner.at(.postfix) + ".desc"
        case false?: return inner.at(.postfix) + ".asc"
        }
    }

    private func annotationName(of expression: Expression, annotations: [(expression: Expression, name: String)]) -> String? {
        switch expression {
        case .column(let name):
            return annotations.first { $0.name.lowercased() == name.lowercased() }?.name
        case .aggregate:
            return annotations.first { $0.expression == expression }?.name
        default:
            return nil
        }
    }
}

extension SwiftRequestWriter.Code {
    /// An `SQL` literal used as an expression.
    var sqlLiteralExpression: SwiftRequestWriter.Code {
        SwiftRequestWriter.Code(text: text + ".sqlExpression", level: .postfix, kind: .specific)
    }
}
