/// Turns request-language syntax into `Request` values: the text form and the Swift API build the
/// same requests. Names are checked when SQL is generated (`Database.request(parsing:)` does it at once).
package enum RequestBuilder {
    /// The request a syntax tree describes. The root table must exist in `schema`.
    package static func build(_ syntax: RequestSyntax, schema: Schema) throws -> Request {
        try build(syntax, schema: schema, graph: nil)
    }

    /// The request a syntax tree describes; `graph` resolves `request(for:)` steps.
    package static func build(_ syntax: RequestSyntax, graph: AssociationGraph) throws -> Request {
        try build(syntax, schema: graph.schema, graph: graph)
    }

    private static func build(_ syntax: RequestSyntax, schema: Schema, graph: AssociationGraph?) throws -> Request {
        guard let table = schema.table(named: syntax.table) else {
            throw AssocError.unknownTable(syntax.table, in: schema)
        }
        var request = Request(table: table.name)
        for method in syntax.methods {
            switch method {
            case .filterKey(let keys, let plural):
                request.relation.keyFilters.append(try keyFilter(keys, plural: plural))
            case .requestFor(let association):
                guard let graph else {
                    throw AssocError.invalid("request(for:) needs the database's associations: build the request with Database.request(parsing:)")
                }
                request = try Database.request(for: try Self.association(association), of: request, graph: graph)
            case .limit(let limit, let offset):
                guard limit >= 0, (offset ?? 0) >= 0 else {
                    throw AssocError.invalid("limit and offset must not be negative")
                }
                request = request.limit(limit, offset: offset)
            case .forKey:
                throw AssocError.invalid(
                    "forKey(_:) names an association or an expression, not the request on \(quoteForMessage(table.name))", table: table.name)
            default:
                try apply(method, to: &request.relation)
            }
        }
        return request
    }

    static func association(_ syntax: AssociationSyntax) throws -> AssociationRequest {
        var association = AssociationRequest(origin: nil, reference: .named(syntax.name))
        for method in syntax.methods {
            switch method {
            case .forKey(let key):
                association.key = key
            case .limit:
                throw AssocError.invalid("limit(_:) is not available on associations (\(quoteForMessage(syntax.name))): limit the request itself")
            case .requestFor:
                throw AssocError.invalid("request(for:) is not available on associations (\(quoteForMessage(syntax.name))): call it on the request")
            default:
                try apply(method, to: &association.relation)
            }
        }
        return association
    }

    static func apply(_ method: MethodSyntax, to relation: inout Relation) throws {
        switch method {
        case .including(let mode, let syntax):
            let method: JoinMethod = mode == .required ? .includingRequired : mode == .optional ? .includingOptional : .includingAll
            relation.joins.append(Join(method: method, association: try association(syntax)))
        case .joining(let mode, let syntax):
            relation.joins.append(Join(method: mode == .required ? .joiningRequired : .joiningOptional, association: try association(syntax)))
        case .filter(let expression):
            relation.filters.append(try build(expression))
        case .order(let terms):
            relation.ordering = try terms.map { Ordering(try build($0.expression), descending: $0.direction == .descending ? true : nil) }
        case .select(let items):
            relation.selection = try items.map { item in
                switch item {
                case .allColumns: return .allColumns
                case .expression(let expression): return .expression(try build(expression))
                }
            }
        case .distinct:
            relation.isDistinct = true
        case .aliased(let alias):
            relation.alias = alias
        case .annotated(let expressions):
            relation.annotations += try expressions.map(build)
        case .having(let expression):
            relation.havings.append(try build(expression))
        case .filterKey(let keys, let plural):
            // On an association: rows of its destination table, by primary key.
            relation.keyFilters.append(try keyFilter(keys, plural: plural))
        case .limit, .forKey, .requestFor:
            break  // handled by the callers
        }
    }

    /// `filter(key:)` in the engine's terms (resolved against the schema when SQL is generated).
    static func keyFilter(_ keys: [KeySyntax], plural: Bool) throws -> KeyFilter {
        KeyFilter(
            keys: try keys.map { key in
                switch key {
                case .value(let value): return .value(try build(value))
                case .columns(let columns): return .columns(try columns.map { KeyFilter.KeyColumn(column: $0.column, value: try build($0.value)) })
                }
            }, isList: plural)
    }

    /// The value a literal stands for (booleans as 1 and 0, as SQLite stores them).
    static func value(of literal: LiteralSyntax) -> DatabaseValue {
        switch literal {
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .text(let s): return .text(s)
        case .blob(let b): return .blob(b)
        case .bool(let b): return .integer(b ? 1 : 0)
        case .null: return .null
        }
    }

    /// The engine expression of a syntax expression. `= NULL` keeps SQL's meaning (never true).
    package static func build(_ syntax: ExpressionSyntax) throws -> Expression {
        switch syntax.kind {
        case .literal(let literal):
            return .value(value(of: literal))
        case .sql(let snippet, let arguments):
            return .sql(snippet, arguments: arguments.map(value(of:)))
        case .column(let name, let qualifier):
            if let qualifier { return .aliasedColumn(alias: qualifier, column: name) }
            return .column(name)
        case .aggregate(let aggregate):
            let function = aggregate.function.engineFunction
            if aggregate.function.takesArgument && aggregate.argument == nil {
                throw AssocError.invalid("\(aggregate.function.rawValue)(_:) of \(quoteForMessage(aggregate.association.name)) needs a column")
            }
            return .aggregate(
                Aggregate(
                    function: function, association: try association(aggregate.association),
                    argument: try aggregate.argument.map(build)))
        case .unary(.negate, let operand):
            return .unary(.negate, try build(operand))
        case .unary(.not, let operand):
            return .unary(.not, try build(operand))
        case .binary(let op, let lhs, let rhs):
            let (l, r) = (try build(lhs), try build(rhs))
            guard let engine = op.engineOperator else { return .function("IFNULL", [l, r]) }
            return .binary(engine, l, r)
        case .isNull(let operand, let negated):
            return .isNull(try build(operand), negated: negated)
        case .inList(let operand, let list, let negated):
            return .inList(try build(operand), try list.map(build), negated: negated)
        case .like(let operand, let pattern, let negated):
            return .binary(negated ? .notLike : .like, try build(operand), try build(pattern))
        case .between(let operand, let low, let high, let negated):
            let value = try build(operand)
            let range = Expression.binary(.and, .binary(.greaterOrEqual, value, try build(low)), .binary(.lessOrEqual, value, try build(high)))
            return negated ? .unary(.not, range) : range
        case .forKey(let inner, let key):
            return .named(try build(inner), key)
        case .collating(let inner, let name):
            guard let collation = Collation(name: name) else {
                throw AssocError.invalid(
                    "unknown collation \(quoteForMessage(name)): use \(Collation.acceptedNames.joined(separator: ", ")); \(Collation.caseFoldingNote)"
                )
            }
            return .collated(try build(inner), collation)
        }
    }
}

extension Database {
    /// Parses request-language text (`book.including(required: author).filter(year >= 2000)`) into a
    /// request, checking every table, association, column and alias against the schema.
    /// A text that does not parse throws `AssocError.syntax` with the position at fault.
    public func request(parsing text: String) throws -> Request {
        let syntax: RequestSyntax
        do { syntax = try RequestParser.parse(text) } catch { throw AssocError.syntax(error) }
        var request = try RequestBuilder.build(syntax, graph: graph)
        try checkAnnotationConditions(of: request, syntax: syntax, text: text)
        request = try movingAnnotationConditionsToHaving(request)
        _ = try mainStatement(for: request)
        return request
    }

    /// Refuses, with a caret under it, a filter term that mixes an aggregate annotation's name with
    /// columns (`filter(trackCount > 20 OR Title = 'x')`): it has no place in WHERE nor, unasked, in HAVING.
    private func checkAnnotationConditions(of request: Request, syntax: RequestSyntax, text: String) throws {
        let names = try aggregateAnnotationNames(of: request)
        guard !names.isEmpty else { return }
        // The request's own filters are those after its last `request(for:)`.
        let ownMethods =
            syntax.methods.lastIndex { if case .requestFor = $0 { return true } else { return false } }
            .map { Array(syntax.methods[($0 + 1)...]) } ?? syntax.methods
        for case .filter(let filter) in ownMethods {
            for term in Self.andTerms(of: filter) {
                let built = try RequestBuilder.build(term)
                if case .mixed(let name) = AnnotationConditions.reference(of: built, aggregateNames: names) {
                    throw AssocError.syntax(
                        RequestSyntaxError(
                            message: AnnotationConditions.mixedMessage(built, annotation: name),
                            position: term.range.utf8Offsets.lowerBound, in: text))
                }
            }
        }
    }

    private static func andTerms(of expression: ExpressionSyntax) -> [ExpressionSyntax] {
        if case .binary(.and, let lhs, let rhs) = expression.kind { return andTerms(of: lhs) + andTerms(of: rhs) }
        return [expression]
    }
}
