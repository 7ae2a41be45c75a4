import AssocCore

/// Builds random requests over the test schema: any root table, 0–3 levels of associations of the
/// graph (every kind, every joining method), random filters and orderings, tables met twice,
/// `forKey` where a key is taken, and, now and then, a key collision the engine must refuse.
struct DiffGenerator {
    let graph: AssociationGraph
    let tables: DiffTables
    var rng: SplitMix64
    private var fresh = 0
    private var toManyJoins = 0
    private var prefetchKeys = Set<String>()
    private var expectsAmbiguousKey = false
    /// At most this many to-many joins (not prefetches) per request, to keep row counts sane.
    static let maxToManyJoins = 2

    init(graph: AssociationGraph, tables: DiffTables, rng: SplitMix64) {
        self.graph = graph
        self.tables = tables
        self.rng = rng
    }

    mutating func request() -> DiffRequest {
        let table = rng.pick(DiffSchema.tables.map(\.name)) ?? "book"
        let depth = rng.int(0...3)
        let root = node(table, depth: 0, maxDepth: depth)
        return DiffRequest(root: root, expectsAmbiguousKey: expectsAmbiguousKey)
    }

    /// A key taken at one level, with the join it designates (two children with one key merge when
    /// their joins are the same, and are refused otherwise).
    private struct LevelEntry {
        var key: String
        var table: String
        var pairs: [ColumnPair]
        var isAll: Bool
    }

    private mutating func node(_ table: String, depth: Int, maxDepth: Int) -> DiffNode {
        var node = DiffNode(table: table)
        if rng.chance(0.5) {
            for _ in 0..<rng.int(1...2) { node.filters.append(predicate(table)) }
        }
        if rng.chance(0.45) {
            let columns = DiffSchema.columns(of: table)
            node.ordering = (0..<rng.int(1...2)).compactMap { _ in
                rng.pick(columns).map { DiffOrderTerm(column: $0.name, descending: rng.pick([nil, true, false]) ?? nil) }
            }
        }
        guard depth < maxDepth else { return node }
        let count = depth == 0 ? rng.int(1...3) : rng.int(0...2)
        var level: [LevelEntry] = []
        for _ in 0..<count {
            if let child = child(from: table, depth: depth, maxDepth: maxDepth, level: &level) {
                node.children.append(child)
            }
        }
        return node
    }

    private func entry(for child: DiffChild) -> LevelEntry {
        let a = child.association
        let key = DiffPlan.levelKey(child)
        let isAll = child.method == .includingAll
        switch a.path {
        case .direct(let pairs):
            return LevelEntry(key: key, table: a.destination, pairs: pairs, isAll: isAll)
        case .through(let pivot, let target):
            if isAll { return LevelEntry(key: key, table: a.destination, pairs: target.columns, isAll: true) }
            return LevelEntry(key: key, table: pivot.destination, pairs: pivot.columns, isAll: false)
        }
    }

    private mutating func freshKey() -> String {
        fresh += 1
        return "alt\(["A", "B", "C", "D", "E", "F", "G", "H"][fresh % 8])\(fresh)"
    }

    private mutating func child(from table: String, depth: Int, maxDepth: Int, level: inout [LevelEntry]) -> DiffChild? {
        guard let association = rng.pick(graph.associations(from: table)) else { return nil }
        var methods: [JoinMethod] = [.includingRequired, .includingOptional, .joiningRequired, .joiningOptional]
        if association.isToMany { methods += [.includingAll, .includingAll] }
        guard var method = rng.pick(methods) else { return nil }
        if association.isToMany && method != .includingAll {
            if toManyJoins >= Self.maxToManyJoins { method = .includingAll } else { toManyJoins += 1 }
        }
        var child = DiffChild(association: association, method: method, forKey: nil, node: DiffNode(table: association.destination))
        if rng.chance(0.15) { child.forKey = freshKey() }
        let isThroughJoin = association.throughNames != nil && method != .includingAll
        // Now and then, a deliberate collision: a direct association under the key of another join.
        var deliberate = false
        if association.throughNames == nil, rng.chance(0.04), let other = rng.pick(level) {
            var colliding = child
            colliding.forKey = other.key
            let candidate = entry(for: colliding)
            if candidate.key == other.key && !sameJoin(candidate, other) {
                child = colliding
                deliberate = true
                expectsAmbiguousKey = true
            }
        }
        if !deliberate, let existing = level.first(where: { $0.key == entry(for: child).key }) {
            // Same join under one key: often let them merge. Otherwise rename, or give up on a
            // through association (its pivot's key cannot be changed).
            let mergeable = sameJoin(entry(for: child), existing) && method != .includingAll
            if !(mergeable && rng.chance(0.6)) {
                if isThroughJoin { return nil }
                child.forKey = freshKey()
                if level.contains(where: { $0.key == entry(for: child).key }) { return nil }
            }
        }
        if method == .includingAll {
            // Prefetch keys stay unique in the whole request: they may attach to a scope above.
            if !deliberate && prefetchKeys.contains(entry(for: child).key) { child.forKey = freshKey() }
            prefetchKeys.insert(entry(for: child).key)
        }
        level.append(entry(for: child))
        child.node = node(association.destination, depth: depth + 1, maxDepth: maxDepth)
        return child
    }

    private func sameJoin(_ a: LevelEntry, _ b: LevelEntry) -> Bool {
        a.table.lowercased() == b.table.lowercased() && a.pairs == b.pairs && a.isAll == b.isAll
    }

    // MARK: Filters

    mutating func predicate(_ table: String) -> DiffPredicate {
        switch rng.int(0...9) {
        case 0: return .and(atom(table), atom(table))
        case 1: return .or(atom(table), atom(table))
        case 2: return .not(atom(table))
        default: return atom(table)
        }
    }

    private mutating func literal(_ column: DiffSchema.ColumnSpec, _ existing: [DatabaseValue]) -> DatabaseValue {
        if rng.chance(0.7), let value = rng.pick(existing) { return value }
        switch column.type {
        case .integer: return .integer(Int64(rng.int(0...2025)))
        case .real: return .real(Double(rng.int(0...120)) / 4)
        case .text: return .text(rng.pick(["M", "a", "Dune", "Zz", "novel", "AB", ""]) ?? "M")
        }
    }

    private mutating func atom(_ table: String) -> DiffPredicate {
        let columns = DiffSchema.columns(of: table)
        guard let column = rng.pick(columns) else { return .isNull("id", negated: true) }
        let rows = tables.rows(table)
        let existing = rows.rows.map { rows.value($0, column.name) }.filter { !$0.isNull }
        switch rng.int(0...9) {
        case 0, 1:
            return .isNull(column.name, negated: rng.chance(0.5))
        case 2:
            return .inList(column.name, (0..<rng.int(1...3)).map { _ in literal(column, existing) })
        case 3 where column.type == .text:
            guard case .text(let sample)? = rng.pick(existing), let first = sample.first else { return .like(column.name, "%") }
            switch rng.int(0...2) {
            case 0: return .like(column.name, String(first).lowercased() + "%")
            case 1: return .like(column.name, "%" + String(sample.last ?? first) + "%")
            default: return .like(column.name, "_" + String(sample.dropFirst()))
            }
        default:
            let op = rng.pick([DiffPredicate.Operator.eq, .ne, .lt, .le, .gt, .ge]) ?? .eq
            return .compare(column.name, op, literal(column, existing))
        }
    }
}
