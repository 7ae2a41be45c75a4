/// Turns a `Request` into a `QueryNode` tree against a schema: resolves association names and
/// declared foreign keys, computes keys, merges associations attached twice under one key,
/// expands through associations into their intermediate joins, and joins aggregates.
struct Resolver {
    let graph: AssociationGraph
    private var nextID = 0
    /// Node ids replaced by merges, mapped to the id that survived.
    private(set) var mergedIDs = MergedIDs()
    /// Where each join the request wrote landed: its join path (see `RequestScope.joinPath`) →
    /// the id of its destination's node. Read by `Database.scopeTree(of:)`.
    private(set) var joinNodes: [[Int]: Int] = [:]
    /// The join path of the association being attached, nil while resolving what the request did
    /// not write as a join (a through association's pivot, an aggregate's join).
    var joinPath: [Int]? = []
    /// Set while writing one stage of a long `request(for:)` chain (see `chainedOriginFilter`):
    /// the statement selecting the previous stage's keys, which restricts the root instead of the
    /// nested subqueries of its whole chain.
    var previousStage: GeneratedStatement?
    /// Set while joining the association of an aggregate: its default orderings do not apply.
    private var joiningAggregate = false

    init(graph: AssociationGraph) {
        self.graph = graph
    }

    var schema: Schema { graph.schema }

    /// Phase 1: the request's tree of tables, every name checked against the schema.
    mutating func resolve(_ request: Request) throws -> ResolvedQuery {
        var root = try resolveRoot(request)
        root.ordersTotally = request.isOrderedTotally
        root.hiddenValues = request.hiddenValues
        var resolved = ResolvedQuery(root: root, limit: request.limit, offset: request.offset, mergedIDs: mergedIDs)
        resolved.joinNodes = joinNodes.mapValues { mergedIDs.finalID($0) }
        return resolved
    }

    private mutating func resolveRoot(_ request: Request) throws -> QueryNode {
        guard let origin = request.origin else {
            guard let table = request.query?.tableInfo ?? schema.table(named: request.table) else {
                throw AssocError.unknownTable(request.table, in: schema)
            }
            return try node(for: table, relation: request.relation, isIncluded: true, presetID: nil)
        }
        // The association's own refinements (`albums.filter(…)`) apply to the destination, before
        // the request's.
        let baseTable = try rootTable(of: origin.base)
        var steps: [AssociationStep] = []
        try flatten(origin.association, from: baseTable, into: &steps, orderedSteps: true)
        let table = try destination(of: steps, association: origin.association, from: baseTable)
        var relation = steps.last?.relation ?? Relation()
        let ownJoinCount = relation.joins.count
        relation = relation.merging(request.relation)
        var root = try node(
            for: table, relation: relation, isIncluded: true, presetID: nil, firstRecordedJoin: ownJoinCount)
        if previousStage == nil, Self.hasOrderedPivot(steps) {
            try joinOrderedPivots(steps, base: origin.base, to: &root)
        } else if let previousStage {
            root.originFilter = try stageFilter(steps: steps, previousStage: previousStage)
        } else {
            root.originFilter = try originFilter(of: origin, steps: steps)
        }
        return root
    }

    /// The table of `request`'s rows: its own, or for a `request(for:)` request (whose table a
    /// request built in Swift may leave unnamed) the destination of its association.
    func rootTable(of request: Request) throws -> TableInfo {
        guard let origin = request.origin else {
            guard let table = request.query?.tableInfo ?? schema.table(named: request.table) else {
                throw AssocError.unknownTable(request.table, in: schema)
            }
            return table
        }
        let baseTable = try rootTable(of: origin.base)
        var steps: [AssociationStep] = []
        try flatten(origin.association, from: baseTable, into: &steps)
        return try destination(of: steps, association: origin.association, from: baseTable)
    }

    func destination(of steps: [AssociationStep], association: AssociationRequest, from origin: TableInfo) throws -> TableInfo {
        guard let last = steps.last else {
            throw AssocError.invalidAssociation(
                association.displayName, table: origin.name,
                reason: "association \(quoteForMessage(association.displayName)) has no step")
        }
        guard let table = schema.table(named: last.definition.destination) else {
            throw AssocError.unknownTable(last.definition.destination, in: schema)
        }
        return table
    }

    /// The surviving id of a node after merges.
    func finalID(_ id: Int) -> Int {
        mergedIDs.finalID(id)
    }

    private mutating func makeID(_ preset: Int?) -> Int {
        if let preset { return preset }
        defer { nextID += 1 }
        return nextID
    }

    mutating func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The node of `table` refined by `relation`. `firstRecordedJoin`: the joins before it came
    /// from an association's own refinements, not from the request (they get no join path).
    mutating func node(
        for table: TableInfo, relation: Relation, isIncluded: Bool, presetID: Int?,
        pendingJoins: [PendingJoin] = [], firstRecordedJoin: Int = 0
    ) throws -> QueryNode {
        var node = QueryNode(
            id: makeID(presetID), table: table, userAlias: relation.alias,
            selection: isIncluded ? (relation.selection ?? [.allColumns]) : [])
        node.filters = try relation.keyFilters.map { try $0.condition(on: table) } + relation.filters
        node.ordering = relation.ordering ?? []
        node.isDistinct = relation.isDistinct
        let ownPath = joinPath
        defer { joinPath = ownPath }
        for (index, join) in relation.joins.enumerated() {
            let path = index >= firstRecordedJoin ? ownPath.map { $0 + [index - firstRecordedJoin] } : nil
            joinPath = path
            let id = try attach(join.association, method: join.method, to: &node)
            if let path { joinNodes[path] = id }
        }
        for pending in pendingJoins {
            joinPath = pending.joinPath
            _ = try attach(pending.association, method: pending.method, to: &node, hints: pending.hints)
        }
        joinPath = nil
        if relation.filters.contains(where: \.containsAggregate) {
            throw AssocError.invalid(
                "aggregates such as books.count go in having(_:) or annotated(with:), not in filter(_:) (table \(quoteForMessage(table.name)))",
                table: table.name)
        }
        node.annotations = try relation.annotations.map { try joinAggregates(in: $0, on: &node) }
        // An ordering by an aggregate (`order(tracks.count.desc)`) joins it as annotations do.
        if node.ordering.contains(where: { $0.expression.containsAggregate }) {
            node.ordering = try node.ordering.map { Ordering(try joinAggregates(in: $0.expression, on: &node), descending: $0.descending) }
        }
        node.havings = try relation.havings.map { try joinAggregates(in: $0, on: &node) }
        return node
    }

    // MARK: Attaching associations

    /// Attaches `association` below `parent` and returns the id of the node of its destination.
    mutating func attach(
        _ association: AssociationRequest, method: JoinMethod, to parent: inout QueryNode, hints: ResolutionHints = .init()
    ) throws -> Int {
        // A declared default ordering applies wherever the association is used, as in GRDB, but in
        // an aggregate (whose rows are grouped).
        let association = joiningAggregate ? association : withDefaultOrdering(association, from: parent.table)
        if let origin = association.origin, origin.lowercased() != parent.table.name.lowercased() {
            throw AssocError.invalidAssociation(
                association.displayName, table: parent.table.name,
                reason:
                    "association \(quoteForMessage(association.displayName)) starts from table \(quoteForMessage(origin)), not from \(quoteForMessage(parent.table.name))"
            )
        }
        switch try definition(of: association, from: parent.table) {
        case .direct(let definition):
            return try attachDirect(definition, association, hints: hints, method: method, to: &parent)
        case .through(let pivot, var target, let kind, let name, let singularKey):
            if method == .includingAll {
                return try attachPrefetchedThrough(
                    pivot: pivot, target: target, kind: kind, name: name, association, hints: hints, to: &parent)
            }
            let pivotToMany = try isToMany(pivot, from: parent.table)
            let targetToMany = try isToMany(target, fromTableOf: pivot, parent: parent.table.name)
            if kind == .hasOneThrough && (pivotToMany || targetToMany) {
                throw AssocError.invalidAssociation(
                    name, table: parent.table.name,
                    reason: "hasOne(through:using:) \(quoteForMessage(name)) needs to-one pivot and target associations")
            }
            // The through association's own key and refinements apply to the target's table. A
            // through whose target is itself a through (a chain of three steps or more) passes
            // on the node id, key and cardinality its caller chose for the final table.
            let targetID = hints.presetNodeID ?? reserveID()
            target.key = association.key ?? name
            target.relation = target.relation.merging(association.relation)
            let targetHints = ResolutionHints(
                presetNodeID: targetID, keyIsToMany: hints.keyIsToMany ?? kind.isToMany,
                singularKey: hints.singularKey ?? (association.key == nil ? singularKey : nil),
                pendingJoins: hints.pendingJoins)
            let pivotMethod: JoinMethod = method.isRequired ? .joiningRequired : .joiningOptional
            let pending = PendingJoin(method: method, association: target, hints: targetHints, joinPath: joinPath)
            joinPath = nil
            _ = try attach(pivot, method: pivotMethod, to: &parent, hints: ResolutionHints(pendingJoins: [pending]))
            return finalID(targetID)
        }
    }

    private mutating func attachDirect(
        _ definition: Association, _ association: AssociationRequest, hints: ResolutionHints, method: JoinMethod,
        to parent: inout QueryNode
    ) throws -> Int {
        guard let destination = schema.table(named: definition.destination) else {
            throw AssocError.unknownTable(definition.destination, in: schema)
        }
        if method == .includingAll && !definition.isToMany && hints.keyIsToMany != true {
            throw AssocError.invalid(
                "including(all:) needs a to-many association, and \(quoteForMessage(definition.name)) of \(quoteForMessage(parent.table.name)) is a \(definition.kind.rawValue): use including(optional:) or including(required:)",
                table: parent.table.name)
        }
        try checkColumns(definition.columns.map(\.origin), in: parent.table, association: definition.name)
        try checkColumns(definition.columns.map(\.destination), in: destination, association: definition.name)
        let toMany = hints.keyIsToMany ?? definition.isToMany
        let baseKey = association.key ?? definition.name
        let explicitSingular = association.key == nil ? definition.singularName : hints.singularKey
        let key: String
        if method == .includingAll {
            key = AssociationKey.plural(baseKey, isToMany: toMany)
        } else if toMany, let explicitSingular {
            key = explicitSingular
        } else {
            key = AssociationKey.singular(baseKey, isToMany: toMany)
        }
        let child = try node(
            for: destination, relation: definition.refining(association.relation), isIncluded: method.isIncluding,
            presetID: hints.presetNodeID, pendingJoins: hints.pendingJoins)
        let kind: ChildKind = method == .includingAll ? .all : (method.isRequired ? .required : .optional)
        return try merge(
            QueryChild(key: key, kind: kind, pairs: definition.columns, node: child, engineJoin: association.engineJoin), into: &parent)
    }

    private func checkColumns(_ columns: [String], in table: TableInfo, association: String) throws {
        for column in columns where table.column(named: column) == nil {
            if column.lowercased() == "rowid" && table.primaryKey.kind != .withoutRowid && table.kind != .view { continue }
            throw AssocError.invalidAssociation(
                association, table: table.name,
                reason:
                    "association \(quoteForMessage(association)) uses column \(quoteForMessage(column)), which table \(quoteForMessage(table.name)) does not have"
            )
        }
    }

    // MARK: Merging

    /// Adds `child` under `parent`, merging it with an existing child of the same key, which then
    /// moves to the end (its join and its columns come last). Returns the surviving node id.
    mutating func merge(_ child: QueryChild, into parent: inout QueryNode) throws -> Int {
        guard let index = parent.children.firstIndex(where: { $0.key == child.key && $0.engineJoin == child.engineJoin }) else {
            parent.children.append(child)
            return child.node.id
        }
        let existing = parent.children.remove(at: index)
        let merged = try mergeChildren(existing, child)
        parent.children.append(merged)
        return merged.node.id
    }

    private mutating func mergeChildren(_ a: QueryChild, _ b: QueryChild) throws -> QueryChild {
        let sameJoin =
            a.node.table.name.lowercased() == b.node.table.name.lowercased()
            && a.pairs.map(\.origin).map { $0.lowercased() } == b.pairs.map(\.origin).map { $0.lowercased() }
            && a.pairs.map(\.destination).map { $0.lowercased() } == b.pairs.map(\.destination).map { $0.lowercased() }
            && a.prefetchChain.map { $0.node.table.name.lowercased() } == b.prefetchChain.map { $0.node.table.name.lowercased() }
            && a.prefetchChain.map { $0.pairs.map(\.origin) } == b.prefetchChain.map { $0.pairs.map(\.origin) }
        let kind: ChildKind
        switch (a.kind, b.kind) {
        case (.all, .all): kind = .all
        case (.all, _), (_, .all): kind = .optional  // rejected below
        case (.required, _), (_, .required): kind = .required
        default: kind = .optional
        }
        guard sameJoin, (a.kind == .all) == (b.kind == .all) else {
            throw AssocError.ambiguousKey(a.key, tables: [a.node.table.name, b.node.table.name])
        }
        var merged = a
        merged.kind = kind
        merged.node = try mergeNodes(a.node, b.node)
        return merged
    }

    private mutating func mergeNodes(_ a: QueryNode, _ b: QueryNode) throws -> QueryNode {
        var node = a
        mergedIDs.merge(b.id, into: a.id)
        if !b.selection.isEmpty { node.selection = b.selection }
        node.annotations += b.annotations
        node.filters += b.filters
        if !b.ordering.isEmpty { node.ordering = b.ordering }
        if let alias = b.userAlias {
            if let existing = a.userAlias, existing.lowercased() != alias.lowercased() {
                throw AssocError.ambiguousAlias(
                    alias, table: a.table.name,
                    reason:
                        "table \(quoteForMessage(a.table.name)) is aliased both \(quoteForMessage(existing)) and \(quoteForMessage(alias)) under one association key: use forKey(_:) to join it twice"
                )
            }
            node.userAlias = alias
        }
        node.havings += b.havings
        node.isDistinct = a.isDistinct || b.isDistinct
        node.groupsByPrimaryKey = a.groupsByPrimaryKey || b.groupsByPrimaryKey
        for child in b.children {
            if let index = node.children.firstIndex(where: { $0.key == child.key && $0.engineJoin == child.engineJoin }) {
                node.children[index] = try mergeChildren(node.children[index], child)
            } else {
                node.children.append(child)
            }
        }
        return node
    }

    // MARK: Aggregates

    /// Joins the associations of the aggregates in `expression` (optionally, under their singular
    /// key) and records which node each aggregate reads.
    mutating func joinAggregates(in expression: Expression, on node: inout QueryNode) throws -> Expression {
        switch expression {
        case .aggregate(var aggregate):
            // An ordering of the aggregated rows means nothing once they are grouped: dropped.
            var association = aggregate.association
            association.relation.ordering = nil
            let outer = joiningAggregate
            joiningAggregate = true
            defer { joiningAggregate = outer }
            let id = try attach(association, method: .joiningOptional, to: &node)
            aggregate.nodeID = id
            node.groupsByPrimaryKey = true
            return .aggregate(aggregate)
        case .unary(let op, let operand):
            return .unary(op, try joinAggregates(in: operand, on: &node))
        case .binary(let op, let lhs, let rhs):
            return .binary(op, try joinAggregates(in: lhs, on: &node), try joinAggregates(in: rhs, on: &node))
        case .isNull(let operand, let negated):
            return .isNull(try joinAggregates(in: operand, on: &node), negated: negated)
        case .inList(let operand, let list, let negated):
            return .inList(
                try joinAggregates(in: operand, on: &node),
                try list.map { try joinAggregates(in: $0, on: &node) }, negated: negated)
        case .function(let name, let arguments):
            return .function(name, try arguments.map { try joinAggregates(in: $0, on: &node) })
        case .named(let inner, let name):
            return .named(try joinAggregates(in: inner, on: &node), name)
        case .collated(let inner, let collation):
            return .collated(try joinAggregates(in: inner, on: &node), collation)
        case .column, .aliasedColumn, .value, .sql:
            return expression
        }
    }
}

/// The singular and plural forms of association keys: a to-many association joined as to-one
/// gets a singular key (`book`), prefetched with `including(all:)` a plural one (`books`).
enum AssociationKey {
    static func singular(_ base: String, isToMany: Bool) -> String {
        isToMany ? Inflector.singularize(base) : base
    }

    static func plural(_ base: String, isToMany: Bool) -> String {
        isToMany ? base : Inflector.pluralize(base)
    }
}

extension Relation {
    /// This relation refined by `other`: filters and joins appended, other's selection and
    /// ordering win when set.
    func merging(_ other: Relation) -> Relation {
        var result = self
        if let selection = other.selection { result.selection = selection }
        result.annotations += other.annotations
        result.keyFilters += other.keyFilters
        result.filters += other.filters
        if let ordering = other.ordering { result.ordering = ordering }
        if let alias = other.alias { result.alias = alias }
        result.joins += other.joins
        result.havings += other.havings
        result.isDistinct = result.isDistinct || other.isDistinct
        return result
    }
}

extension Expression {
    /// Whether an aggregate appears in it (then it belongs in `having`).
    package var containsAggregate: Bool {
        switch self {
        case .aggregate: return true
        case .unary(_, let e), .isNull(let e, _), .named(let e, _), .collated(let e, _): return e.containsAggregate
        case .binary(_, let l, let r): return l.containsAggregate || r.containsAggregate
        case .inList(let e, let list, _): return e.containsAggregate || list.contains { $0.containsAggregate }
        case .function(_, let args): return args.contains { $0.containsAggregate }
        case .column, .aliasedColumn, .value, .sql: return false
        }
    }
}
