/// Seeded random source (SplitMix64): the same seed replays the same requests.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[below(items.count)] }
}

/// A column of a table with a few of its actual values, to build selective filters.
struct ColumnSample {
    var name: String
    var values: [Lit]
}

/// What the generator needs to know about each table (read from the demo database).
struct TableSample {
    var primaryKey: [String]
    var columns: [ColumnSample]
}

/// Builds random `RequestSpec`s over the demo schema.
struct Generator {
    var rng: SplitMix64
    let tables: [String: TableSample]

    mutating func request() -> RequestSpec {
        let table = rng.pick(Catalog.tables) ?? "book"
        let pk = tables[table]?.primaryKey ?? ["rowid"]
        return RequestSpec(
            table: table, primaryKey: pk,
            filter: rng.chance(60) ? filter(table) : nil,
            children: joins(from: table, depth: 1))
    }

    /// Up to 3 distinct associations at the first level, up to 2 at the second.
    mutating func joins(from table: String, depth: Int) -> [JoinSpec] {
        guard depth <= 2 else { return [] }
        var candidates = Catalog.associations(from: table)
        let count = depth == 1 ? rng.below(4) : (rng.chance(50) ? 0 : 1 + rng.below(2))
        var result: [JoinSpec] = []
        for _ in 0..<count where !candidates.isEmpty {
            let index = rng.below(candidates.count)
            let association = candidates.remove(at: index)
            let method: JoinMethod
            if association.isToMany && rng.chance(40) {
                method = .includingAll
            } else {
                method = rng.pick([.includingRequired, .includingOptional, .joiningRequired, .joiningOptional]) ?? .includingOptional
            }
            result.append(JoinSpec(
                method: method, association: association,
                filter: rng.chance(35) ? filter(association.destination) : nil,
                children: joins(from: association.destination, depth: depth + 1)))
        }
        return result
    }

    mutating func filter(_ table: String, depth: Int = 0) -> Filter? {
        if depth < 2 && rng.chance(25) {
            guard let a = filter(table, depth: depth + 1), let b = filter(table, depth: depth + 1) else { return nil }
            return rng.chance(50) ? .and(a, b) : .or(a, b)
        }
        guard let column = rng.pick(tables[table]?.columns ?? []) else { return nil }
        if column.values.isEmpty || rng.chance(15) {
            return .isNull(column.name, negated: rng.chance(50))
        }
        guard let value = rng.pick(column.values), let op = rng.pick(CompareOp.allCases) else { return nil }
        return .compare(column.name, op, value)
    }
}

/// Why GRDB 7.10 is not a reference for a request (GRDB-BEHAVIOUR.md §9 and Addendum), or nil.
func exclusionReason(_ spec: RequestSpec) -> String? {
    exclusionReason(children: spec.children, underOptional: false, underToMany: false, parentIsJoined: false)
}

private func exclusionReason(children: [JoinSpec], underOptional: Bool, underToMany: Bool, parentIsJoined: Bool) -> String? {
    // Prefetches under a joined association without a scope hang on this row: keys may collide.
    let visibleKeys = unscopedPrefetchKeys(children)
    if Set(visibleKeys).count != visibleKeys.count {
        return "ambiguous key: two prefetches reachable under one key"
    }
    let toManyBeside = children.contains { $0.method != .includingAll && $0.association.isToMany }
    for through in children where !through.association.pivot.isEmpty {
        // GRDB merges a through association's pivot with a sibling of the same key (§9 #7).
        if children.contains(where: { $0.association.name == through.association.pivot
            && ($0.method == .includingAll || through.method == .includingAll) })
        {
            return "ambiguous key: through pivot and a sibling prefetch under one key"
        }
    }
    for child in children {
        if child.method == .includingAll {
            if parentIsJoined && (underToMany || toManyBeside) {
                return "including(all:) below or beside a to-many join"
            }
            // A prefetch runs as its own request: a new join context.
            if let reason = exclusionReason(children: child.children, underOptional: false, underToMany: false, parentIsJoined: false) {
                return reason
            }
            continue
        }
        if child.method.isRequired && underOptional {
            return "required behind optional"
        }
        if let reason = exclusionReason(
            children: child.children,
            underOptional: underOptional || !child.method.isRequired,
            underToMany: underToMany || child.association.isToMany,
            parentIsJoined: true)
        {
            return reason
        }
    }
    return nil
}

/// True when the node gives the row a scope (an included association or one above it).
private func hasScope(_ join: JoinSpec) -> Bool {
    join.method == .includingAll ? false : (join.method.isIncluding || join.children.contains(where: hasScope))
}

/// Prefetch keys that hang on the row of `children`'s parent: its own, and those below joined associations without scope.
private func unscopedPrefetchKeys(_ children: [JoinSpec]) -> [String] {
    children.flatMap { child -> [String] in
        if child.method == .includingAll { return [child.association.name] }
        return hasScope(child) ? [] : unscopedPrefetchKeys(child.children)
    }
}

/// The view of a fetched row that the comparison needs; each library's `Row` conforms.
protocol RowView {
    /// This scope's own columns, `name=value`, hidden grouping columns excluded.
    var valueStrings: [String] { get }
    /// The direct scope named `key`, present or not.
    func scopeRow(_ key: String) -> Self?
    /// True when a value of the scope or of a nested scope is not NULL.
    var isPresent: Bool { get }
    /// All direct scopes, in order.
    var childScopes: [(key: String, row: Self)] { get }
    /// Rows prefetched under `key`.
    func prefetched(_ key: String) -> [Self]?
}

/// A canonical text for a fetched row: values, scopes by key (present/absent), prefetched rows as sorted multisets.
func render<R: RowView>(_ row: R, children: [JoinSpec]) -> String {
    var parts = [row.valueStrings.joined(separator: ",")]
    for child in children {
        if let part = renderChild(row, child) { parts.append(part) }
    }
    return "[" + parts.joined(separator: " | ") + "]"
}

private func renderChild<R: RowView>(_ row: R, _ child: JoinSpec) -> String? {
    let name = child.association.name
    if child.method == .includingAll {
        let rows = row.prefetched(name) ?? []
        return "\(name):{" + rows.map { render($0, children: child.children) }.sorted().joined(separator: "; ") + "}"
    }
    guard child.hasIncludedContent else { return nil }
    let key = child.association.scopeKey
    // A through association's target hangs below its pivot's scope: search breadth-first.
    let found = child.association.pivot.isEmpty ? row.scopeRow(key) : scopeTree(row, key)
    guard let scope = found else {
        if child.method.isIncluding { return "\(key):NO-SCOPE" }
        // A joined association without selected columns may have no scope: its content hangs on the parent.
        return "\(key):~" + child.children.compactMap { renderChild(row, $0) }.joined(separator: " | ")
    }
    guard scope.isPresent else { return "\(key):absent" }
    return "\(key):" + render(scope, children: child.children)
}

/// Renders all rows; rows of one root (consecutive equal root values) are sorted, since to-many
/// joins multiply root rows in an order that the primary-key ordering does not fix.
func canonical<R: RowView>(_ rows: [R], spec: RequestSpec) -> [String] {
    var result: [String] = []
    var group: [String] = []
    var groupKey: [String]?
    for row in rows {
        let key = row.valueStrings
        if key != groupKey {
            result += group.sorted()
            group = []
            groupKey = key
        }
        group.append(render(row, children: spec.children))
    }
    return result + group.sorted()
}

/// The scope named `key`, searched breadth-first below `row`.
func scopeTree<R: RowView>(_ row: R, _ key: String) -> R? {
    var queue = row.childScopes
    var index = 0
    while index < queue.count {
        let (name, scope) = queue[index]
        if name == key { return scope }
        queue += scope.childScopes
        index += 1
    }
    return nil
}
