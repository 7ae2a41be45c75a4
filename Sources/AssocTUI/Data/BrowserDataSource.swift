import AssocCore

/// A table or view in the Tables pane.
public struct TableSummary: Sendable, Hashable {
    public var name: String
    public var kind: TableInfo.Kind
    /// Nil when it could not be counted (a virtual table whose module is missing…).
    public var rowCount: Int?

    public init(name: String, kind: TableInfo.Kind = .table, rowCount: Int?) {
        self.name = name
        self.kind = kind
        self.rowCount = rowCount
    }
}

/// What the Rows pane shows: for now a whole table; the request engine will add filters,
/// includes and followed links.
public struct BrowserView: Sendable, Hashable {
    /// The table the rows come from.
    public var table: String
    /// How the breadcrumb names this view (`artists`, `artists › albums`).
    public var title: String

    public init(table: String, title: String? = nil) {
        self.table = table
        self.title = title ?? table
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

/// A window of rows of a view, with the statement that produced it.
public struct RowsPage: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[DatabaseValue]]
    /// Index of `rows[0]` in the whole view.
    public var offset: Int
    public var statement: ExecutedStatement

    public init(columns: [String], rows: [[DatabaseValue]], offset: Int, statement: ExecutedStatement) {
        self.columns = columns
        self.rows = rows
        self.offset = offset
        self.statement = statement
    }
}

/// Everything the browser reads from a database. The browser never builds SQL itself, so the
/// request engine can replace `PlainDataSource` without touching the UI.
public protocol BrowserDataSource: AnyObject {
    /// Tables and views in schema order, with their row counts.
    func tables() throws -> [TableSummary]
    /// Up to `limit` rows of `view` starting at row `offset`, with column names and the SQL run.
    func page(of view: BrowserView, offset: Int, limit: Int) throws -> RowsPage
    /// The number of rows of `view`.
    func rowCount(of view: BrowserView) throws -> Int
    /// The associations that start from `table` (from the `AssociationGraph`).
    func associations(of table: String) -> [Association]
}
