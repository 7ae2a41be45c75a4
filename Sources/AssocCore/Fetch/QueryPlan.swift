/// Every statement fetching a request will run, computed from the request and the schema alone:
/// nothing is executed. The main statement comes first, then one statement per prefetched
/// association (`including(all:)`), depth first, each restricted to the keys of its parent rows,
/// written `IN (…)` since they are only known once the parent rows are fetched.
///
///     SELECT * FROM "artist"
///     SELECT *, "artistId" FROM "album" WHERE "artistId" IN (…)
public struct QueryPlan: Sendable {
    /// One statement of the plan.
    public struct Step: Sendable {
        /// The SQL and the arguments known in advance (a prefetch's parent keys are not among them).
        public var statement: GeneratedStatement
        /// For a prefetch: the association key, and the table and columns of the parent rows whose
        /// values fill `IN (…)`; nil for the main statement.
        public var prefetch: (key: String, parentTable: String, parentColumns: [String])?
        /// 0 for the main statement, 1 for its prefetches, 2 for theirs…
        public var depth: Int
    }

    /// The statements in the order a fetch runs them: the main one first.
    public var steps: [Step]
}

extension Database {
    /// The statements fetching `request` runs, without running any (`assoc sql` prints them).
    public func plan(_ request: Request) throws -> QueryPlan {
        var resolver = Resolver(graph: graph)
        let query = try resolver.resolve(request)
        var steps: [QueryPlan.Step] = []
        try Prefetcher.plan(
            root: query.root, limit: query.limit, offset: query.offset, mergedIDs: query.mergedIDs,
            extraHidden: [], prefetch: nil, depth: 0, into: &steps)
        return QueryPlan(steps: steps)
    }
}

extension Prefetcher {
    /// The statements `fetch(root:…)` runs, in the order it runs them, with placeholder keys.
    static func plan(
        root: QueryNode, limit: Int?, offset: Int?, mergedIDs: MergedIDs, extraHidden: [(nodeID: Int, column: String)],
        prefetch: (key: String, parentTable: String, parentColumns: [String])?, depth: Int, into steps: inout [QueryPlan.Step]
    ) throws {
        var plans: [Plan] = []
        var hidden = extraHidden
        collectPlans(root, isRoot: true, scopePath: [], plans: &plans, hidden: &hidden)
        let query = try SQLGenerator.generate(
            root: root, limit: limit, offset: offset, mergedIDs: mergedIDs, hiddenColumns: hidden)
        steps.append(QueryPlan.Step(statement: query.statement, prefetch: prefetch, depth: depth))
        for plan in plans {
            let (statementRoot, groupingNodeID, groupingColumns) = prefetchTree(
                for: plan.child, parent: plan.parent, keys: [], placeholder: true)
            let parentColumns = (plan.child.prefetchChain.first?.pairs ?? plan.child.pairs).map(\.origin)
            try self.plan(
                root: statementRoot, limit: nil, offset: nil, mergedIDs: mergedIDs,
                extraHidden: groupingColumns.map { (groupingNodeID, $0) },
                prefetch: (plan.child.key, plan.parent.table.name, parentColumns), depth: depth + 1, into: &steps)
        }
    }
}
