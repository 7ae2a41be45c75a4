/// A request after phase 1 (resolution against the schema): its tree of tables, and the ids of
/// the nodes that merges replaced. Phase 2 (`QueryPlan`, which the SQL generator prints) reads it;
/// nothing of it is written back into the request.
struct ResolvedQuery: Sendable {
    var root: QueryNode
    var limit: Int?
    var offset: Int?
    var mergedIDs: MergedIDs
    /// The node each join of the request resolved to, by join path (final ids).
    var joinNodes: [[Int]: Int] = [:]
}

extension ResolvedQuery {
    /// Phase 1's one entry point: `request` resolved against `graph`. With `previousStage` (one
    /// stage of a long `request(for:)` chain), its root is restricted by that statement's keys
    /// instead of its own chain.
    init(_ request: Request, graph: AssociationGraph, previousStage: GeneratedStatement? = nil) throws {
        ResolutionCount.record()
        var resolver = Resolver(graph: graph)
        resolver.previousStage = previousStage
        self = try resolver.resolve(request)
    }
}

/// Node ids replaced by merges, each mapped to the id that took its place.
struct MergedIDs: Sendable {
    private(set) var replaced: [Int: Int] = [:]

    /// Records that the node `id` was merged into the node `survivor`.
    mutating func merge(_ id: Int, into survivor: Int) {
        replaced[id] = survivor
    }

    /// The id a node has after every merge (itself when it was never merged away).
    func finalID(_ id: Int) -> Int {
        var current = id
        var steps = 0
        while let next = replaced[current], steps < 10_000 {
            current = next
            steps += 1
        }
        return current
    }
}

/// What resolution carries along with an association it attaches, kept out of the request's own
/// values: the node id reserved for its table, the cardinality and singular form its key takes
/// (for the target of a through association), and joins to attach below its table.
struct ResolutionHints: Sendable {
    var presetNodeID: Int?
    /// Whether the key is plural, when it differs from the association's own cardinality.
    var keyIsToMany: Bool?
    /// The key's singular form when inflection gets it wrong (inferred through associations).
    var singularKey: String?
    /// The target of a through association, attached below its pivot's table.
    var pendingJoins: [PendingJoin] = []
}

/// A join resolution attaches below a table after the table's own joins.
struct PendingJoin: Sendable {
    var method: JoinMethod
    var association: AssociationRequest
    var hints: ResolutionHints
    /// The join path of the through association this join completes.
    var joinPath: [Int]? = nil
}

/// One direct step of an association, with the request that refines its table.
struct AssociationStep {
    var definition: Association
    var request: AssociationRequest
    var hints = ResolutionHints()

    /// The refinements of the step's table: the definition's declared filter, then the request's.
    /// (A request that starts again from `.definition(definition)` gets the filter from it: it
    /// takes `request.relation`.)
    var relation: Relation { definition.refining(request.relation) }
}

extension Association {
    /// `relation` after the association's declared filter (`hasMany(…).filter(…)`), AND-ed first
    /// as GRDB does with the filters of an association refined again.
    func refining(_ relation: Relation) -> Relation {
        guard !filters.isEmpty else { return relation }
        var own = Relation()
        own.filters = filters
        return own.merging(relation)
    }
}
