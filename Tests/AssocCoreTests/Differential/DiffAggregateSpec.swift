import AssocCore

/// One aggregate of a random aggregate request: a function over a to-many association of the root,
/// with the association's filters and an optional `forKey` (which isolates it in its own join).
struct DiffAggregate {
    enum Function: String, CaseIterable { case count, isEmpty, min, max, average, sum, total }

    var association: Association
    var function: Function
    /// The destination column of min/max/average/sum/total.
    var column: String?
    var filters: [DiffPredicate]
    var forKey: String?

    /// The key of the join at the root's level (a through association joins its pivot there).
    var levelKey: String {
        if case .through(let pivot, _) = association.path { return DiffPlan.singularKey(of: pivot, forKey: nil) }
        return DiffPlan.singularKey(of: association, forKey: forKey)
    }

    var expression: Expression {
        var request = Table(association.origin).association(association.name)
        for filter in filters { request = request.filter(filter.expression) }
        if let forKey { request = request.forKey(forKey) }
        let argument = Column(column ?? "id")
        switch function {
        case .count: return request.count
        case .isEmpty: return request.isEmpty
        case .min: return request.min(argument)
        case .max: return request.max(argument)
        case .average: return request.average(argument)
        case .sum: return request.sum(argument)
        case .total: return request.total(argument)
        }
    }

    var description: String {
        var text = "\(association.origin).\(association.name)"
        for filter in filters { text += ".filter(\(filter.description))" }
        if let forKey { text += ".forKey(\"\(forKey)\")" }
        switch function {
        case .count, .isEmpty: return text + "." + function.rawValue
        default: return text + ".\(function.rawValue)(Column(\"\(column ?? "id")\"))"
        }
    }
}

/// An annotation or an operand of `having`: aggregates, literals, + - * and ?? (IFNULL).
indirect enum DiffAggExpr {
    case aggregate(Int)
    case literal(DatabaseValue)
    case add(DiffAggExpr, DiffAggExpr)
    case subtract(DiffAggExpr, DiffAggExpr)
    case multiply(DiffAggExpr, DiffAggExpr)
    case ifNull(DiffAggExpr, DatabaseValue)

    func expression(_ aggregates: [DiffAggregate]) -> Expression {
        switch self {
        case .aggregate(let i): return aggregates[i].expression
        case .literal(let v): return v.expression
        case .add(let a, let b): return a.expression(aggregates) + b.expression(aggregates)
        case .subtract(let a, let b): return a.expression(aggregates) - b.expression(aggregates)
        case .multiply(let a, let b): return a.expression(aggregates) * b.expression(aggregates)
        case .ifNull(let a, let v): return a.expression(aggregates) ?? v
        }
    }

    func description(_ aggregates: [DiffAggregate]) -> String {
        switch self {
        case .aggregate(let i): return aggregates[i].description
        case .literal(let v): return "\(v)"
        case .add(let a, let b): return "(\(a.description(aggregates)) + \(b.description(aggregates)))"
        case .subtract(let a, let b): return "(\(a.description(aggregates)) - \(b.description(aggregates)))"
        case .multiply(let a, let b): return "(\(a.description(aggregates)) * \(b.description(aggregates)))"
        case .ifNull(let a, let v): return "(\(a.description(aggregates)) ?? \(v))"
        }
    }
}

/// A `having` predicate: comparisons of aggregate expressions with literals, AND/OR/NOT.
indirect enum DiffHaving {
    case compare(DiffAggExpr, DiffPredicate.Operator, DatabaseValue)
    case and(DiffHaving, DiffHaving)
    case or(DiffHaving, DiffHaving)
    case not(DiffHaving)

    func expression(_ aggregates: [DiffAggregate]) -> Expression {
        switch self {
        case .compare(let e, let op, let v):
            let x = e.expression(aggregates)
            switch op {
            case .eq: return x == v
            case .ne: return x != v
            case .lt: return x < v
            case .le: return x <= v
            case .gt: return x > v
            case .ge: return x >= v
            }
        case .and(let a, let b): return a.expression(aggregates) && b.expression(aggregates)
        case .or(let a, let b): return a.expression(aggregates) || b.expression(aggregates)
        case .not(let a): return !a.expression(aggregates)
        }
    }

    func description(_ aggregates: [DiffAggregate]) -> String {
        switch self {
        case .compare(let e, let op, let v): return "\(e.description(aggregates)) \(op.rawValue) \(v)"
        case .and(let a, let b): return "(\(a.description(aggregates)) && \(b.description(aggregates)))"
        case .or(let a, let b): return "(\(a.description(aggregates)) || \(b.description(aggregates)))"
        case .not(let a): return "!(\(a.description(aggregates)))"
        }
    }
}

/// A random aggregate request: a base request (root filters and ordering, to-one includes, nested
/// prefetches), annotations named `ann0`, `ann1`… and `having` predicates.
struct DiffAggRequest {
    var base: DiffNode
    var aggregates: [DiffAggregate]
    var annotations: [DiffAggExpr]
    var havings: [DiffHaving]

    var request: Request {
        var request = DiffRequest(root: base).request
        if !annotations.isEmpty {
            request = request.annotated(with: annotations.enumerated().map { $0.element.expression(aggregates).forKey("ann\($0.offset)") })
        }
        for having in havings { request = request.having(having.expression(aggregates)) }
        return request
    }

    var description: String {
        var text = DiffRequest(root: base).description
        if !annotations.isEmpty {
            text +=
                ".annotated(with: "
                + annotations.enumerated()
                .map { "\($0.element.description(aggregates)).forKey(\"ann\($0.offset)\")" }.joined(separator: ", ") + ")"
        }
        for having in havings { text += ".having(\(having.description(aggregates)))" }
        return text
    }
}
