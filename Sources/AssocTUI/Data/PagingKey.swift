import AssocCore

/// The columns that end a view's order, after its own sort, and tell its rows apart: keyset
/// pagination pages on them, and `#` compares the first.
struct PagingKey: Equatable {
    /// In order: the key's columns, then the rowid when it breaks their ties.
    var columns: [String]
    /// The name the rowid is read under, when it is among `columns` (never in `*`: selected
    /// under a hidden name).
    var rowid: String?
    /// The key columns that may be NULL (never the rowid, nor a rowid alias).
    var nullableColumns: Set<String> = []

    /// The key of a view of `table` (`TableInfo.rowOrderColumns`: a table whose primary key is
    /// not its rowid is shown in key order, so that `#` compares the first column of the key the
    /// user sees); nil when it has none (a view, a rowid no name reaches, a key column missing).
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
        // A key column that may be NULL with no rowid to break its ties: no key to page on.
        if !nullable.isEmpty && rowid == nil { return nil }
        self.columns = columns
        self.rowid = rowid
        self.nullableColumns = nullable
    }
}

extension RequestDataSource {
    /// The key a view of `table` pages on after its sort (see `PagingKey`); nil without one.
    func pagingKey(of table: String) -> PagingKey? {
        db.schema.table(named: table).flatMap(PagingKey.init(of:))
    }
}
