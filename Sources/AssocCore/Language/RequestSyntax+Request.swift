/// Requests back to request-language text: what a user builds with the browser's keys and what
/// they type on its request line are the same thing.
extension RequestSyntax {
    /// The syntax of `request`. Associations declared by hand (not by name) cannot be written in
    /// the language: they throw an error naming them.
    package init(_ request: Request) throws {
        if request.query != nil {
            throw AssocError.invalidRequest(
                table: nil, reason: "a request on an SQL statement is SQL, not request-language text (Database.languageText(of:))")
        }
        var table = request.table
        var methods: [MethodSyntax] = []
        if let origin = request.origin {
            let base = try RequestSyntax(origin.base)
            table = base.table
            methods = base.methods + [.requestFor(try RelationSyntaxBuilder.associationSyntax(origin.association))]
        }
        methods += try RelationSyntaxBuilder.methods(of: request.relation)
        if let limit = request.limit {
            methods.append(.limit(limit, offset: request.offset))
        } else if let offset = request.offset {
            methods.append(.limit(-1, offset: offset))
        }
        self.init(table: table, methods: methods)
    }
}

extension Request {
    /// The request as request-language text (`book.including(optional: author).limit(10)`).
    public func languageText() throws -> String {
        RequestPrinter.print(try RequestSyntax(self))
    }
}

extension Expression {
    /// The expression as request-language text (`author.name = 'x'`, `albums.count`).
    package func languageText() throws -> String {
        RequestPrinter.print(try RelationSyntaxBuilder.syntax(self))
    }
}

extension Ordering {
    /// The ordering as request-language text (`Name.desc`).
    package func languageText() throws -> String {
        RequestPrinter.print(OrderingSyntax(try RelationSyntaxBuilder.syntax(expression), descending == true ? .descending : .ascending))
    }
}

enum RelationSyntaxBuilder {
    static func methods(of relation: Relation) throws -> [MethodSyntax] {
        var methods: [MethodSyntax] = []
        if let alias = relation.alias { methods.append(.aliased(alias)) }
        if let selection = relation.selection, !selection.isEmpty {
            methods.append(
                .select(
                    try selection.map { item in
                        switch item {
                        case .allColumns: return .allColumns
                        case .expression(let expression): return .expression(try syntax(expression))
                        }
                    }))
        }
        if relation.isDistinct { methods.append(.distinct) }
        for join in relation.joins {
            let association = try associationSyntax(join.association)
            switch join.method {
            case .includingRequired: methods.append(.including(.required, association))
            case .includingOptional: methods.append(.including(.optional, association))
            case .includingAll: methods.append(.including(.all, association))
            case .joiningRequired: methods.append(.joining(.required, association))
            case .joiningOptional: methods.append(.joining(.optional, association))
            }
        }
        for keyFilter in relation.keyFilters {
            methods.append(
                .filterKey(
                    try keyFilter.keys.map { key in
                        switch key {
                        case .value(let value): return .value(try syntax(value))
                        case .columns(let columns):
                            return .columns(try columns.map { KeyColumnSyntax(column: $0.column, value: try syntax($0.value)) })
                        }
                    }, plural: keyFilter.isList))
        }
        for filter in relation.filters { methods.append(.filter(try syntax(filter))) }
        if !relation.annotations.isEmpty { methods.append(.annotated(try relation.annotations.map(syntax))) }
        for having in relation.havings { methods.append(.having(try syntax(having))) }
        if let ordering = relation.ordering, !ordering.isEmpty {
            methods.append(
                .order(
                    try ordering.map {
                        OrderingSyntax(try syntax($0.expression), $0.descending == true ? .descending : .ascending)
                    }))
        }
        return methods
    }

    static func associationSyntax(_ association: AssociationRequest) throws -> AssociationSyntax {
        let name: String
        switch association.reference {
        case .named(let named): name = named
        case .definition(let definition): name = definition.name
        case .declared, .through:
            throw AssocError.invalid("association \(quoteForMessage(association.displayName)) is declared in Swift and has no request-language form")
        }
        var methods = try Self.methods(of: association.relation)
        if let key = association.key { methods.append(.forKey(key)) }
        return AssociationSyntax(name: name, methods: methods)
    }

    /// The literal of a value.
    static func literal(_ value: DatabaseValue) -> LiteralSyntax {
        switch value {
        case .null: return .null
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .text(let s): return .text(s)
        case .blob(let b): return .blob(b)
        }
    }

    static func syntax(_ expression: Expression) throws -> ExpressionSyntax {
        switch expression {
        case .column(let name):
            return .column(name)
        case .aliasedColumn(let alias, let column):
            return .column(column, qualifier: alias)
        case .value(let value):
            return .literal(literal(value))
        case .sql(let snippet, let arguments):
            return ExpressionSyntax(.sql(snippet, arguments: arguments.map(literal)))
        case .unary(.not, let operand):
            return .unary(.not, try syntax(operand))
        case .unary(.negate, let operand):
            return .unary(.negate, try syntax(operand))
        case .binary(let op, let lhs, let rhs):
            let (l, r) = (try syntax(lhs), try syntax(rhs))
            if let written = BinaryOperator(engineOperator: op) { return .binary(written, l, r) }
            switch op {
            case .like, .notLike: return ExpressionSyntax(.like(l, r, negated: op == .notLike))
            default: throw AssocError.invalid("the IS operator between two expressions has no request-language form")
            }
        case .isNull(let operand, let negated):
            return ExpressionSyntax(.isNull(try syntax(operand), negated: negated))
        case .inList(let operand, let list, let negated):
            return ExpressionSyntax(.inList(try syntax(operand), try list.map(syntax), negated: negated))
        case .function(let name, let arguments) where name.uppercased() == "IFNULL" && arguments.count == 2:
            return .binary(.ifNull, try syntax(arguments[0]), try syntax(arguments[1]))
        case .function(let name, _):
            throw AssocError.invalid("the function \(name) has no request-language form")
        case .aggregate(let aggregate):
            guard let function = AggregateFunction(engineFunction: aggregate.function) else {
                throw AssocError.invalid("the aggregate \(aggregate.function.rawValue) has no request-language form")
            }
            return ExpressionSyntax(
                .aggregate(
                    AggregateSyntax(
                        try associationSyntax(aggregate.association), function, try aggregate.argument.map(syntax))))
        case .named(let inner, let name):
            return try syntax(inner).forKey(name)
        case .collated(let inner, let collation):
            return ExpressionSyntax(.collating(try syntax(inner), collation.name))
        }
    }
}
