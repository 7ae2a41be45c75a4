import AssocCore

/// Which columns `F` groups by besides the current one: the pinned columns, in pin order, other
/// than the root's key (pinned by default, and unique per row: grouping by it counts nothing).
enum FrequencyGrouping {
    static func pinnedColumns(of rows: RowsState) -> [GridColumn] {
        rows.columns.prefix(rows.pinnedCount).filter { column in
            !(column.isRoot && column.source == .table && rows.keyColumns.contains(column.name))
        }
    }
}
