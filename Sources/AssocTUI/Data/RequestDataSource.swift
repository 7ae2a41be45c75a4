import AssocCore
import Foundation

/// The browser's data source: every `RequestView` holds an AssocCore `Request` (for a followed
/// link `Genre.filter(key: 1).request(for: albums)`, see `FollowRequest`; includes are
/// `including(optional:/required:)`), run through `AssocCore.Database`, its rows flattened from
/// their scopes (`author.name`).
/// Pages are read with keyset pagination (see `PagePlan`, `PagingKeyset`); the SQL pane shows the
/// plan of each page.
package final class RequestDataSource: BrowserDataSource {
    /// Replaced when `R` (or the change poll) re-opens the file or re-reads its schema.
    package internal(set) var db: Database
    /// The associations of a schema read again: the inferred ones, plus those declared at start.
    package var makeGraph: (Schema) throws -> AssociationGraph = { AssociationGraph(schema: $0) }
    /// `PRAGMA schema_version` when the schema was read; nil when unknown.
    var schemaVersion: Int?
    /// The replacement or removal of the file last reported by the poll (reported once).
    var reportedFileChange = DatabaseFileChange.none
    /// Row positions → the values of the view's order seen there, per view (anchors of keyset
    /// pagination).
    var anchors: [Request: [Int: [DatabaseValue]]] = [:]
    /// Per view: the values of the order at the row a find or jump placed at the provisional
    /// `PagePlan.provisionalJump`, until the rows before it are counted (`locate`) or a read
    /// backwards reaches the first row.
    var relativeFrames: [Request: [DatabaseValue]] = [:]
    private static let maximumAnchors = 200_000
    /// The most rows a find or jump counts to place its row at once; past it, the row takes a
    /// provisional position (see `RequestDataSource+Find`). Tests set it low.
    var exactCountLimit = PagePlan.maximumSkip

    /// The Tables pane while the schema is not read yet (see `readSchema`); nil once it is.
    var deferredTables: [TableSummary]?
    /// Guards `db` where the loop reads it while the worker may replace it (see `readSchema`).
    let databaseSwap = NSLock()

    package init(database: Database) {
        self.db = database
        schemaVersion = try? database.connection.schemaVersion()
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
        return try db.connection.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
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

    /// The values of the view's order seen at each row position (keyset anchors).
    func anchors(of view: RequestView) -> [Int: [DatabaseValue]] {
        anchors[view.request] ?? [:]
    }

    /// Remembers the values of the view's order at `position` (a row find or jump reached).
    func record(_ values: [DatabaseValue], at position: Int, of view: RequestView) {
        anchors[view.request, default: [:]][position] = values
    }

    /// The row whose order has `values` takes the provisional position `PagePlan.provisionalJump`;
    /// the positions relative to an earlier such row are forgotten.
    func startRelativeFrame(at values: [DatabaseValue], of view: Request) {
        var seen = (anchors[view] ?? [:]).filter { !PagePlan.isRelative($0.key) }
        seen[PagePlan.provisionalJump] = values
        anchors[view] = seen
        relativeFrames[view] = values
    }

    /// The row at `PagePlan.provisionalJump` is at `found`: the anchors relative to it move to their
    /// real positions.
    private func settleRelativeFrame(of view: Request, foundAt found: Int) -> RowLocation? {
        guard let values = relativeFrames.removeValue(forKey: view) else { return nil }
        var rebased: [Int: [DatabaseValue]] = [:]
        for (position, key) in anchors[view] ?? [:] {
            let real = PagePlan.located(position, foundAt: found)
            if real >= 0 { rebased[real] = key }
        }
        anchors[view] = rebased
        return RowLocation(values: values, position: found)
    }

    /// Where the row whose order has `values` is in `view`: the rows before it, counted (deferred
    /// work, within `countBudgetMilliseconds`). When it is the row of the view's relative frame,
    /// the anchors relative to it move to their real positions.
    ///
    ///     SELECT COUNT(*) FROM (SELECT * FROM "big" WHERE "id" < ?)
    package func locate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation {
        try readSchema()
        let base = view.request
        guard let keyset = pagingKeyset(for: base) else {
            throw AssocError.invalidRequest(table: view.table, reason: "this view pages with OFFSET: its rows have positions already")
        }
        let window = RequestWindow(base)
        let position =
            try db.connection.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
                try KeysetCondition.before(values, in: keyset.terms).map { try db.fetchCount(window.unlimited.adding(filter: $0)) } ?? 0
            } - window.start
        if relativeFrames[view.request] == values, let settled = settleRelativeFrame(of: view.request, foundAt: position) {
            return settled
        }
        return RowLocation(values: values, position: position)
    }

    /// The name the hidden rowid (or a key column the selection leaves out) is selected under,
    /// stripped from the grid.
    static func hiddenKeyName(_ index: Int, isRowid: Bool) -> String { isRowid ? "assoc:rowid" : "assoc:key\(index)" }

    // MARK: Pages

    /// The most characters of a text (bytes of a blob) a page reads of one value, cut in SQL: the
    /// record view shows no more, and a page's memory does not depend on the sizes of its cells.
    package static let cellPreviewLimit = RecordViewRenderer.textHeadCharacters

    package func page(of view: RequestView, offset: Int, limit: Int, totalCount: Int?) throws -> RowsPage {
        try readSchema()
        let base = view.request
        // Whether rows can repeat a root key: resolved once for the key and the SQL pane's note.
        let repeatsKey = (try? db.rowsCanRepeatRootKey(base)) != false
        let keyset = pagingKeyset(for: base, repeatsKey: repeatsKey)
        let window = RequestWindow(base)
        var plan = PagePlan.make(
            offset: offset, limit: limit, total: totalCount, anchors: anchors[view.request] ?? [:], hasKey: keyset != nil)
        if keyset != nil, let length = window.length, let totalCount, case .backward(nil, let count, let keep) = plan,
            totalCount >= length
        {
            // The last rows of a request cut by its own limit: the rows after them are not its,
            // so they are reached from its first row.
            plan = count > 0 ? .offset(totalCount - count, limit: keep) : plan
        }
        // Without a keyset to page on, the rows are ordered totally (the view's order, then the
        // keys of the tables whose rows they are), so OFFSET pages never overlap or skip.
        var request = keyset == nil ? base.orderedTotally() : window.unlimited
        var first = offset
        // A read backwards from a row placed relative to a jump, short of rows: it reached the
        // first row, which says where the jump's row is.
        var shortOf: (anchor: Int, count: Int)?
        if let keyset { request = keyset.selecting(request) }
        var fetched: [Row] = []
        var requests: [Request] = []
        var fetchedCount = 0
        /// Rows `position ..< position + limit` counted from the first (with OFFSET), no more
        /// than the request's own limit leaves there.
        func readFromStart(_ position: Int, _ limit: Int) throws {
            if let keyset { request = request.order(keyset.orderings()) }
            let start = window.start + position
            request = request.limit(window.clamp(limit, at: position), offset: start > 0 ? start : nil)
            requests = [request]
            fetched = try db.fetchAll(request, previewingCellsUpTo: Self.cellPreviewLimit)
        }
        switch plan {
        case .forward(let after, let skip, let limit):
            guard let keyset else { break }
            if let after {
                (fetched, requests) = try rows(
                    of: request, beyond: after, keyset: keyset, backward: false, skip: skip, limit: window.clamp(limit, at: offset))
            } else {
                try readFromStart(skip, limit)
            }
        case .backward(let before, let count, let limit):
            guard let keyset else { break }
            if let before {
                (fetched, requests) = try rows(of: request, beyond: before, keyset: keyset, backward: true, limit: count)
            } else {
                request = request.order(keyset.orderings(reversed: true)).limit(count)
                requests = [request]
                fetched = try db.fetchAll(request, previewingCellsUpTo: Self.cellPreviewLimit)
            }
            fetchedCount = fetched.count
            fetched = Array(fetched.reversed().prefix(limit))
            if before != nil, PagePlan.isRelative(offset + count) { shortOf = (offset + count, count) }
        case .around(let anchor, let values, let before, let after):
            guard let keyset else { break }
            return try pageAround(
                anchor: anchor, values: values, before: before, after: window.clamp(after, at: anchor), view: view,
                base: base, request: request, keyset: keyset, plan: plan, repeatsKey: repeatsKey)
        case .offset(let offset, let limit):
            try readFromStart(offset, limit)
        }
        let statements = try statements(of: requests)
        var located: RowLocation?
        if let shortOf, fetchedCount < shortOf.count {
            // Fewer rows before the anchor than asked: the first fetched row is the view's first,
            // so the anchor is at `fetchedCount`.
            located = settleRelativeFrame(of: view.request, foundAt: fetchedCount - shortOf.anchor + PagePlan.provisionalJump)
            if located != nil { first = 0 }
        }
        var page = makePage(
            fetched, first: first, statements: statements, view: view, base: base, keyset: keyset, plan: plan,
            repeatsKey: repeatsKey)
        page.located = located
        return page
    }

    /// The rows around a known row: those before it read backwards, then it and those after it.
    private func pageAround(
        anchor: Int, values: [DatabaseValue], before: Int, after: Int, view: RequestView, base: Request,
        request: Request, keyset: PagingKeyset, plan: PagePlan, repeatsKey: Bool
    ) throws -> RowsPage {
        var requests: [Request] = []
        var earlier: [Row] = []
        if before > 0 {
            let read = try rows(of: request, beyond: values, keyset: keyset, backward: true, limit: before)
            earlier = read.rows.reversed()
            requests += read.requests
        }
        // The row itself, by its key (and those of the joined rows that repeat it), then the rows
        // after it: each query keeps to one index range (an OR of both would make SQLite scan).
        var later: [Row] = []
        if let identity = keyset.identifying(values) {
            let itself = request.adding(filter: identity).limit(1)
            requests.append(itself)
            later = try db.fetchAll(itself, previewingCellsUpTo: Self.cellPreviewLimit)
        }
        if after > 1 {
            let read = try rows(of: request, beyond: values, keyset: keyset, backward: false, limit: after - 1)
            later += read.rows
            requests += read.requests
        }
        let fetched = earlier + later
        let statements = try statements(of: requests)
        var first = anchor - earlier.count
        var located: RowLocation?
        if PagePlan.isRelative(anchor), earlier.count < before {
            // Fewer rows before the anchor than asked: the first of them is the view's first.
            located = settleRelativeFrame(of: view.request, foundAt: earlier.count - anchor + PagePlan.provisionalJump)
            if located != nil { first = 0 }
        }
        var page = makePage(
            fetched, first: first, statements: statements, view: view, base: base, keyset: keyset,
            plan: plan, repeatsKey: repeatsKey)
        page.located = located
        return page
    }

    /// A page of `fetched` rows starting at position `first`: flattened for the grid, their
    /// keyset values kept as anchors.
    private func makePage(
        _ fetched: [Row], first: Int, statements: [GeneratedStatement], view: RequestView, base: Request,
        keyset: PagingKeyset?, plan: PagePlan, repeatsKey: Bool
    ) -> RowsPage {
        let tree = (try? db.scopeTree(of: base)) ?? RequestScope(key: "", table: base.table, kind: .root, joinPath: [], columns: [])
        var flattener = RowFlattener(tree: tree, hiddenColumns: keyset?.hiddenColumns ?? [])
        flattener.distinctPrefetches = distinctPrefetchKeys(of: tree)
        var rows: [[DatabaseValue]] = []
        var seen = anchors[view.request] ?? [:]
        if seen.count > Self.maximumAnchors {
            // Too many: keep those near this page (a frame's rows stay reachable by keyset).
            seen = seen.filter { abs($0.key - first) <= Self.maximumAnchors / 4 }
        }
        var cutLengths: [[Int: Int]] = []
        for (index, row) in fetched.enumerated() {
            rows.append(flattener.values(of: row))
            cutLengths.append(flattener.cutLengths(of: row))
            if let values = keyset?.values(of: row) { seen[first + index] = values }
        }
        anchors[view.request] = seen
        let columns = fetched.first.map { flattener.columns(of: $0) } ?? flattener.columns(of: Row?.none, names: resultColumnNames(of: base))
        let keyColumns = db.schema.table(named: view.table)?.primaryKey.columns ?? []
        var page = RowsPage(
            columns: columns, rows: rows, offset: first, scopeTree: tree,
            keyColumns: keyColumns, paging: pagingNote(keyset: keyset, plan: plan, view: view, request: base, repeatsKey: repeatsKey),
            isKeyset: keyset != nil && RequestWindow(base).length == nil, statements: statements,
            prefetched: fetched.map { flattener.children(of: $0) })
        if cutLengths.contains(where: { !$0.isEmpty }) { page.cutLengths = cutLengths }
        return page
    }

    private func pagingNote(
        keyset: PagingKeyset?, plan: PagePlan, view: RequestView, request: Request, repeatsKey: Bool
    ) -> String {
        let table = view.table
        guard let keyset else {
            if let reason = offsetPagingReason(request) { return "OFFSET paging: " + reason }
            if repeatsKey && request.relation.isDistinct {
                return "OFFSET paging: distinct() rows with no key of their own"
            }
            if repeatsKey { return "OFFSET paging: rows repeat a key, and a table joined to-many has none to tell them apart" }
            let isView = db.schema.table(named: table)?.isView ?? false
            return isView ? "OFFSET paging: a view has no key" : "OFFSET paging: the table has no key"
        }
        if case .offset = plan {
            return RequestWindow(request).isFramed
                ? "OFFSET paging: the last rows of the request's limit, counted from its first row"
                : "OFFSET paging: no nearby key"
        }
        return "keyset paging on \(keyset.description)"
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

    /// The names of the columns `request`'s main statement returns (a page without rows still
    /// shows its headers); empty when it cannot be prepared.
    func resultColumnNames(of request: Request) -> [String] {
        guard let statement = try? db.mainStatement(for: request) else { return [] }
        return (try? db.connection.prepare(statement.sql).columnNames) ?? []
    }

    // MARK: Counts

    package func count(of view: RequestView) throws -> RowCount {
        try readSchema()
        let request = view.request
        let counting = try db.countStatement(for: request)
        let count = try db.connection.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
            try db.fetchCount(request)
        }
        rebaseProvisionalAnchors(of: view.request, count: count)
        return RowCount(count: count, statement: counting)
    }

    /// Anchors seen while the view's end was provisional (`G` before the count) move to their
    /// real positions.
    private func rebaseProvisionalAnchors(of view: Request, count: Int) {
        guard let seen = anchors[view], seen.keys.contains(where: PagePlan.isProvisional) else { return }
        var rebased: [Int: [DatabaseValue]] = [:]
        for (position, key) in seen {
            let real = PagePlan.settled(position, count: count)
            if real >= 0 { rebased[real] = key }
        }
        anchors[view] = rebased
    }

    package func linkCounts(
        of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]
    ) throws -> [String: Int] {
        try readSchema()
        var counts: [String: Int] = [:]
        try db.connection.withTimeLimit(milliseconds: Self.countBudgetMilliseconds) {
            for link in links {
                counts[link] = try db.fetchCount(followRequest(link: link, table: view.table, columns: columns, values: values))
            }
        }
        return counts
    }
}
