import AssocCore
import AssocInsights

/// A table or view in the Tables pane.
package struct TableSummary: Sendable, Hashable {
    package var name: String
    package var kind: TableInfo.Kind
    /// Nil while not counted yet (the pane shows "…"), or when counting failed (`countFailed`).
    package var rowCount: Int?
    /// True when the count failed (a virtual table whose module is missing…): the pane shows "?".
    package var countFailed: Bool

    package init(name: String, kind: TableInfo.Kind = .table, rowCount: Int? = nil, countFailed: Bool = false) {
        self.name = name
        self.kind = kind
        self.rowCount = rowCount
        self.countFailed = countFailed
    }
}

/// A window of rows of a view, flattened for the grid, with the statements that produced it.
package struct RowsPage: Sendable, Equatable {
    /// Root columns first, then each included scope's, then prefetch counts.
    package var columns: [GridColumn]
    package var rows: [[DatabaseValue]]
    /// The position of `rows[0]` among the view's rows.
    package var first: RowPosition
    /// The offset of `rows[0]` from its position's origin (its index when counted from the first row).
    package var offset: Int { first.offset }
    /// How many leading columns belong to the root's own row (the rest are included).
    package var rootColumnCount: Int
    /// The scopes of the view's rows, and where its request writes each (edits of included
    /// columns read it).
    package var scopeTree: RequestScope?
    /// The root table's primary key columns (labels of followed rows); empty for a view.
    package var keyColumns: [String]
    /// The values of the view's order at each row of the page read by keyset (the anchors the
    /// browser's state adds to `RowsState.anchors`): position → values.
    package var anchors: [RowPosition: [DatabaseValue]] = [:]
    /// How the page was read: the view's paging method, or why it fell back to OFFSET.
    package var reading: PageReading?
    /// The SQL pane's note on how the page was read (`keyset paging on ArtistId`).
    package var paging: String { reading?.description ?? "" }
    /// Whether the view pages on a key, so its last rows can be read without counting it.
    package var isKeyset: Bool { reading?.readsEndByKey ?? false }
    /// The statements run to get the page, in order, as planned (what the SQL pane shows:
    /// values not cut, a prefetch's `IN (…)` with a placeholder).
    package var statements: [GeneratedStatement]
    /// The statements exactly as they ran, with their arguments (values cut to
    /// `RequestDataSource.cellPreviewLimit` in SQL, a prefetch's keys bound). Empty when the
    /// source does not record them.
    package var ranStatements: [GeneratedStatement] = []
    /// The labels of the page's key columns (`1 · AC/DC`): by column, the parent's label of
    /// each key value that has one (`RequestDataSource.readLabels`).
    package var labels: [GridColumn: [DatabaseValue: DatabaseValue]] = [:]
    /// By labelled column: the parent table, and the page's key values that match no row of it
    /// (orphans: `4 · ⚠ no Artist`).
    package var orphanKeys: [GridColumn: OrphanKeys] = [:]
    /// What labels each labelled column's parent (`Employee.FirstName + LastName`), as the record
    /// view says it.
    package var labelSources: [GridColumn: String] = [:]
    /// Per row (parallel to `rows`): the records of each prefetched link, for the child pane.
    package var prefetched: [[PrefetchedRows]] = []
    /// Per row (parallel to `rows`): the full length of each value the page read cut (by column
    /// index; characters for text, bytes for a blob). Pages read at most
    /// `RequestDataSource.cellPreviewLimit` of a value.
    package var cutLengths: [[Int: Int]] = []
    /// Set when reading this page told where the row a find or jump reached is (a read backwards
    /// reached the view's first row): `first` is then an index.
    package var located: RowLocation?

    package init(
        columns: [GridColumn], rows: [[DatabaseValue]], first: RowPosition, scopeTree: RequestScope? = nil,
        keyColumns: [String] = [], reading: PageReading? = nil, statements: [GeneratedStatement],
        prefetched: [[PrefetchedRows]] = []
    ) {
        self.reading = reading
        self.prefetched = prefetched
        self.columns = columns
        self.rows = rows
        self.first = first
        self.rootColumnCount = columns.prefix { $0.isRoot }.count
        self.scopeTree = scopeTree
        self.keyColumns = keyColumns
        self.statements = statements
    }
}

/// A counted view: the number and the statement that counted it.
package struct RowCount: Sendable, Equatable {
    package var count: Int
    package var statement: GeneratedStatement

    package init(count: Int, statement: GeneratedStatement) {
        self.count = count
        self.statement = statement
    }
}

/// Everything the browser reads from a database. The browser never builds SQL itself: the data
/// source runs each view's AssocCore `Request`.
package protocol BrowserDataSource: AnyObject {
    /// Tables and views in schema order, not counted yet (counting is deferred: see `countRows`).
    /// Called on the browser's loop, not on its worker: a schema in memory, no statement.
    func tables() throws -> [TableSummary]
    /// The associations of the schema; a table's are inferred when first asked for.
    var graph: AssociationGraph { get }
    /// Whether the schema is still to be read (the browser opened on the table names alone).
    var isSchemaPending: Bool { get }
    /// Reads the schema when it is pending (a background job at start; any query's first step).
    func readSchema() throws
    /// The number of rows of a whole table (deferred work: the first screen never waits for it).
    func countRows(ofTable table: String) throws -> Int
    /// Up to `limit` rows of `view` from `position`, read by keyset from the nearest of the
    /// view's `anchors` (the browser's state holds them; the page returns those it saw).
    /// `totalCount`, when known, lets the source read the end of the view backwards instead of
    /// skipping rows.
    func page(of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors) throws -> RowsPage
    /// The number of rows of `view`.
    func count(of view: RequestView) throws -> RowCount
    /// For one row of `view` (its root columns and values): the number of records of each named
    /// to-many link.
    func linkCounts(of view: RequestView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int]
    /// The view as Swift code (`SwiftCodeGenerator`), for the side pane's Swift tab: the whole
    /// code, or the request alone (`requestOnly`).
    func swiftCode(for view: RequestView, requestOnly: Bool) throws -> String
    /// The association tree around `table`, for the schema map.
    func schemaTree(around table: String) -> [SchemaTree.Line]
    /// Writes every row of `view` to `path` as a cursor reads them, reporting its progress;
    /// `progress` returning false cancels the export (`FileWriteError.cancelled`). With `columns`
    /// (the grid's), each row is those columns only, in that order, named by their headers.
    func export(
        _ view: RequestView, to path: String, format: ExportFormat, replacing: AtomicFileWriter.Replacing,
        columns: [GridColumn]?, progress: (ExportProgress) -> Bool
    ) throws -> Int
    /// The rows per table of the database file an export of `view` to a `.sqlite` name writes:
    /// its rows, the rows its includes reach, every parent (`SubsetSpecification(showing:)`).
    func subsetCounts(of view: RequestView) throws -> [TableRowCount]
    /// The view as request-language text (the request line).
    func requestText(for view: RequestView) throws -> String
    /// Throws when `view` does not make valid SQL; returns the view as it will run (conditions
    /// on an aggregate annotation's name in `having`).
    func check(_ view: RequestView) throws -> RequestView
    /// The view request-language `text` describes (`current` gives the followed link to keep).
    func view(parsing text: String, from current: RequestView?) throws -> RequestView
    /// The next (previous) row of `view` after `position`, whose order has the values `anchor`,
    /// that `text` matches (`RequestDataSource.find`).
    func find(
        _ text: String, in view: RequestView, after position: RowPosition, at anchor: [DatabaseValue]?, backward: Bool
    ) throws
        -> FindResult
    /// The position of the first row whose key is at least `text` (nil when none), provisional
    /// when `locate` is set (`RequestDataSource.jump`).
    func jump(toKey text: String, in view: RequestView) throws -> FindResult
    /// Row `number` (1-based) of `view`, exactly: its position and the values of its order
    /// there; the last row when the view has fewer (`RequestDataSource.goToRow`).
    func goToRow(_ number: Int, in view: RequestView) throws -> FindResult
    /// Where the row whose order has `values` is (deferred work, `RequestDataSource.locate`).
    func locate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation
    /// `limit` of the distinct values of a column of a view from `offset`, most frequent first.
    func frequencies(_ query: FrequencyQuery, offset: Int, limit: Int) throws -> FrequencyPage
    /// The labels of the key values of `page` (`1 · Rock`), by grouped column, as the grid labels them.
    func frequencyLabels(_ query: FrequencyQuery, page: FrequencyPage) -> [Int: [DatabaseValue: CellLabel]]
    /// The columns of a view a summary covers (`I`), and the statement it reads them from.
    func summarySource(of view: RequestView) throws -> SummarySource
    /// One column of a summary (or a part of it), each statement within the time budget of deferred counts.
    func summarizeColumn(_ index: Int, of source: SummarySource, parts: SummaryParts) throws -> ColumnSummary
    /// The orphans of a belongsTo link, counted within the time budget of deferred counts, or
    /// to the end (`toTheEnd`, background work that `interrupt()` stops).
    func countOrphans(of association: Association, toTheEnd: Bool) throws -> OrphanCount
    /// The cardinality profile of a link, without a time limit (background work that
    /// `interrupt()` stops).
    func cardinalityProfile(of association: Association) throws -> CardinalityProfile
    /// belongsTo links the schema does not declare, proposed from the values (`assoc suggest`),
    /// within a time budget (background work for the schema map).
    func suggestLinks() throws -> LinkSuggestions
    /// Adds a suggested link to the associations for the session (the schema map's `+`), then
    /// checks `view` against them as `refresh(keeping:)` does.
    func accept(_ suggestion: LinkSuggestion, keeping view: RequestView?) throws -> SourceRefresh
    /// Stops the query running on another thread (Esc): it throws an interrupt error. Thread-safe.
    func interrupt()
    /// `PRAGMA data_version`: changes when another connection commits; nil when unknown.
    func dataVersion() -> Int?
    /// What another process changed since the last look (between keys, no query running): the
    /// file replaced or removed, the schema, or data a lock-free connection cannot see (which the
    /// source re-opens); nil when nothing (commits it sees are `dataVersion`'s).
    func pollChange() -> SourceChange?
    /// `R`: the file re-opened when replaced, the schema and associations read again when they
    /// changed; `view` checked against them.
    func refresh(keeping view: RequestView?) throws -> SourceRefresh
    /// Whether the running query waits for another process's lock. Thread-safe.
    func isWaitingForLock() -> Bool
}

extension BrowserDataSource {
    /// The whole Swift code of `view`.
    package func swiftCode(for view: RequestView) throws -> String {
        try swiftCode(for: view, requestOnly: false)
    }
    package func requestText(for view: RequestView) throws -> String {
        throw AssocError.invalidRequest(table: nil, reason: "this data source has no request language")
    }
    package func check(_ view: RequestView) throws -> RequestView { view }
    package func view(parsing text: String, from current: RequestView?) throws -> RequestView {
        throw AssocError.invalidRequest(table: nil, reason: "this data source has no request language")
    }
    package var graph: AssociationGraph { AssociationGraph(schema: Schema(tables: [])) }
    package var isSchemaPending: Bool { false }
    package func readSchema() throws {}
    /// The page of `view` from row `index`, with no anchors (pages read from the start).
    package func page(of view: RequestView, offset index: Int, limit: Int, totalCount: Int?) throws -> RowsPage {
        try page(of: view, at: .first(index), limit: limit, totalCount: totalCount, anchors: PageAnchors())
    }
    package func find(
        _ text: String, in view: RequestView, after position: RowPosition, at anchor: [DatabaseValue]?, backward: Bool
    ) throws -> FindResult {
        throw AssocError.invalidRequest(table: view.table, reason: "this data source cannot find rows")
    }
    package func jump(toKey text: String, in view: RequestView) throws -> FindResult {
        throw AssocError.invalidRequest(table: view.table, reason: "this data source cannot jump to a key")
    }
    package func goToRow(_ number: Int, in view: RequestView) throws -> FindResult {
        throw AssocError.invalidRequest(table: view.table, reason: "this data source cannot go to a row")
    }
    package func locate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation {
        throw AssocError.invalidRequest(table: view.table, reason: "this data source cannot locate a row")
    }
    package func frequencies(_ query: FrequencyQuery, offset: Int, limit: Int) throws -> FrequencyPage {
        throw AssocError.invalidRequest(table: query.request.table, reason: "this data source cannot count values")
    }
    package func frequencyLabels(_ query: FrequencyQuery, page: FrequencyPage) -> [Int: [DatabaseValue: CellLabel]] { [:] }
    package func summarySource(of view: RequestView) throws -> SummarySource {
        throw AssocError.invalidRequest(table: view.table, reason: "this data source cannot summarize columns")
    }
    package func summarizeColumn(_ index: Int, of source: SummarySource, parts: SummaryParts) throws -> ColumnSummary {
        throw AssocError.invalidRequest(table: nil, reason: "this data source cannot summarize columns")
    }
    package func countOrphans(of association: Association, toTheEnd: Bool) throws -> OrphanCount {
        throw AssocError.invalidRequest(table: association.origin, reason: "this data source cannot count orphans")
    }
    package func cardinalityProfile(of association: Association) throws -> CardinalityProfile {
        throw AssocError.invalidRequest(table: association.origin, reason: "this data source cannot profile links")
    }
    package func suggestLinks() throws -> LinkSuggestions {
        throw AssocError.invalidRequest(table: nil, reason: "this data source cannot suggest links")
    }
    package func accept(_ suggestion: LinkSuggestion, keeping view: RequestView?) throws -> SourceRefresh {
        throw AssocError.invalidRequest(table: suggestion.origin, reason: "this data source cannot add links")
    }
    package func swiftCode(for view: RequestView, requestOnly: Bool) throws -> String {
        throw AssocError.invalidRequest(table: nil, reason: "this data source cannot write Swift code")
    }
    package func schemaTree(around table: String) -> [SchemaTree.Line] { [] }
    /// Every column of the request (`E`).
    package func export(
        _ view: RequestView, to path: String, format: ExportFormat, replacing: AtomicFileWriter.Replacing,
        progress: (ExportProgress) -> Bool
    ) throws -> Int {
        try export(view, to: path, format: format, replacing: replacing, columns: nil, progress: progress)
    }
    package func export(
        _ view: RequestView, to path: String, format: ExportFormat, replacing: AtomicFileWriter.Replacing,
        columns: [GridColumn]?, progress: (ExportProgress) -> Bool
    ) throws -> Int {
        throw AssocError.invalidRequest(table: nil, reason: "this data source cannot export")
    }
    package func subsetCounts(of view: RequestView) throws -> [TableRowCount] {
        throw AssocError.invalidRequest(table: nil, reason: "this data source cannot write a database file")
    }
}
