/// The columns and foreign keys of a schema's tables by name, indexed the first time a table is
/// asked about: resolving thousands of declared associations on a table of 2,000 columns looks
/// each column up in constant time instead of reading the table's columns again every time.
/// Also memoizes the default names of declared associations (inflections of table names).
final class TableLookup {
    let inflections = InflectionCache()
    /// Per table (lowercased name), its columns by lowercased name (the first of a spelling).
    private var columnsByTable: [String: [String: ColumnInfo]] = [:]
    /// Per table (lowercased name), its foreign keys by the lowercased name of the table they reference.
    private var foreignKeysByTable: [String: [String: [ForeignKeyInfo]]] = [:]
    /// Per table and referenced table, its foreign keys by `columnSetKey` of their columns.
    private var foreignKeysByColumns: [String: [String: [ForeignKeyInfo]]] = [:]

    /// The column of `table` named `name`, compared case-insensitively (as `TableInfo.column(named:)`).
    func column(named name: String, in table: TableInfo) -> ColumnInfo? {
        let key = table.name.lowercased()
        if let columns = columnsByTable[key] { return columns[name.lowercased()] }
        var columns: [String: ColumnInfo] = [:]
        for column in table.columns where columns[column.name.lowercased()] == nil {
            columns[column.name.lowercased()] = column
        }
        columnsByTable[key] = columns
        return columns[name.lowercased()]
    }

    /// The foreign keys of `child` that reference `parent`, in declaration order.
    func foreignKeys(from child: TableInfo, to parent: TableInfo) -> [ForeignKeyInfo] {
        let key = child.name.lowercased()
        if let byParent = foreignKeysByTable[key] { return byParent[parent.name.lowercased()] ?? [] }
        var byParent: [String: [ForeignKeyInfo]] = [:]
        for foreignKey in child.foreignKeys {
            byParent[foreignKey.destinationTable.lowercased(), default: []].append(foreignKey)
        }
        foreignKeysByTable[key] = byParent
        return byParent[parent.name.lowercased()] ?? []
    }

    /// The foreign keys of `child` that reference `parent` from exactly the columns `columns`
    /// (compared case-insensitively, order ignored), in declaration order.
    func foreignKeys(from child: TableInfo, to parent: TableInfo, columns: [String]) -> [ForeignKeyInfo] {
        let key = child.name.lowercased() + "\u{0}" + parent.name.lowercased()
        if let byColumns = foreignKeysByColumns[key] { return byColumns[Self.columnSetKey(columns)] ?? [] }
        var byColumns: [String: [ForeignKeyInfo]] = [:]
        for foreignKey in foreignKeys(from: child, to: parent) {
            byColumns[Self.columnSetKey(foreignKey.originColumns), default: []].append(foreignKey)
        }
        foreignKeysByColumns[key] = byColumns
        return byColumns[Self.columnSetKey(columns)] ?? []
    }

    /// The same text for the same set of column names, whatever their case, order and repeats.
    private static func columnSetKey(_ columns: [String]) -> String {
        Set(columns.map { $0.lowercased() }).sorted().joined(separator: "\u{0}")
    }
}
