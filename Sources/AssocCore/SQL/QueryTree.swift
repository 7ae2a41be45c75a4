/// A request resolved against a schema: every association known, keyed and merged, every table
/// checked. The SQL generator prints it; the row decoder follows its layout.
struct QueryNode: Sendable {
    /// Unique in one tree, stable through merges (the first node keeps its id).
    var id: Int
    var table: TableInfo
    var userAlias: String?
    /// Empty for `joining`: the node contributes no column.
    var selection: [SelectionItem]
    var annotations: [Expression] = []
    var filters: [Expression] = []
    var ordering: [Ordering] = []
    var children: [QueryChild] = []
    var havings: [Expression] = []
    var isDistinct = false
    /// Set by aggregates: GROUP BY this node's primary key.
    var groupsByPrimaryKey = false
    /// Set on prefetch statements: restricts this table to the keys of the parent rows.
    var pivotFilter: PivotFilter?
    /// Set on the root of a `request(for:)` request: restricts it to the records reached.
    var originFilter: SubqueryFilter?
    /// Set by `orderedTotally()`: the keys of the rows' tables end the ORDER BY.
    var ordersTotally = false
    /// On the root: values selected after every other column for the engine's own use (a
    /// pager's), read apart from the rows (`HiddenValue`).
    var hiddenValues: [HiddenValue] = []
}

/// `columns IN (values…)`: the condition that restricts a prefetch statement to the parent rows' keys.
struct PivotFilter: Sendable {
    var columns: [String]
    /// Distinct keys (one value per column), sorted, none containing NULL.
    var values: [PrefetchKey]
    /// In a plan (`Database.plan`): the keys are not known yet, written `IN (…)`.
    var isPlaceholder = false
}

/// How a child is attached to its parent.
enum ChildKind: Sendable, Equatable {
    case required, optional
    /// `including(all:)`: fetched by a separate statement.
    case all
}

/// A table joined (or prefetched) below its parent, under a key.
struct QueryChild: Sendable {
    var key: String
    var kind: ChildKind
    /// `node.column = parent.column` for each pair (origin on the parent, destination on the child).
    var pairs: [ColumnPair]
    var node: QueryNode
    /// For `including(all:)` through associations: the steps from the parent to this child's table,
    /// each with its own refinements (pivot filters), first step first. Empty for direct ones.
    var prefetchChain: [PrefetchStep] = []
    /// Set on the joins the engine adds for itself (never a scope: they select nothing); a join
    /// merges only with one of the same key and the same `engineJoin`, so no key a request writes
    /// can meet them.
    var engineJoin: EngineJoin?
}

/// What a join the engine adds for itself is for: known by its role, never by a key.
enum EngineJoin: Sendable, Hashable {
    /// The `n`th ordered pivot a followed through link joins, for its ordering (OrderedPivotJoins).
    case orderedPivot(Int)
    /// The parent table joined back into a prefetch statement whose filter uses the parent's alias.
    case parentBack
    /// The `n`th intermediate table of a through association, joined back from its destination.
    case throughStep(Int)
}

/// One intermediate table crossed by a prefetched through association: its node (filters,
/// ordering, alias; no selection) and the pairs joining it to the previous table.
struct PrefetchStep: Sendable {
    var node: QueryNode
    var pairs: [ColumnPair]
}
