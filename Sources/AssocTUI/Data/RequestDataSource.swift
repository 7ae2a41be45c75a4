import AssocCore
import Foundation

/// The browser's data source: every `RequestView` holds an AssocCore `Request` (for a followed
/// link `Genre.filter(key: 1).request(for: albums)`, see `FollowRequest`; includes are
/// `including(optional:/required:)`), run through `AssocCore.Database`, its rows flattened from
/// their scopes (`author.name`).
/// Pages are windows of AssocCore's `Pager` (`Pager.window(at:size:total:anchors:)`); the SQL
/// pane shows the plan of each request a page ran. The source keeps no paging state: a view's
/// anchors (`PageAnchors`) live in the browser's `RowsState` and come with each call.
package final class RequestDataSource: BrowserDataSource {
    /// Replaced when `R` (or the change poll) re-opens the file or re-reads its schema.
    package internal(set) var db: Database
    /// The associations of a schema read again: the inferred ones, plus those declared at start.
    package var makeGraph: (Schema) throws -> AssociationGraph = { AssociationGraph(schema: $0) }
    /// The schema version read, and the file changes reported (the change poll and `R`).
    var watch: DatabaseWatch
    /// Links accepted from the schema map's suggestions: kept when the schema is read again.
    var acceptedLinks: [AssociationDeclaration] = []
    /// The most rows a find or jump counts to place its row at once; past it, the row takes a
    /// provisional position (see `RequestDataSource+Find`). Tests set it low.
    var exactCountLimit = PagePlan.maximumSkip
    /// Whether pages read the labels of their key columns (`L`; set with the worker idle).
    package var readsLabels = true

    /// The Tables pane while the schema is not read yet (see `readSchema`); nil once it is.
    var deferredTables: [TableSummary]?
    /// Guards `db` where the loop reads it while a job runs (`interrupt()`, `isWaitingForLock()`).
    let databaseSwap = NSLock()
    /// The plans of the last requests paged (`plan(of:)`), for the database they were made on.
    let viewPlans = Locked<(db: Database?, generation: Int, plans: [Request: ViewPlan])>((nil, 0, [:]))

    package init(database: Database) {
        self.db = database
        watch = DatabaseWatch(database)
    }

    package convenience init(connection: Connection) throws {
        self.init(database: try Database(connection: connection))
    }

    package func tables() throws -> [TableSummary] {
        if let deferredTables { return deferredTables }
        return db.schema.tables.map { TableSummary(name: $0.name, kind: $0.kind) }
    }

    package var graph: AssociationGraph { db.graph }

    package func countRows(ofTable table: String) throws -> Int {
        try readSchema()
        if let info = db.schema.table(named: table), info.isView, info.columns.isEmpty {
            // A view whose columns could not be read (see the schema's diagnostics): counting it
            // would make SQLite expand it again.
            throw AssocError.invalidRequest(table: table, reason: "the columns of view \(table) could not be read")
        }
        return try db.withTimeLimit(milliseconds: ReadLimits.countBudgetMilliseconds) {
            try db.fetchCount(Table(table).all)
        }
    }

    // MARK: Requests

    /// The records `link` reaches from one row of `table` (see `FollowRequest`).
    func followRequest(link: String, table: String, columns: [String], values: [DatabaseValue]) throws -> Request {
        guard let info = db.schema.table(named: table) else { throw AssocError.unknownTable(table, suggestions: []) }
        guard let association = db.graph.associations(from: table).first(where: { $0.name == link }) else {
            throw AssocError.unknownAssociation(table: table, name: link, suggestions: [], available: db.graph.associations(from: table).map(\.name))
        }
        let keyColumns = info.primaryKey.columns.filter { info.column(named: $0) != nil }
        let key = keyColumns.count == info.primaryKey.columns.count ? keyColumns : []
        return FollowRequest.make(link: association, table: table, keyColumns: key, columns: columns, values: values)
    }

    // MARK: Pages

    /// What a page of a view needs besides its rows, worked out once per request and database
    /// (a request resolved two or three times): its pager (how it pages) and how its rows flatten.
    /// A memo of what the schema says of the request, not paging state: a view's anchors still
    /// come with each call.
    struct ViewPlan {
        var pager: Pager
        var flattener: RowFlattener
    }

    /// The browser's pager of `request` (AssocCore's `Pager`): by keyset when its order allows
    /// it, even within its own limit and offset; cells cut past `ReadLimits.cellPreview`.
    func pager(for request: Request) -> Pager { plan(of: request).pager }

    /// The plan of `request` on the current database: kept for the last few requests.
    func plan(of request: Request) -> ViewPlan {
        let db = db
        let generation = db.schemaGeneration
        if let known = viewPlans.withLock({ $0.db === db && $0.generation == generation ? $0.plans[request] : nil }) { return known }
        let plan = ViewPlan(
            pager: Pager(db: db, request: request, method: db.pagingMethod(for: request), cellPreviewLimit: ReadLimits.cellPreview),
            flattener: (try? db.rowFlattener(for: request))
                ?? RowFlattener(tree: RequestScope(key: "", table: request.table, kind: .root, joinPath: [], columns: [])))
        viewPlans.withLock { memo in
            if memo.db !== db || memo.generation != generation || memo.plans.count >= 16 { memo = (db, generation, [:]) }
            memo.plans[request] = plan
        }
        return plan
    }

    package func page(
        of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors
    ) throws -> RowsPage {
        try readSchema()
        var (page, ran) = try db.recordingStatements {
            let plan = plan(of: view.request)
            let window = try plan.pager.window(at: position, size: limit, total: totalCount, anchors: anchors)
            var page = makePage(window, flattener: plan.flattener, view: view)
            if readsLabels { readLabels(into: &page, view: view) }
            return page
        }
        page.ranStatements = ran
        return page
    }

    /// A page of the rows of `window`: flattened for the grid, the values of their keyset order
    /// kept as anchors.
    private func makePage(_ window: PagerWindow, flattener: RowFlattener, view: RequestView) -> RowsPage {
        let tree = flattener.tree
        let columns =
            window.rows.first.map { flattener.columns(of: $0) }
            ?? flattener.columns(of: Row?.none, names: db.resultColumnNames(of: view.request))
        var page = RowsPage(
            columns: columns, rows: window.rows.map { flattener.values(of: $0) }, first: window.first, scopeTree: tree,
            keyColumns: db.schema.table(named: view.table)?.primaryKey.columns ?? [], reading: window.reading,
            statements: window.statements, prefetched: window.rows.map { flattener.children(of: $0) })
        let cutLengths = window.rows.map { flattener.cutLengths(of: $0) }
        if cutLengths.contains(where: { !$0.isEmpty }) { page.cutLengths = cutLengths }
        page.anchors = window.anchors
        page.located = window.located
        return page
    }

    // MARK: Counts

    package func count(of view: RequestView) throws -> RowCount {
        try readSchema()
        let request = view.request
        let counting = try db.countStatement(for: request)
        let count = try db.withTimeLimit(milliseconds: ReadLimits.countBudgetMilliseconds) {
            try db.fetchCount(request)
        }
        return RowCount(count: count, statement: counting)
    }

    package func linkCounts(
        of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]
    ) throws -> [String: Int] {
        try readSchema()
        var counts: [String: Int] = [:]
        try db.withTimeLimit(milliseconds: ReadLimits.countBudgetMilliseconds) {
            for link in links {
                counts[link] = try db.fetchCount(followRequest(link: link, table: view.table, columns: columns, values: values))
            }
        }
        return counts
    }
}
