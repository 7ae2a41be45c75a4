/// The Swift type of a column in generated records, from SQLite's type affinity rules
/// (https://sqlite.org/datatype3.html §3.1), applied in SQLite's order:
///
/// - contains `INT` → `Int64`;
/// - contains `CHAR`, `CLOB` or `TEXT` → `String`;
/// - contains `BLOB`, or no declared type → `Data` (GRDB decodes BLOB and TEXT into it;
///   `DatabaseValue` is not `Decodable`, so untyped columns holding numbers need a hand edit);
/// - contains `REAL`, `FLOA` or `DOUB` → `Double`;
/// - otherwise NUMERIC affinity → `Double`, except `BOOL…` → `Bool` and `DATE`/`TIME…` → `String`
///   (SQLite keeps ISO dates as text in NUMERIC columns).
///
/// Optional unless the column is NOT NULL or the rowid alias (`INTEGER PRIMARY KEY`).
enum SwiftColumnType {
    /// The non-optional type name for a declared SQL type.
    static func baseType(forDeclaredType declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "Int64" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "String" }
        if type.contains("BLOB") || type.allSatisfy({ $0 == " " || $0 == "\t" }) { return "Data" }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "Double" }
        if type.contains("BOOL") { return "Bool" }
        if type.contains("DATE") || type.contains("TIME") { return "String" }
        return "Double"
    }

    /// The property type of `column` of `table`: `Int64`, `String?`…
    static func type(of column: ColumnInfo, in table: TableInfo) -> String {
        let base = baseType(forDeclaredType: column.declaredType)
        return isNeverNull(column, in: table) ? base : base + "?"
    }

    /// NOT NULL columns, and the rowid alias (never NULL even without NOT NULL).
    static func isNeverNull(_ column: ColumnInfo, in table: TableInfo) -> Bool {
        if column.notNull { return true }
        return table.primaryKey.kind == .rowidAlias
            && table.primaryKey.columns.first?.lowercased() == column.name.lowercased()
    }
}
