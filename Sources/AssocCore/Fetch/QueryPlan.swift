/// Every statement fetching a request runs, computed once from the request and the schema
/// (phase 2): what a fetch executes (`Database.run(_:)`, `Database.cursor(_:chunking:)`), and what
/// `Database.scopeTree(of:)` and the records' table layout read. The main statement comes first,
/// then one statement per prefetched association (`including(all:)`), depth first, each
/// restricted to the keys of its parent rows, written `IN (…)` since they are only known once the
/// parent rows are fetched.
///
///     SELECT * FROM "artist"
///     SELECT *, "artistId" FROM "album" WHERE "artistId" IN (…)
public struct QueryPlan: Sendable {
    /// One statement of the plan.
    public struct Step: Sendable {
        /// The SQL and its arguments: in a plan, a prefetch's parent keys are not among them
        /// (`IN (…)`); in a run (`QueryPlan.Run.steps`), they are.
        public var statement: GeneratedStatement
        /// For a prefetch: the association key, and the table and columns of the parent rows whose
        /// values fill `IN (…)`; nil for the main statement.
        public var prefetch: (key: String, parentTable: String, parentColumns: [String])?
        /// 0 for the main statement, 1 for its prefetches, 2 for theirs…
        var depth: Int
    }

    /// The rows of one run of a plan, and the statements that ran, in order, each prefetch with
    /// the keys of its parent rows bound (none ran for a prefetch whose parents are no row).
    public struct Run: Sendable {
        /// The rows, as `Database.fetchAll(_:)` returns them.
        public var rows: [Row]
        /// The statements that ran, the main one first.
        public var steps: [Step]
    }

    /// The main statement, the layout of its rows and its prefetches.
    let main: PlannedStatement
    /// The join path (`RequestScope.joinPath`) of each node the request wrote as a join, by node id.
    let joinPaths: [Int: [Int]]

    /// Resolves `request` (phase 1) and plans its statements (phase 2); with `cellPreview`, long
    /// values are read cut (`CellPreview`), where `cutting` says.
    init(_ request: Request, graph: AssociationGraph, cellPreview: Int? = nil, cutting: CellPreview.Cutting = .inSQL) throws {
        try self.init(resolved: ResolvedQuery(request, graph: graph), cellPreview: cellPreview, cutting: cutting)
    }

    /// Plans the statements of a request resolved already (phase 2 only): one resolution can
    /// give the plan that runs (values cut) and its readable twin (values whole).
    init(resolved query: ResolvedQuery, cellPreview: Int? = nil, cutting: CellPreview.Cutting = .inSQL) throws {
        main = try PlannedStatement(
            tree: query.root, limit: query.limit, offset: query.offset, mergedIDs: query.mergedIDs,
            cellPreview: cellPreview, cutting: cutting, key: "", kind: .root, prefetch: nil, depth: 0, grouping: [])
        var paths: [Int: [Int]] = [:]
        for (path, id) in query.joinNodes.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where paths[id] == nil {
            paths[id] = path
        }
        joinPaths = paths
    }

    /// The statements in the order a fetch runs them: the main one first.
    public var steps: [Step] {
        var steps: [Step] = []
        func add(_ statement: PlannedStatement) {
            steps.append(statement.step)
            for prefetch in statement.prefetches { add(prefetch.statement) }
        }
        add(main)
        return steps
    }

    /// The scopes of the plan's rows, and where the request wrote each (`Database.scopeTree(of:)`).
    var scopeTree: RequestScope {
        var root = main.requestScope(main.layout, path: [], joinPaths: joinPaths)
        root.joinPath = []
        return root
    }
}

extension Database {
    /// The statements fetching `request` runs, without running any (`assoc sql` prints them). With
    /// `previewingCellsUpTo`, long values are read cut, as `fetchAll(_:previewingCellsUpTo:)` reads them.
    public func plan(_ request: Request, previewingCellsUpTo limit: Int? = nil) throws -> QueryPlan {
        try QueryPlan(request, graph: graph, cellPreview: limit.map { max(1, $0) })
    }

    /// `plan(_:previewingCellsUpTo:)`, long values cut where `cutting` says.
    package func plan(_ request: Request, previewingCellsUpTo limit: Int, cutting: CellPreview.Cutting) throws -> QueryPlan {
        try QueryPlan(request, graph: graph, cellPreview: max(1, limit), cutting: cutting)
    }

    /// Runs `plan`: its rows, and the statements that ran with their arguments, parent keys
    /// included (what a SQL pane shows for the rows on screen).
    /// Runs as one operation on the database (`interrupt()` stops it; no other thread's
    /// statement runs in between).
    public func run(_ plan: QueryPlan) throws -> QueryPlan.Run {
        try perform { _ in
            var steps: [QueryPlan.Step] = []
            let rows = try Prefetcher.fetch(plan.main, keys: nil, db: self, executed: &steps).rows
            return QueryPlan.Run(rows: rows, steps: steps)
        }
    }
}

/// One statement of a plan: its tree, the columns it adds for the engine, the layout of its rows,
/// and the prefetches its rows start. A prefetch's statement is planned with its parent keys to
/// come (`statement(keys:)` binds them).
struct PlannedStatement: Sendable {
    /// The statement as planned (a prefetch's keys written `IN (…)`), with where it stands in the plan.
    var step: QueryPlan.Step
    var tree: QueryNode
    var limit: Int?
    var offset: Int?
    var mergedIDs: MergedIDs
    /// The longest value read whole, when long values are read cut (`CellPreview`).
    var cellPreview: Int?
    /// Where long values are cut (`CellPreview.Cutting`).
    var cutting: CellPreview.Cutting
    /// Columns after the selection for the engine's own use, stripped from rows: a prefetch's
    /// grouping keys first (`groupingWidth` of them), then the parent keys of its own prefetches
    /// that the rows do not select.
    var hiddenColumns: [HiddenColumn]
    var groupingWidth: Int
    /// Every trailing column that is not the rows': the hidden columns, then the root's hidden
    /// values (a pager's, `HiddenValue`), kept apart from the rows.
    var hiddenWidth: Int { hiddenColumns.count + tree.hiddenValues.count }
    /// With a cell preview: the columns after the hidden ones holding the full length of a value
    /// cut by the preview.
    var previewLengthCount: Int
    /// Whether those columns are one per selected column, one packed text, or none.
    var previewLengthColumns = CellPreview.LengthColumns.each
    /// By selected column, where its texts are read from by rowid (`CellPreview.TextSource`).
    var previewTextSources: [CellPreview.TextSource?] = []
    /// How the columns of its rows split into scopes.
    var layout: ScopeLayout
    /// The prefetched associations its rows start, in the order they run.
    var prefetches: [PlannedPrefetch]

    init(
        tree: QueryNode, limit: Int?, offset: Int?, mergedIDs: MergedIDs, cellPreview: Int?, cutting: CellPreview.Cutting = .inSQL, key: String,
        kind: RequestScope.Kind, prefetch: (key: String, parentTable: String, parentColumns: [String])?, depth: Int,
        grouping: [HiddenColumn]
    ) throws {
        self.tree = tree
        self.limit = limit
        self.offset = offset
        self.mergedIDs = mergedIDs
        self.cellPreview = cellPreview
        self.cutting = cutting
        hiddenColumns = grouping
        groupingWidth = grouping.count
        // The layout, the prefetches, the hidden columns they need and the statement are filled below.
        prefetches = []
        layout = ScopeLayout(key: key, kind: kind, node: tree)
        step = QueryPlan.Step(statement: GeneratedStatement(sql: "", arguments: []), prefetch: prefetch, depth: depth)
        previewLengthCount = 0
        layout = try scope(of: tree, key: key, kind: kind, path: [])
        let generated = try SQLGenerator.generate(
            root: tree, limit: limit, offset: offset, mergedIDs: mergedIDs, hiddenColumns: hiddenColumns, cellPreview: cellPreview,
            cutting: cutting)
        step.statement = generated.statement
        previewLengthCount = generated.previewLengthCount
        previewLengthColumns = generated.previewLengthColumns
        previewTextSources = generated.previewTextSources
    }

    /// The one walk of the statement's tree: the scope of `node` (a joined table that selects
    /// nothing and holds no scope gives none), its prefetches and the hidden columns they need.
    private mutating func scope(of node: QueryNode, key: String, kind: RequestScope.Kind, path: [String]) throws -> ScopeLayout {
        var scope = ScopeLayout(key: key, kind: kind, node: node)
        for child in node.children {
            switch child.kind {
            case .all:
                prefetches.append(try prefetch(child, of: node, at: path))
            case .required, .optional:
                // A prefetch below a joined table makes it a scope: `path` is its place.
                let sub = try self.scope(
                    of: child.node, key: child.key, kind: child.kind == .required ? .required : .optional, path: path + [child.key])
                if sub.width > 0 || !sub.children.isEmpty || child.node.children.contains(where: { $0.kind == .all }) {
                    scope.children.append(sub)
                }
            }
        }
        return scope
    }

    /// The prefetch of `child` below `parent`: where its parent keys are read (a column the rows
    /// select, else a hidden one), and its statement.
    private mutating func prefetch(_ child: QueryChild, of parent: QueryNode, at path: [String]) throws -> PlannedPrefetch {
        let origins = (child.prefetchChain.first?.pairs ?? child.pairs).map(\.origin)
        let visible = parent.selection.contains { if case .allColumns = $0 { return true } else { return false } }
        var sources: [PlannedPrefetch.KeySource] = []
        for column in origins {
            if visible, let info = parent.table.column(named: column) {
                sources.append(.visible(info.name))
            } else {
                sources.append(.hidden(hiddenColumns.count))
                hiddenColumns.append(HiddenColumn(nodeID: parent.id, column: column))
            }
        }
        let (root, groupingNodeID, groupingColumns) = Prefetcher.prefetchTree(for: child, parent: parent)
        let statement = try PlannedStatement(
            tree: root, limit: nil, offset: nil, mergedIDs: mergedIDs, cellPreview: cellPreview, cutting: cutting, key: child.key,
            kind: .prefetched,
            prefetch: (child.key, parent.table.name, origins), depth: step.depth + 1,
            grouping: groupingColumns.map { HiddenColumn(nodeID: groupingNodeID, column: $0) })
        return PlannedPrefetch(key: child.key, scopePath: path, keySources: sources, statement: statement)
    }

    /// The statement to run: as planned, or restricted to `keys` (a prefetch's distinct parent
    /// keys, in SQLite's order).
    func statement(keys: [PrefetchKey]?) throws -> GeneratedStatement {
        guard let keys else { return step.statement }
        return try SQLGenerator.generate(
            root: tree.fillingPivot(with: keys), limit: limit, offset: offset, mergedIDs: mergedIDs, hiddenColumns: hiddenColumns,
            cellPreview: cellPreview, cutting: cutting
        ).statement
    }

    /// The scope `layout` at `path` as a `RequestScope`, with the prefetches attached there.
    func requestScope(_ layout: ScopeLayout, path: [String], joinPaths: [Int: [Int]]) -> RequestScope {
        RequestScope(
            key: layout.key, table: layout.table, kind: layout.kind, alias: layout.alias, joinPath: joinPaths[layout.nodeID],
            columns: layout.columns,
            scopes: layout.children.map { requestScope($0, path: path + [$0.key], joinPaths: joinPaths) },
            prefetched: prefetches.filter { $0.scopePath == path }.map {
                $0.statement.requestScope($0.statement.layout, path: [], joinPaths: joinPaths)
            })
    }
}

/// A column a statement appends after its rows' own for the engine: the key of a parent a prefetch
/// groups its rows by, or a parent key the rows do not select. Never part of a row.
struct HiddenColumn: Sendable {
    /// The node whose table holds the column.
    var nodeID: Int
    var column: String
}

/// A prefetched association of a statement's rows: where its rows go, where the parent keys come
/// from, and its own statement.
struct PlannedPrefetch: Sendable {
    enum KeySource: Sendable {
        /// A column selected in the parent's scope (read by name).
        case visible(String)
        /// A hidden trailing column, by index among the hidden values.
        case hidden(Int)
    }

    /// The association key its rows are attached under (`Row.prefetchedRows(_:)`).
    var key: String
    /// The keys of the scopes from the row to the scope its rows are attached to.
    var scopePath: [String]
    /// The parent key's columns, in the order of the statement's pivot columns.
    var keySources: [KeySource]
    var statement: PlannedStatement
}
