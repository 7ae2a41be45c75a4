import AssocCore

/// Builds random aggregate requests: a random root; 1–3 annotations of aggregates (count, isEmpty,
/// min/max/average/sum/total) over to-many associations of the root (hasMany, hasManyThrough), some
/// filtered, some isolated with forKey, sometimes combined with + - * ??; optional `having`; root
/// filters and ordering; an optional to-one include (with a prefetch below it); prefetches with
/// filters, orderings and nested prefetches.
///
/// Keys are chosen so that every join's meaning is known: aggregates sharing a level key are over one
/// association (merged: filters AND-ed); a through association is never renamed (its pivot keeps its
/// key) and owns its pivot's key; includes and prefetches take keys no aggregate uses.
struct DiffAggregateGenerator {
    var base: DiffGenerator
    private var fresh = 0

    init(graph: AssociationGraph, tables: DiffTables, rng: SplitMix64) {
        base = DiffGenerator(graph: graph, tables: tables, rng: rng)
    }

    private var rng: SplitMix64 {
        get { base.rng }
        set { base.rng = newValue }
    }

    private mutating func freshKey(_ prefix: String) -> String {
        fresh += 1
        return "\(prefix)\(["A", "B", "C", "D"][fresh % 4])\(fresh)"
    }

    /// Root tables with at least one to-many association that the reference can join.
    private var roots: [String] {
        DiffSchema.tables.map(\.name).filter { !aggregatable($0).isEmpty }
    }

    private func aggregatable(_ table: String) -> [Association] {
        base.graph.associations(from: table).filter { a in
            guard a.isToMany else { return false }
            if case .through(let pivot, let target) = a.path {
                if case .direct = pivot.path, case .direct = target.path { return true }
                return false
            }
            return true
        }
    }

    mutating func request() -> DiffAggRequest {
        let table = rng.pick(roots) ?? "person"
        var root = DiffNode(table: table)
        if rng.chance(0.4) {
            for _ in 0..<rng.int(1...2) { root.filters.append(base.predicate(table)) }
        }
        if rng.chance(0.4), let column = rng.pick(DiffSchema.columns(of: table)) {
            root.ordering = [DiffOrderTerm(column: column.name, descending: rng.pick([nil, true, false]) ?? nil)]
        }
        // Aggregates, keyed so that shared keys mean shared joins of one association.
        var aggregates: [DiffAggregate] = []
        var owners: [String: String] = [:]  // level key → association name
        for _ in 0..<rng.int(1...4) {
            guard let association = rng.pick(aggregatable(table)) else { break }
            var aggregate = DiffAggregate(
                association: association, function: rng.pick(DiffAggregate.Function.allCases) ?? .count,
                column: nil, filters: [], forKey: nil)
            let columns = DiffSchema.columns(of: association.destination)
            switch aggregate.function {
            case .count, .isEmpty: break
            case .min, .max: aggregate.column = rng.pick(columns)?.name
            default:
                let numeric = columns.filter { $0.type != .text }
                if let column = rng.pick(numeric) { aggregate.column = column.name } else { aggregate.function = .count }
            }
            if rng.chance(0.4) { aggregate.filters.append(base.predicate(association.destination)) }
            if association.throughNames == nil && rng.chance(0.3) { aggregate.forKey = freshKey("agg") }
            if let owner = owners[aggregate.levelKey], owner != association.name { continue }
            owners[aggregate.levelKey] = association.name
            aggregates.append(aggregate)
        }
        // Annotations (1–3) and havings (0–2) over those aggregates.
        var annotations: [DiffAggExpr] = []
        var havings: [DiffHaving] = []
        if !aggregates.isEmpty {
            let annotationCount = rng.chance(0.15) ? 0 : rng.int(1...3)
            for _ in 0..<annotationCount { annotations.append(expression(aggregates.count)) }
            if annotationCount == 0 || rng.chance(0.4) {
                for _ in 0..<rng.int(1...2) { havings.append(having(aggregates.count)) }
            }
        }
        // A to-one include, then prefetches, with keys no aggregate takes.
        var taken = Set(owners.keys)
        let toOne = base.graph.associations(from: table).filter { !$0.isToMany }
        if rng.chance(0.4), let association = rng.pick(toOne) {
            var child = DiffChild(
                association: association, method: rng.chance(0.5) ? .includingOptional : .includingRequired,
                forKey: nil, node: DiffNode(table: association.destination))
            if case .through(let pivot, _) = association.path, taken.contains(DiffPlan.singularKey(of: pivot, forKey: nil)) {
                // The pivot would merge with an aggregate's join: skip.
            } else {
                if taken.contains(DiffPlan.levelKey(child)) { child.forKey = freshKey("one") }
                taken.insert(DiffPlan.levelKey(child))
                if case .through(let pivot, _) = association.path { taken.insert(DiffPlan.singularKey(of: pivot, forKey: nil)) }
                if rng.chance(0.5) { child.node.filters.append(base.predicate(association.destination)) }
                if rng.chance(0.6) { child.node.children += prefetches(from: association.destination, depth: 1) }
                root.children.append(child)
            }
        }
        root.children += prefetches(from: table, depth: 0)
        return DiffAggRequest(base: root, aggregates: aggregates, annotations: annotations, havings: havings)
    }

    /// 0–2 prefetches of `table` (fresh keys), filtered, ordered, and nested (prefetch inside prefetch).
    private mutating func prefetches(from table: String, depth: Int) -> [DiffChild] {
        var result: [DiffChild] = []
        let toMany = base.graph.associations(from: table).filter(\.isToMany)
        for _ in 0..<rng.int(0...(depth == 0 ? 2 : 1)) {
            guard let association = rng.pick(toMany) else { break }
            var node = DiffNode(table: association.destination)
            if rng.chance(0.5) { node.filters.append(base.predicate(association.destination)) }
            if rng.chance(0.5), let column = rng.pick(DiffSchema.columns(of: association.destination)) {
                node.ordering = [DiffOrderTerm(column: column.name, descending: rng.pick([nil, true, false]) ?? nil)]
            }
            if depth < 2 && rng.chance(0.35) { node.children += prefetches(from: association.destination, depth: depth + 1) }
            result.append(DiffChild(association: association, method: .includingAll, forKey: freshKey("pf"), node: node))
        }
        return result
    }

    private mutating func literal() -> DatabaseValue {
        rng.chance(0.75) ? .integer(Int64(rng.int(0...4))) : .real(Double(rng.int(0...20)) / 2)
    }

    private mutating func expression(_ count: Int, depth: Int = 0) -> DiffAggExpr {
        let leaf = DiffAggExpr.aggregate(rng.int(0...(count - 1)))
        guard depth < 2 else { return leaf }
        switch rng.int(0...9) {
        case 0: return .add(expression(count, depth: depth + 1), expression(count, depth: depth + 1))
        case 1: return .subtract(expression(count, depth: depth + 1), rng.chance(0.5) ? .literal(literal()) : leaf)
        case 2: return .multiply(expression(count, depth: depth + 1), .literal(literal()))
        case 3: return .ifNull(expression(count, depth: depth + 1), literal())
        default: return leaf
        }
    }

    private mutating func having(_ count: Int, depth: Int = 0) -> DiffHaving {
        let op = rng.pick([DiffPredicate.Operator.eq, .ne, .lt, .le, .gt, .ge]) ?? .eq
        let atom = DiffHaving.compare(expression(count, depth: 1), op, literal())
        guard depth < 2 else { return atom }
        switch rng.int(0...7) {
        case 0: return .and(having(count, depth: depth + 1), having(count, depth: depth + 1))
        case 1: return .or(having(count, depth: depth + 1), having(count, depth: depth + 1))
        case 2: return .not(having(count, depth: depth + 1))
        default: return atom
        }
    }
}
