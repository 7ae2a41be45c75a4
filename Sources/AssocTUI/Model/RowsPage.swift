import AssocCore

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
    /// `ReadLimits.cellPreview` in SQL, a prefetch's keys bound). Empty when the
    /// source does not record them.
    package var ranStatements: [GeneratedStatement] = []
    /// The labels of the page's key columns (`1 · AC/DC`): by column, the parent's label of
    /// each key value that has one (the data source's labels).
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
    /// `ReadLimits.cellPreview` of a value.
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
