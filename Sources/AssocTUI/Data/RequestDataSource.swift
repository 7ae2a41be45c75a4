import AssocCore
import Foundation

/// The browser's data source: every `RequestView` holds an AssocCore `Request` (for a followed
/// link `Genre.filter(key: 1).request(for: albums)`, see `FollowRequest`; includes are
/// `including(optional:/required:)`), run through `AssocCore.Database`, its rows flattened from
/// their scopes (`author.name`).
/// Pages are read with AssocCore's keyset reader (`KeysetReader`, planned by `PagePlan`); the SQL
/// pane shows the plan of each request a page ran. The source keeps no paging state: a view's
/// anchors (`ViewAnchors`) live in the browser's `RowsState` and come with each call.
package final class RequestDataSource: BrowserDataSource {
    /// Replaced when `R` (or the change poll) re-opens the file or re-reads its schema.
    package internal(set) var db: Database
    /// The associations of a schema read again: the inferred ones, plus those declared at start.
    package var makeGraph: (Schema) throws -> AssociationGraph = { AssociationGraph(schema: $0) }
    /// `PRAGMA schema_version` when the schema was read; nil when unknown.
    var schemaVersion: Int?
    /// The replacement or removal of the file last reported by the poll (reported once).
    var reportedFileChange = DatabaseFileChange.none
    /// Links accepted from the schema map's suggestions: kept when the schema is read again.
    var acceptedLinks: [AssociationDeclaration] = []
    /// The most rows a find or jump counts to place its row at once; past it, the row takes a
    /// provisional position (see `RequestDataSource+Find`). Tests set it low.
    var exactCountLimit = PagePlan.maximumSkip
    /// Whether pages read the labels of their key columns (`L`; set with the worker idle).
    package var readsLabels = true

    /// The Tables pane while the schema is not read yet (see `readSchema`); nil once it is.
    var deferredTables: [TableSummary]?
    /// Guards `db` where the loop reads it while the worker may replace it (see `readSchema`).
    let databaseSwap = NSLock()

    package init(database: Database) {
        self.db = database
        schemaVersion = try? database.withConnection { try $0.schemaVersion() }
    }

    package convenience init(connection: Connection) throws {
        self.init(database: try Database(connection: connection))
    }

    package func tables() throws -> [TableSummary] {
        if let deferredTables { return deferredTables }
        return db.schema.tables.map { TableSummary(name: $0.name, kind: $0.kind) }
    }

    package var graph: AssociationGraph { db.graph }

    /// How long one deferred count may run (a table, a view, a row's links): past it, it stops
    /// and shows "?" (a view that never ends would otherwise keep a core busy forever).
    package static let countBudgetMilliseconds = 2_000

    package func countRows(ofTable table: String) throws -> Int {
        try readSchema()
        if let info = db.schema.table(named: table), info.isView, info.columns.isEmpty {
            // A view whose columns could not be read (see the schema's diagnostics): counting it
            // would make SQLite expand it again.
            throw AssocError.invalidRequest(table: table, reason: "the columns of view \(table) could not be read")
        }
        return try db.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
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

    /// Where the row whose order has `values` is in `view`: the rows before it, counted (deferred
    /// work, within `countBudgetMilliseconds`; AssocCore's `KeysetReader` counts).
    package func locate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation {
        try readSchema()
        let base = view.request
        guard let keyset = keysetReader(for: base).reader else {
            throw AssocError.invalidRequest(table: view.table, reason: "this view pages with OFFSET: its rows have positions already")
        }
        let window = RequestWindow(base)
        let position =
            try db.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
                try keyset.count(before: values) ?? 0
            } - window.start
        return RowLocation(values: values, position: position)
    }

    // MARK: Pages

    /// The most characters of a text (bytes of a blob) a page reads of one value, cut in SQL: the
    /// record view shows no more, and a page's memory does not depend on the sizes of its cells.
    package static let cellPreviewLimit = RecordViewRenderer.textHeadCharacters

    /// How `request` pages (AssocCore's `Database.pagingMethod`), and its keyset reader when it
    /// pages by keyset.
    func keysetReader(
        for request: Request, repeatsKey: Bool? = nil, log: RequestLog? = nil
    ) -> (method: PagingMethod, reader: KeysetReader?) {
        let method = db.pagingMethod(for: request, repeatsKey: repeatsKey)
        guard case .keyset(let order) = method else { return (method, nil) }
        var reader = KeysetReader(db: db, order: order, request: request, cellPreview: Self.cellPreviewLimit)
        reader.log = log
        return (method, reader)
    }

    /// The statements of `requests` as the SQL pane shows them: each one's plan with its
    /// arguments, prefetch statements with their `IN (…)` placeholder, cells not cut. The
    /// statements exactly as they ran (cells cut in SQL, prefetch keys bound) are the page's
    /// `ranStatements`.
    func statements(of requests: [Request]) throws -> [GeneratedStatement] {
        try requests.flatMap { try db.plan($0).steps }.map(\.statement)
    }

    package func page(
        of view: RequestView, offset: Int, limit: Int, totalCount: Int?, anchors: ViewAnchors
    ) throws -> RowsPage {
        try readSchema()
        var (page, ran) = try db.recordingStatements {
            var page = try readPage(of: view, offset: offset, limit: limit, totalCount: totalCount, anchors: anchors)
            if readsLabels { readLabels(into: &page, view: view) }
            return page
        }
        page.ranStatements = ran
        return page
    }

    /// The page, read (see `page(of:offset:limit:totalCount:anchors:)`).
    private func readPage(
        of view: RequestView, offset: Int, limit: Int, totalCount: Int?, anchors: ViewAnchors
    ) throws -> RowsPage {
        let base = view.request
        // Whether rows can repeat a root key: resolved once for the key and the SQL pane's note.
        let repeatsKey = (try? db.rowsCanRepeatRootKey(base)) != false
        let log = RequestLog()
        let (method, keyset) = keysetReader(for: base, repeatsKey: repeatsKey, log: log)
        let window = RequestWindow(base)
        var plan = PagePlan.make(
            offset: offset, limit: limit, total: totalCount, anchors: anchors.positions, hasKey: keyset != nil)
        if keyset != nil, let length = window.length, let totalCount, case .backward(nil, let count, let keep) = plan,
            totalCount >= length
        {
            // The last rows of a request cut by its own limit: the rows after them are not its,
            // so they are reached from its first row.
            plan = count > 0 ? .offset(totalCount - count, limit: keep) : plan
        }
        if case .around(let anchor, let values, let before, let after) = plan, let keyset {
            return try pageAround(
                anchor: anchor, values: values, before: before, after: window.clamp(after, at: anchor), view: view,
                base: base, keyset: keyset, method: method, plan: plan, log: log, frame: anchors.frame)
        }
        var first = offset
        // A read backwards from a row placed relative to a jump, short of rows: it reached the
        // first row, which says where the jump's row is.
        var shortOf: (fromFound: Int, count: Int)?
        var fetchedCount = 0
        let fetched = try { () throws -> [(row: Row, key: [DatabaseValue])] in
            /// Rows `position ..< position + limit` counted from the first (with OFFSET), no more
            /// than the request's own limit leaves there.
            func readFromStart(_ position: Int, _ limit: Int) throws -> [(row: Row, key: [DatabaseValue])] {
                let start = window.start + position
                let count = window.clamp(limit, at: position)
                let offset = start > 0 ? start : nil
                guard let keyset else {
                    // Without a keyset to page on, the rows are ordered totally (the view's order,
                    // then the keys of the tables whose rows they are): OFFSET pages never overlap.
                    let request = base.orderedTotally().limit(count, offset: offset)
                    log.append(request)
                    return try db.fetchAll(request, previewingCellsUpTo: Self.cellPreviewLimit).map { ($0, []) }
                }
                return try keyset.fetch(keyset.request.order(keyset.order.orderings()).limit(count, offset: offset))
            }
            switch plan {
            case .forward(let after, let skip, let limit):
                guard let keyset else { return [] }
                if let after {
                    return try keyset.rows(beyond: after, backward: false, skip: skip, limit: window.clamp(limit, at: offset))
                }
                return try readFromStart(skip, limit)
            case .backward(let before, let count, let limit):
                guard let keyset else { return [] }
                let read =
                    try before.map { try keyset.rows(beyond: $0, backward: true, limit: count) }
                    ?? keyset.fromEnd(backward: true, limit: count)
                fetchedCount = read.count
                if before != nil, case .relative(let fromFound) = RowPosition(index: offset + count) {
                    shortOf = (fromFound, count)
                }
                return Array(read.reversed().prefix(limit))
            case .around:
                return []
            case .offset(let offset, let limit):
                return try readFromStart(offset, limit)
            }
        }()
        let statements = try statements(of: log.requests)
        var located: RowLocation?
        if let shortOf, fetchedCount < shortOf.count {
            // Fewer rows before the anchor than asked: the first fetched row is the view's first,
            // so the anchor is at `fetchedCount`, and the found row `fromFound` rows before it.
            located = anchors.frame.map { RowLocation(values: $0, position: fetchedCount - shortOf.fromFound) }
            if located != nil { first = 0 }
        }
        var page = makePage(fetched, first: first, statements: statements, view: view, base: base, method: method, plan: plan)
        page.located = located
        return page
    }

    /// The rows around a known row: those before it read backwards, then it and those after it.
    private func pageAround(
        anchor: Int, values: [DatabaseValue], before: Int, after: Int, view: RequestView, base: Request,
        keyset: KeysetReader, method: PagingMethod, plan: PagePlan, log: RequestLog, frame: [DatabaseValue]?
    ) throws -> RowsPage {
        let earlier = before > 0 ? Array(try keyset.rows(beyond: values, backward: true, limit: before).reversed()) : []
        // The row itself, by its key (and those of the joined rows that repeat it), then the rows
        // after it: each query keeps to one index range (an OR of both would make SQLite scan).
        var later = try keyset.row(at: values)
        if after > 1 { later += try keyset.rows(beyond: values, backward: false, limit: after - 1) }
        let statements = try statements(of: log.requests)
        var first = anchor - earlier.count
        var located: RowLocation?
        if case .relative(let fromFound) = RowPosition(index: anchor), earlier.count < before {
            // Fewer rows before the anchor than asked: the first of them is the view's first.
            located = frame.map { RowLocation(values: $0, position: earlier.count - fromFound) }
            if located != nil { first = 0 }
        }
        var page = makePage(earlier + later, first: first, statements: statements, view: view, base: base, method: method, plan: plan)
        page.located = located
        return page
    }

    /// A page of `fetched` rows starting at position `first`: flattened for the grid, the values
    /// of their keyset order kept as anchors.
    private func makePage(
        _ fetched: [(row: Row, key: [DatabaseValue])], first: Int, statements: [GeneratedStatement], view: RequestView,
        base: Request, method: PagingMethod, plan: PagePlan
    ) -> RowsPage {
        let tree = (try? db.scopeTree(of: base)) ?? RequestScope(key: "", table: base.table, kind: .root, joinPath: [], columns: [])
        var flattener = RowFlattener(tree: tree)
        flattener.distinctPrefetches = distinctPrefetchKeys(of: tree)
        var rows: [[DatabaseValue]] = []
        var seen: [Int: [DatabaseValue]] = [:]
        var cutLengths: [[Int: Int]] = []
        for (index, read) in fetched.enumerated() {
            rows.append(flattener.values(of: read.row))
            cutLengths.append(flattener.cutLengths(of: read.row))
            if method.isKeyset && !read.key.isEmpty { seen[first + index] = read.key }
        }
        let columns =
            fetched.first.map { flattener.columns(of: $0.row) } ?? flattener.columns(of: Row?.none, names: db.resultColumnNames(of: base))
        let keyColumns = db.schema.table(named: view.table)?.primaryKey.columns ?? []
        var page = RowsPage(
            columns: columns, rows: rows, offset: first, scopeTree: tree,
            keyColumns: keyColumns, reading: reading(method: method, plan: plan, request: base), statements: statements,
            prefetched: fetched.map { flattener.children(of: $0.row) })
        if cutLengths.contains(where: { !$0.isEmpty }) { page.cutLengths = cutLengths }
        page.anchors = seen
        return page
    }

    /// How the page was read, for the SQL pane: the view's paging method, or OFFSET where a
    /// keyset view had no key near the page.
    private func reading(method: PagingMethod, plan: PagePlan, request: Request) -> PageReading {
        let window = RequestWindow(request)
        var reading = PageReading(method: method, hasOwnLimit: window.length != nil)
        if method.isKeyset, case .offset = plan { reading.fallback = window.isFramed ? .lastRowsOfOwnLimit : .noNearbyKey }
        return reading
    }

    /// The prefetched links whose destination has a visible key: their records are listed (and
    /// counted) once each, as a followed link and an aggregate count them.
    func distinctPrefetchKeys(of tree: RequestScope) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for prefetch in tree.prefetched {
            guard let destination = db.schema.table(named: prefetch.table) else { continue }
            let key = destination.primaryKey.columns.filter { destination.column(named: $0) != nil }
            if !key.isEmpty && key.count == destination.primaryKey.columns.count { result[prefetch.key] = key }
        }
        return result
    }

    // MARK: Counts

    package func count(of view: RequestView) throws -> RowCount {
        try readSchema()
        let request = view.request
        let counting = try db.countStatement(for: request)
        let count = try db.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
            try db.fetchCount(request)
        }
        return RowCount(count: count, statement: counting)
    }

    package func linkCounts(
        of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]
    ) throws -> [String: Int] {
        try readSchema()
        var counts: [String: Int] = [:]
        try db.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
            for link in links {
                counts[link] = try db.fetchCount(followRequest(link: link, table: view.table, columns: columns, values: values))
            }
        }
        return counts
    }
}
