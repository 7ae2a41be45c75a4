import AssocCore

/// A filter of the random requests: column OP literal, IS NULL, IN, LIKE, and AND/OR/NOT of those.
/// Kept as data so that the reference can evaluate it without AssocCore's SQL generator.
indirect enum DiffPredicate {
    enum Operator: String {
        case eq = "=="
        case ne = "!="
        case lt = "<"
        case le = "<="
        case gt = ">"
        case ge = ">="
    }

    case compare(String, Operator, DatabaseValue)
    case isNull(String, negated: Bool)
    case inList(String, [DatabaseValue])
    case like(String, String)
    case and(DiffPredicate, DiffPredicate)
    case or(DiffPredicate, DiffPredicate)
    case not(DiffPredicate)

    /// The same predicate as an AssocCore expression.
    var expression: Expression {
        switch self {
        case .compare(let column, let op, let value):
            let c = Column(column)
            switch op {
            case .eq: return c == value
            case .ne: return c != value
            case .lt: return c < value
            case .le: return c <= value
            case .gt: return c > value
            case .ge: return c >= value
            }
        case .isNull(let column, let negated): return negated ? Column(column).isNotNull : Column(column).isNull
        case .inList(let column, let values): return Column(column).in(values)
        case .like(let column, let pattern): return Column(column).like(pattern)
        case .and(let a, let b): return a.expression && b.expression
        case .or(let a, let b): return a.expression || b.expression
        case .not(let a): return !a.expression
        }
    }

    var description: String {
        switch self {
        case .compare(let column, let op, let value): return "Column(\"\(column)\") \(op.rawValue) \(value)"
        case .isNull(let column, let negated): return "Column(\"\(column)\").\(negated ? "isNotNull" : "isNull")"
        case .inList(let column, let values): return "Column(\"\(column)\").in(\(values))"
        case .like(let column, let pattern): return "Column(\"\(column)\").like(\(pattern.debugDescription))"
        case .and(let a, let b): return "(\(a.description) && \(b.description))"
        case .or(let a, let b): return "(\(a.description) || \(b.description))"
        case .not(let a): return "!(\(a.description))"
        }
    }
}

/// One ORDER BY term: a column of the refined table; `descending` nil writes no direction.
struct DiffOrderTerm {
    var column: String
    var descending: Bool?

    var ordering: Ordering { Ordering(Column(column), descending: descending) }
    var description: String {
        switch descending {
        case nil: return "Column(\"\(column)\")"
        case true?: return "Column(\"\(column)\").desc"
        case false?: return "Column(\"\(column)\").asc"
        }
    }
}

/// The refinements of one table of a random request.
struct DiffNode {
    var table: String
    var filters: [DiffPredicate] = []
    var ordering: [DiffOrderTerm]?
    var children: [DiffChild] = []
}

/// An association of the graph attached below a node.
struct DiffChild {
    var association: Association
    var method: JoinMethod
    var forKey: String?
    /// Refinements of the association's destination (the target's table for a through association).
    var node: DiffNode
}

/// A random request, its AssocCore form and a readable description.
struct DiffRequest {
    var root: DiffNode
    /// True when the generator attached two different associations under one key on purpose:
    /// the engine must refuse the request with an ambiguous-key error.
    var expectsAmbiguousKey = false

    var request: Request {
        Self.refine(Table(root.table).all, root)
    }

    private static func refine<R: RelationHolding>(_ base: R, _ node: DiffNode) -> R {
        var result = base
        for filter in node.filters { result = result.filter(filter.expression) }
        if let ordering = node.ordering { result = result.order(ordering.map(\.ordering)) }
        for child in node.children {
            var association = refine(Table(child.association.origin).association(child.association.name), child.node)
            if let key = child.forKey { association = association.forKey(key) }
            switch child.method {
            case .includingRequired: result = result.including(required: association)
            case .includingOptional: result = result.including(optional: association)
            case .joiningRequired: result = result.joining(required: association)
            case .joiningOptional: result = result.joining(optional: association)
            case .includingAll: result = result.including(all: association)
            }
        }
        return result
    }

    var description: String {
        Self.describe(root, base: root.table)
    }

    private static func describe(_ node: DiffNode, base: String) -> String {
        var text = base
        for filter in node.filters { text += ".filter(\(filter.description))" }
        if let ordering = node.ordering { text += ".order(\(ordering.map(\.description).joined(separator: ", ")))" }
        for child in node.children {
            var inner = describe(child.node, base: "\(child.association.origin).\(child.association.name)")
            if let key = child.forKey { inner += ".forKey(\"\(key)\")" }
            let label = child.method.rawValue.split(separator: "(").first.map(String.init) ?? "including"
            let argument = child.method.rawValue.split(separator: "(").last.map { String($0.dropLast()) } ?? ""
            text += ".\(label)(\(argument) \(inner))"
        }
        return text
    }
}
