import AssocCore
import AssocInsights

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
