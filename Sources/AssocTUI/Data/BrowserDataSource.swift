import AssocCore

/// A table or view in the Tables pane.
public struct TableSummary: Sendable, Hashable {
    public var name: String
    public var kind: TableInfo.Kind
    /// Nil while not counted yet (the pane shows "…"), or when counting failed (`countFailed`).
    public var rowCount: Int?
    /// True when the count failed (a virtual table whose module is missing…): the pane shows "?".
    public var countFailed: Bool

    public init(name: String, kind: TableInfo.Kind = .table, rowCount: Int? = nil, countFailed: Bool = false) {
        self.name = name
        self.kind = kind
        self.rowCount = rowCount
        self.countFailed = countFailed
    }
}

/// One SQL statement as run, for the SQL pane.
public struct ExecutedStatement: Sendable, Hashable {
    public var sql: String
    public var arguments: [DatabaseValue]

    public init(sql: String, arguments: [DatabaseValue]) {
        self.sql = sql
        self.arguments = arguments
    }
}

/// A window of rows of a view, flattened for the grid, with the statements that produced it.
public struct RowsPage: Sendable, Equatable {
    /// Root columns first, then included ones as `key.column` (`author.name`, `author.country.name`).
    public var columns: [String]
    public var rows: [[DatabaseValue]]
    /// Index of `rows[0]` in the whole view.
    public var offset: Int
    /// How many leading columns belong to the root table (the rest are included).
    public var rootColumnCount: Int
    /// The root table's primary key columns (labels of followed rows); empty for a view.
    public var keyColumns: [String]
    /// How the view pages: `keyset on "rowid"`, or why it falls back to OFFSET.
    public var paging: String
    /// Whether the view pages on a key, so its last rows can be read without counting it.
    public var isKeyset: Bool
    /// Every statement run to get the page, in order.
    public var statements: [ExecutedStatement]
    /// Per row (parallel to `rows`): the records of each prefetched link, for the child pane.
    public var prefetched: [[PrefetchedRows]] = []

    public init(
        columns: [String], rows: [[DatabaseValue]], offset: Int, rootColumnCount: Int? = nil,
        keyColumns: [String] = [], paging: String = "", isKeyset: Bool = false, statements: [ExecutedStatement],
        prefetched: [[PrefetchedRows]] = []
    ) {
        self.isKeyset = isKeyset
        self.prefetched = prefetched
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.rootColumnCount = rootColumnCount ?? columns.count
        self.keyColumns = keyColumns
        self.paging = paging
        self.statements = statements
    }
}

/// A counted view: the number and the statement that counted it.
public struct RowCount: Sendable, Equatable {
    public var count: Int
    public var statement: ExecutedStatement

    public init(count: Int, statement: ExecutedStatement) {
        self.count = count
        self.statement = statement
    }
}

/// Everything the browser reads from a database. The browser never builds SQL itself: the data
/// source turns each `BrowserView` into an AssocCore `Request` and runs it.
public protocol BrowserDataSource: AnyObject {
    /// Tables and views in schema order, not counted yet (counting is deferred: see `countRows`).
    /// Called on the browser's loop, not on its worker: a schema in memory, no statement.
    func tables() throws -> [TableSummary]
    /// Every association of the graph, by origin table.
    func associations() -> [String: [Association]]
    /// The number of rows of a whole table (deferred work: the first screen never waits for it).
    func countRows(ofTable table: String) throws -> Int
    /// Up to `limit` rows of `view` from row `offset`. `totalCount`, when known, lets the source
    /// read the end of the view backwards instead of skipping rows.
    func page(of view: BrowserView, offset: Int, limit: Int, totalCount: Int?) throws -> RowsPage
    /// The number of rows of `view`.
    func count(of view: BrowserView) throws -> RowCount
    /// For one row of `view` (its root columns and values): the number of records of each named
    /// to-many link.
    func linkCounts(of view: BrowserView, columns: [String], values: [DatabaseValue], links: [String]) throws -> [String: Int]
    /// The view as Swift code (`SwiftCodeGenerator`), for the side pane's Swift tab.
    func swiftCode(for view: BrowserView) throws -> String
    /// The association tree around `table`, for the schema map.
    func schemaTree(around table: String) -> [SchemaTree.Line]
    /// Writes every row of `view` to `path` as a cursor reads them, reporting its progress;
    /// `progress` returning false cancels the export (`ExportError.cancelled`).
    func export(_ view: BrowserView, to path: String, format: ExportFormat, overwrite: Bool,
                progress: (ExportProgress) -> Bool) throws -> Int
    /// The view as request-language text (the request line).
    func requestText(for view: BrowserView) throws -> String
    /// Throws when `view` does not make valid SQL.
    func check(_ view: BrowserView) throws
    /// The view request-language `text` describes (`current` gives the followed link to keep).
    func view(parsing text: String, from current: BrowserView?) throws -> BrowserView
    /// Numeric non-key columns by table.
    func numericColumns() -> [String: [String]]
    /// Stops the query running on another thread (Esc): it throws an interrupt error. Thread-safe.
    func interrupt()
    /// `PRAGMA data_version`: changes when another connection commits; nil when unknown.
    func dataVersion() -> Int?
    /// Whether the running query waits for another process's lock. Thread-safe.
    func isWaitingForLock() -> Bool
}

extension BrowserDataSource {
    public func requestText(for view: BrowserView) throws -> String {
        throw AssocError(.invalidRequest, "this data source has no request language")
    }
    public func check(_ view: BrowserView) throws {}
    public func view(parsing text: String, from current: BrowserView?) throws -> BrowserView {
        throw AssocError(.invalidRequest, "this data source has no request language")
    }
    public func numericColumns() -> [String: [String]] { [:] }
    public func swiftCode(for view: BrowserView) throws -> String {
        throw AssocError(.invalidRequest, "this data source cannot write Swift code")
    }
    public func schemaTree(around table: String) -> [SchemaTree.Line] { [] }
    public func export(
        _ view: BrowserView, to path: String, format: ExportFormat, overwrite: Bool, progress: (ExportProgress) -> Bool
    ) throws -> Int {
        throw AssocError(.invalidRequest, "this data source cannot export")
    }
}
