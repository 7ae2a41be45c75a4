/// A column of a table with a few of its actual values, to build selective filters.
struct ColumnSample {
    var name: String
    var values: [Lit]
}

/// What the generator needs to know about each table (read from the database).
struct TableSample {
    var primaryKey: [String]
    var columns: [ColumnSample]
    /// Up to 40 primary keys of actual rows (values in `primaryKey`'s order), for `filter(key:)`.
    var keys: [[Lit]] = []
}

/// The associations of one database, in AssocCore's names, with the join columns both sides use.
struct Catalog {
    var associations: [AssocDef]
    /// Tables with at least one association, sorted.
    var tables: [String]

    func associations(from table: String) -> [AssocDef] { associations.filter { $0.origin == table } }

    func association(_ origin: String, _ name: String) -> AssocDef? {
        associations.first { $0.origin == origin && $0.name == name }
    }
}

/// Builds random `RequestSpec`s over a catalog: joins up to three levels deep with every joining
/// method, filters, user aliases used in filters and orderings, aggregates with HAVING, ordered
/// prefetches, and a random ordering that ends with the root's primary key; in aggregate mode,
/// sometimes a first ordering term on an annotation; and `record.request(for:)` requests.
struct Generator {
    var rng: SplitMix64
    let tables: [String: TableSample]
    let catalog: Catalog

    /// A user alias in the main query: its table, and whether it is reached through to-one joins
    /// only (so that ordering by it keeps the rows of one root together).
    private struct AliasInfo {
        var name: String
        var table: String
        var isToOneChain: Bool
    }

    private var aliases: [AliasInfo] = []

    init(rng: SplitMix64, tables: [String: TableSample], catalog: Catalog) {
        self.rng = rng
        self.tables = tables
        self.catalog = catalog
    }

    mutating func request() -> RequestSpec {
        aliases = []
        if rng.chance(13), let spec = recordRequest() { return spec }
        let table = rng.pick(catalog.tables) ?? ""
        let pk = tables[table]?.primaryKey ?? ["rowid"]
        let toMany = catalog.associations(from: table).filter(\.isToMany)
        // Aggregates group by the root's primary key: other to-many joins would make the selected
        // columns of the joined rows arbitrary, so that mode joins to-one associations only.
        let aggregateMode = !toMany.isEmpty && rng.chance(25)
        var rootAlias: String?
        if rng.chance(20) {
            rootAlias = newAlias()
            aliases.append(AliasInfo(name: rootAlias ?? "", table: table, isToOneChain: true))
        }
        let children = joins(
            from: table, depth: 1, inMain: true, toOneChain: true, allowToMany: !aggregateMode, rootAlias: rootAlias)
        var spec = RequestSpec(
            table: table, primaryKey: pk, alias: rootAlias,
            filter: rng.chance(60) ? filter(table, aliases: aliases) : nil,
            children: children, ordering: [])
        if aggregateMode {
            var used: [String: Filter?] = [:]
            for index in 0..<(1 + rng.below(3)) {
                guard let association = rng.pick(toMany) else { break }
                spec.aggregates.append(aggregate(association, index: index, filters: &used))
            }
            for index in 0..<(rng.chance(50) ? 1 + rng.below(2) : 0) {
                guard let association = rng.pick(toMany) else { break }
                let aggregate = aggregate(association, index: 10 + index, filters: &used)
                spec.havings.append(having(aggregate))
            }
        }
        spec.ordering = ordering(table, aliases: aliases.filter(\.isToOneChain), primaryKey: pk)
        if aggregateMode, rng.chance(80), let aggregate = rng.pick(spec.aggregates) {
            let name = aggregate.annotationName
            // A column of the table with the annotation's name: AssocCore orders by the column,
            // SQLite by the result column (the annotation) — not the form tested here.
            if !(tables[table]?.columns ?? []).contains(where: { $0.name.lowercased() == name.lowercased() }) {
                spec.ordering.insert(OrderTerm(
                    operand: .column(name), descending: rng.chance(50),
                    annotation: AnnotationOrder(name: name, aggregate: aggregate, byAggregate: rng.chance(35))), at: 0)
            }
        }
        return spec
    }

    /// `Table(origin).filter(key: k).request(for: association)` for the key of an actual row,
    /// optionally filtered (on the association or on the result), ordered by the destination's
    /// columns and primary key. Kinds are drawn evenly, then an association of that kind.
    private mutating func recordRequest() -> RequestSpec? {
        let kinds: [AssocKind] = [.belongsTo, .hasOne, .hasMany, .hasOneThrough, .hasManyThrough]
        let candidates = kinds.map { kind in catalog.associations.filter { $0.kind == kind } }.filter { !$0.isEmpty }
        guard let association = rng.pick(rng.pick(candidates) ?? []),
              let origin = tables[association.origin],
              let key = rng.pick(origin.keys), key.count == origin.primaryKey.count
        else { return nil }
        let destination = association.destination
        let destinationKey = tables[destination]?.primaryKey ?? ["rowid"]
        let associationFilter = rng.chance(25) ? filter(destination, aliases: []) : nil
        let filter = rng.chance(35) ? filter(destination, aliases: []) : nil
        return RequestSpec(
            table: destination, primaryKey: destinationKey, filter: filter, children: [],
            ordering: ordering(destination, aliases: [], primaryKey: destinationKey),
            recordOrigin: RecordOriginSpec(
                key: zip(origin.primaryKey, key).map { (column: $0, value: $1) },
                association: association, associationFilter: associationFilter))
    }

    private mutating func newAlias() -> String {
        "ua\(aliases.count)"
    }

    /// Up to 3 distinct associations at the first level, up to 2 at the second, up to 1 at the third.
    private mutating func joins(
        from table: String, depth: Int, inMain: Bool, toOneChain: Bool, allowToMany: Bool, rootAlias: String?
    ) -> [JoinSpec] {
        guard depth <= 3 else { return [] }
        var candidates = catalog.associations(from: table).filter { allowToMany || !$0.isToMany }
        let count: Int
        switch depth {
        case 1: count = rng.below(4)
        case 2: count = rng.chance(50) ? 0 : 1 + rng.below(2)
        default: count = rng.chance(70) ? 0 : 1
        }
        var result: [JoinSpec] = []
        for _ in 0..<count where !candidates.isEmpty {
            let association = candidates.remove(at: rng.below(candidates.count))
            let method: JoinMethod
            if association.isToMany && rng.chance(40) {
                method = .includingAll
            } else {
                method = rng.pick([.includingRequired, .includingOptional, .joiningRequired, .joiningOptional]) ?? .includingOptional
            }
            let destination = association.destination
            if method == .includingAll {
                // A prefetch runs as its own statement: a new context, without the main query's aliases.
                var ordering: [OrderTerm] = []
                if rng.chance(50) {
                    ordering = self.ordering(destination, aliases: [], primaryKey: tables[destination]?.primaryKey ?? ["rowid"])
                }
                let filter = rng.chance(35) ? self.filter(destination, aliases: []) : nil
                let children = joins(
                    from: destination, depth: depth + 1, inMain: false, toOneChain: true, allowToMany: true, rootAlias: nil)
                result.append(JoinSpec(
                    method: method, association: association, filter: filter, ordering: ordering, children: children))
                continue
            }
            var alias: String?
            let chain = toOneChain && !association.isToMany
            if inMain && rng.chance(30) {
                alias = newAlias()
                aliases.append(AliasInfo(name: alias ?? "", table: destination, isToOneChain: chain))
            }
            // An association's ON clause may refer to the root, joined before it.
            let visible = aliases.filter { $0.name == rootAlias }
            let filter = rng.chance(35) ? self.filter(destination, aliases: visible) : nil
            let children = joins(
                from: destination, depth: depth + 1, inMain: inMain, toOneChain: chain, allowToMany: allowToMany,
                rootAlias: rootAlias)
            result.append(JoinSpec(method: method, association: association, filter: filter, alias: alias, children: children))
        }
        return result
    }

    private mutating func filter(_ table: String, aliases: [AliasInfo], depth: Int = 0) -> Filter? {
        if depth < 2 && rng.chance(25) {
            guard let a = filter(table, aliases: aliases, depth: depth + 1),
                  let b = filter(table, aliases: aliases, depth: depth + 1)
            else { return nil }
            return rng.chance(50) ? .and(a, b) : .or(a, b)
        }
        // A third of the comparisons involve an aliased table, when there is one.
        if let alias = rng.chance(35) ? rng.pick(aliases) : nil {
            guard let aliased = rng.pick(tables[alias.table]?.columns ?? []) else { return nil }
            let lhs = Operand.aliased(alias: alias.name, column: aliased.name)
            guard let op = rng.pick(CompareOp.allCases) else { return nil }
            if rng.chance(50), let own = rng.pick(tables[table]?.columns ?? []) {
                return .compare(.column(own.name), op, lhs)
            }
            if aliased.values.isEmpty || rng.chance(15) { return .isNull(lhs, negated: rng.chance(50)) }
            guard let value = rng.pick(aliased.values) else { return nil }
            return .compare(lhs, op, .literal(value))
        }
        guard let column = rng.pick(tables[table]?.columns ?? []) else { return nil }
        if column.values.isEmpty || rng.chance(15) {
            return .isNull(.column(column.name), negated: rng.chance(50))
        }
        guard let value = rng.pick(column.values), let op = rng.pick(CompareOp.allCases) else { return nil }
        return .compare(.column(column.name), op, .literal(value))
    }

    /// Zero to two random terms (own columns or aliased to-one tables), then the primary key.
    private mutating func ordering(_ table: String, aliases: [AliasInfo], primaryKey: [String]) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        for _ in 0..<rng.below(3) {
            if let alias = rng.chance(40) ? rng.pick(aliases) : nil,
               let column = rng.pick(tables[alias.table]?.columns ?? [])
            {
                terms.append(OrderTerm(operand: .aliased(alias: alias.name, column: column.name), descending: rng.chance(50)))
            } else if let column = rng.pick(tables[table]?.columns ?? []) {
                terms.append(OrderTerm(operand: .column(column.name), descending: rng.chance(50)))
            }
        }
        let descending = rng.chance(30)
        return terms + primaryKey.map { OrderTerm(operand: .column($0), descending: descending) }
    }

    /// An aggregate of `association`; a second aggregate of the same association reuses its filter,
    /// since both share one join.
    private mutating func aggregate(_ association: AssocDef, index: Int, filters: inout [String: Filter?]) -> AggregateSpec {
        let function = rng.pick(AggregateSpec.Function.allCases) ?? .count
        let filter: Filter?
        if let existing = filters[association.name] {
            filter = existing
        } else {
            filter = rng.chance(30) ? self.filter(association.destination, aliases: []) : nil
            filters[association.name] = filter
        }
        var column: String?
        if function != .count && function != .isEmpty {
            column = rng.pick(tables[association.destination]?.columns ?? [])?.name
        }
        let named = rng.chance(50)
        return AggregateSpec(
            function: column == nil && function != .isEmpty ? .count : function,
            association: association, filter: filter, column: column, name: named ? "agg\(index)" : nil)
    }

    private mutating func having(_ aggregate: AggregateSpec) -> HavingSpec {
        let op = rng.pick(CompareOp.allCases) ?? .gt
        switch aggregate.function {
        case .count: return HavingSpec(aggregate: aggregate, op: op, value: .integer(Int64(rng.below(6))))
        case .isEmpty: return HavingSpec(aggregate: aggregate, op: .eq, value: .integer(rng.chance(50) ? 1 : 0))
        default:
            let values = tables[aggregate.association.destination]?.columns.first { $0.name == aggregate.column }?.values ?? []
            return HavingSpec(aggregate: aggregate, op: op, value: rng.pick(values) ?? .integer(1))
        }
    }
}
