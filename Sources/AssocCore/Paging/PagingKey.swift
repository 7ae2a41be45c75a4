/// The columns that end a request's order, after its own sort, and tell its rows apart: keyset
/// paging pages on them, and a jump to a key compares the first.
struct PagingKey: Equatable {
    /// In order: the key's columns, then the rowid when it breaks their ties.
    var columns: [String]
    /// The name of the rowid, when it is among `columns` (never in `*`: read as a `HiddenValue`).
    var rowid: String?
    /// The key columns that may be NULL (never the rowid, nor a rowid alias).
    var nullableColumns: Set<String> = []

    /// The key of `table` (`TableInfo.rowOrderColumns`: a table whose primary key is not its
    /// rowid is paged in key order); nil when it has none (a view, a rowid no name reaches, a key
    /// column missing, a nullable key with no rowid to break its ties).
    init?(of table: TableInfo) {
        let columns = table.rowOrderColumns
        guard !columns.isEmpty else { return nil }
        var rowid: String?
        var nullable: Set<String> = []
        for name in columns {
            if let column = table.column(named: name) {
                let isRowidAlias = table.primaryKey.kind == .rowidAlias
                if !column.notNull && !isRowidAlias && table.primaryKey.kind != .withoutRowid { nullable.insert(column.name) }
            } else if table.isRowid(name) {
                rowid = name
            } else {
                return nil
            }
        }
        if !nullable.isEmpty && rowid == nil { return nil }
        self.columns = columns
        self.rowid = rowid
        self.nullableColumns = nullable
    }
}
