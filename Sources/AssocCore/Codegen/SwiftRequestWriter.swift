/// Writes a `Request` as Swift code over generated record types (`Book.including(required:
/// Book.author)`), declaring on the records the static associations it uses.
struct SwiftRequestWriter {
    let db: Database
    let resolver: Resolver
    var catalog = SwiftRecordCatalog()

    init(db: Database) {
        self.db = db
        self.resolver = Resolver(graph: db.graph)
    }

    func table(named name: String) throws -> TableInfo {
        guard let table = db.schema.table(named: name) else { throw AssocError.unknownTable(name, in: db.schema) }
        return table
    }

    /// `Book.including(required: Book.author)…`, `Book.all` without refinement. Calls after the
    /// first go on their own lines.
    mutating func request(_ request: Request) throws -> String {
        if let origin = request.origin {
            // The associated records of a request: `base.request(for: association)`.
            let base = try self.request(origin.base)
            let baseTable = try resolver.rootTable(of: origin.base)
            let association = try associationCode(origin.association, from: baseTable, fixSingularKey: false)
            var text = base + "\n    .request(for: \(association.text))"
            var calls = try methods(request.relation, table: association.destination)
            if let limit = request.limit {
                calls.append(request.offset.map { "limit(\(limit), offset: \($0))" } ?? "limit(\(limit))")
            }
            for call in calls { text += "\n    ." + call }
            return text
        }
        let root = try resolver.rootTable(of: request)
        let type = catalog.typeName(for: root)
        var calls = try methods(request.relation, table: root)
        if let limit = request.limit {
            calls.append(request.offset.map { "limit(\(limit), offset: \($0))" } ?? "limit(\(limit))")
        }
        guard let first = calls.first else { return type + ".all" }
        let staticStarts = ["filter(", "order(", "select(", "aliased(", "annotated(", "having(", "limit(", "including(", "joining("]
        let startsStatic = staticStarts.contains { first.hasPrefix($0) }
            && !first.hasPrefix("select(allColumnsAnd:") && !first.hasPrefix("select([")
        var text = type + (startsStatic ? "." : ".all.") + first
        for call in calls.dropFirst() { text += "\n    ." + call }
        return text
    }

    /// The refinement calls of `relation` (without dots), in a fixed order: alias, selection,
    /// annotations, filters, joins, havings, ordering, distinct.
    mutating func methods(_ relation: Relation, table: TableInfo) throws -> [String] {
        var calls: [String] = []
        if let alias = relation.alias { calls.append("aliased(TableAlias(\(SwiftNames.stringLiteral(alias))))") }
        if let selection = relation.selection {
            if case .allColumns? = selection.first {
                let rest = try selection.dropFirst().map { item -> String in
                    guard case .expression(let e) = item else {
                        throw AssocError.invalid("a selection of table \(quoteForMessage(table.name)) lists all columns twice, which Swift code can not express", table: table.name)
                    }
                    return try code(e, table: table).text
                }
                calls.append("select(allColumnsAnd: [" + rest.joined(separator: ", ") + "])")
            } else if selection.isEmpty {
                calls.append("select([])")
            } else {
                let items = try selection.map { item -> String in
                    guard case .expression(let e) = item else {
                        throw AssocError.invalid("a selection of table \(quoteForMessage(table.name)) lists all columns after other items, which Swift code can not express", table: table.name)
                    }
                    return try code(e, table: table).text
                }
                calls.append("select(" + items.joined(separator: ", ") + ")")
            }
        }
        if !relation.annotations.isEmpty {
            calls.append("annotated(with: " + (try relation.annotations.map { try code($0, table: table).text }).joined(separator: ", ") + ")")
        }
        for keyFilter in relation.keyFilters {
            let values = try keyFilter.keys.map { key -> String in
                switch key {
                case .value(let value): return try code(value, table: table).text
                case .columns(let columns):
                    return "[" + (try columns.map { SwiftNames.stringLiteral($0.column) + ": " + (try code($0.value, table: table).text) }).joined(separator: ", ") + "]"
                }
            }
            calls.append(keyFilter.isList ? "filter(keys: [" + values.joined(separator: ", ") + "])" : "filter(key: " + (values.first ?? "") + ")")
        }
        for filter in relation.filters { calls.append("filter(" + (try code(filter, table: table).text) + ")") }
        for join in relation.joins {
            let association = try associationCode(join.association, from: table, fixSingularKey: join.method != .includingAll)
            let label = join.method.rawValue.dropLast(2)  // "including(required"
            calls.append(label + ": " + association.text + ")")
        }
        for having in relation.havings { calls.append("having(" + (try code(having, table: table).text) + ")") }
        if let ordering = relation.ordering {
            calls.append("order(" + (try ordering.map { try orderingCode($0, table: table) }).joined(separator: ", ") + ")")
        }
        if relation.isDistinct { calls.append("distinct()") }
        return calls
    }

    // MARK: Associations

    /// `Book.author.filter(…)` and the destination table. Declares the static association (and,
    /// for a through association, its pivot and target) on the origin's record.
    /// `fixSingularKey`: the association is joined as to-one, so its key must be the graph's
    /// singular name (`bookAsAuthor`) where plain inflection would differ.
    mutating func associationCode(
        _ association: AssociationRequest, from origin: TableInfo, fixSingularKey: Bool
    ) throws -> (text: String, destination: TableInfo) {
        let originType = catalog.typeName(for: origin)
        let declared = try declare(association, from: origin)
        var text = originType + "." + declared.staticName
        for call in try methods(association.relation, table: declared.destination) { text += "." + call }
        if let key = association.key {
            text += ".forKey(\(SwiftNames.stringLiteral(key)))"
        } else if fixSingularKey, declared.isToMany, let singular = declared.singularKey,
                  singular != Inflector.singularize(declared.name) {
            text += ".forKey(\(SwiftNames.stringLiteral(singular)))"
        }
        return (text, declared.destination)
    }

    private struct Declared {
        var staticName: String
        var destination: TableInfo
        var name: String
        var isToMany: Bool
        var singularKey: String?
    }

    /// Declares the static association `association` stands for on the record of `origin`.
    private mutating func declare(_ association: AssociationRequest, from origin: TableInfo) throws -> Declared {
        switch try resolver.definition(of: association, from: origin) {
        case .direct(let definition):
            let destination = try table(named: definition.destination)
            let destinationType = catalog.typeName(for: destination)
            let (child, parent) = definition.kind == .belongsTo
                ? (definition.columns.map(\.origin), definition.columns.map(\.destination))
                : (definition.columns.map(\.destination), definition.columns.map(\.origin))
            let helper: String
            switch definition.kind {
            case .belongsTo: helper = "belongsTo"
            case .hasOne, .hasOneThrough: helper = "hasOne"
            case .hasMany, .hasManyThrough: helper = "hasMany"
            }
            let code = "\(helper)(\(destinationType).self, key: \(SwiftNames.stringLiteral(definition.name)), using: ForeignKey(\(SwiftNames.stringArray(child)), to: \(SwiftNames.stringArray(parent))))"
            let name = catalog.declareStatic(on: origin, associationName: definition.name, code: code)
            return Declared(
                staticName: name, destination: destination, name: definition.name,
                isToMany: definition.isToMany, singularKey: definition.singularName)
        case .through(let pivot, let target, let kind, let name, let singularKey):
            let pivotCode = try associationCode(pivot, from: origin, fixSingularKey: true)
            let targetCode = try associationCode(target, from: pivotCode.destination, fixSingularKey: false)
            let destinationType = catalog.typeName(for: targetCode.destination)
            let helper = kind.isToMany ? "hasMany" : "hasOne"
            let code = "\(helper)(\(destinationType).self, through: \(pivotCode.text), using: \(targetCode.text), key: \(SwiftNames.stringLiteral(name)))"
            let staticName = catalog.declareStatic(on: origin, associationName: name, code: code)
            return Declared(
                staticName: staticName, destination: targetCode.destination, name: name,
                isToMany: kind.isToMany, singularKey: singularKey)
        }
    }

    // MARK: Expressions

    /// Precedence of generated Swift expressions, low to high.
    enum Level: Int, Comparable {
        case or = 1, and, comparison, nilCoalescing, additive, multiplicative, prefix, postfix
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What a generated expression's Swift type is: a `Column`, a plain Swift literal (not enough
    /// for AssocCore's operators), or an `Expression`.
    enum Kind { case column, literal, expression }

    struct Code {
        var text: String
        var level: Level
        var kind: Kind

        /// The text, parenthesized when its precedence is below `minimum`.
        func at(_ minimum: Level) -> String { level < minimum ? "(" + text + ")" : text }

        /// As a column or an `Expression`, so that AssocCore's operators apply.
        var sqlSpecific: Code {
            kind == .literal ? Code(text: "Expression.value(\(text))", level: .postfix, kind: .expression) : self
        }

        /// As a value of type `Expression`.
        var expression: Code {
            switch kind {
            case .column: return Code(text: text + ".expression", level: .postfix, kind: .expression)
            case .literal: return sqlSpecific
            case .expression: return self
            }
        }
    }

    /// The Swift code of `expression`, whose columns belong to `table`.
    mutating func code(_ expression: Expression, table: TableInfo) throws -> Code {
        switch expression {
        case .column(let name):
            return Code(text: "Column(\(SwiftNames.stringLiteral(name)))", level: .postfix, kind: .column)
        case .aliasedColumn(let alias, let column):
            return Code(text: "TableAlias(\(SwiftNames.stringLiteral(alias)))[\(SwiftNames.stringLiteral(column))]", level: .postfix, kind: .expression)
        case .value(let value):
            let text = SwiftNames.literal(value)
            return Code(text: text, level: text.hasPrefix("-") ? .prefix : .postfix, kind: .literal)
        case .unary(let op, let operand):
            let inner = try code(operand, table: table).sqlSpecific
            return Code(text: (op == .not ? "!" : "-") + inner.at(.postfix), level: .prefix, kind: .expression)
        case .binary(let op, let lhs, let rhs):
            return try binaryCode(op, lhs, rhs, table: table)
        case .isNull(let operand, let negated):
            let inner = try code(operand, table: table).sqlSpecific
            return Code(text: inner.at(.nilCoalescing) + (negated ? " != nil" : " == nil"), level: .comparison, kind: .expression)
        case .inList(let operand, let list, let negated):
            let inner = try code(operand, table: table)
            if negated {
                let items = try list.map { try code($0, table: table).expression.text }
                return Code(
                    text: "Expression.inList(\(inner.expression.text), [\(items.joined(separator: ", "))], negated: true)",
                    level: .postfix, kind: .expression)
            }
            let items = try list.map { try code($0, table: table).text }
            return Code(text: inner.at(.postfix) + ".in([" + items.joined(separator: ", ") + "])", level: .postfix, kind: .expression)
        case .function(let name, let arguments):
            if name.uppercased() == "IFNULL", arguments.count == 2, let first = arguments.first, let second = arguments.last {
                let lhs = try code(first, table: table).expression
                let rhs = try code(second, table: table)
                return Code(text: lhs.at(.additive) + " ?? " + rhs.at(.nilCoalescing), level: .nilCoalescing, kind: .expression)
            }
            let items = try arguments.map { try code($0, table: table).expression.text }
            return Code(
                text: "Expression.function(\(SwiftNames.stringLiteral(name)), [\(items.joined(separator: ", "))])",
                level: .postfix, kind: .expression)
        case .aggregate(let aggregate):
            let association = try associationCode(aggregate.association, from: table, fixSingularKey: true)
            var text = association.text + "." + aggregate.function.rawValue
            if let argument = aggregate.argument {
                text += "(" + (try code(argument, table: association.destination).text) + ")"
            }
            return Code(text: text, level: .postfix, kind: .expression)
        case .named(let inner, let name):
            let innerCode = try code(inner, table: table).expression
            return Code(text: innerCode.at(.postfix) + ".forKey(\(SwiftNames.stringLiteral(name)))", level: .postfix, kind: .expression)
        case .sql(let snippet, let arguments):
            let list = arguments.map(SwiftNames.literal).joined(separator: ", ")
            return Code(text: "Expression.sql(\(SwiftNames.stringLiteral(snippet)), arguments: [\(list)])", level: .postfix, kind: .expression)
        case .collated(let inner, let collation):
            // `collating(_:)` is on every ExpressionConvertible: a column needs no `.expression`.
            let innerCode = try code(inner, table: table)
            return Code(text: innerCode.at(.postfix) + ".collating(.\(collation.name))", level: .postfix, kind: .expression)
        }
    }

    private mutating func binaryCode(_ op: Expression.BinaryOperator, _ lhs: Expression, _ rhs: Expression, table: TableInfo) throws -> Code {
        var left = try code(lhs, table: table)
        let right = try code(rhs, table: table)
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
        case .like:
            return Code(text: left.at(.postfix) + ".like(" + right.text + ")", level: .postfix, kind: .expression)
        case .remainder, .notLike, .is, .isNot:
            swiftOperator = nil
        }
        guard let (symbol, level) = swiftOperator else {
            let caseName: String
            switch op {
            case .remainder: caseName = "remainder"
            case .notLike: caseName = "notLike"
            case .is: caseName = "is"
            default: caseName = "isNot"
            }
            return Code(
                text: "Expression.binary(.\(caseName), \(left.expression.text), \(right.expression.text))",
                level: .postfix, kind: .expression)
        }
        if left.kind == .literal && right.kind == .literal { left = left.sqlSpecific }
        // Comparisons do not associate in Swift; the others associate to the left.
        let leftMinimum = level == .comparison ? Level.nilCoalescing : level
        let rightMinimum = Level(rawValue: level.rawValue + 1) ?? .postfix
        return Code(text: left.at(leftMinimum) + " \(symbol) " + right.at(rightMinimum), level: level, kind: .expression)
    }

    mutating func orderingCode(_ ordering: Ordering, table: TableInfo) throws -> String {
        let inner = try code(ordering.expression, table: table).sqlSpecific
        switch ordering.descending {
        case nil: return inner.text
        case true?: return inner.at(.postfix) + ".desc"
        case false?: return inner.at(.postfix) + ".asc"
        }
    }
}
