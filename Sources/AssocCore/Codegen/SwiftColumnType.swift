/// The Swift type of a column in generated records.
///
/// From the declared type, by SQLite's type affinity rules (https://sqlite.org/datatype3.html §3.1)
/// applied in SQLite's order:
///
/// - contains `INT` → `Int64`;
/// - contains `CHAR`, `CLOB` or `TEXT` → `String`;
/// - contains `BLOB` → `Data`; no declared type → `AnyDatabaseValue` (any storage class);
/// - contains `REAL`, `FLOA` or `DOUB` → `Double`;
/// - otherwise NUMERIC affinity → `Double`, except `BOOL…` → `Bool` and `DATE`/`TIME…` → `String`
///   (SQLite keeps ISO dates as text in NUMERIC columns).
///
/// Outside STRICT tables a column may hold values of any storage class, which GRDB then fails
/// to decode into the declared type. So when the storage classes the column holds are known
/// (`SwiftStorageClasses`), a type that does not accept all of them becomes `AnyDatabaseValue`
/// (an untyped column holding one class gets that class's type); when they are not known, the
/// declared INTEGER, REAL, TEXT and BLOB types are kept, and NUMERIC affinity becomes
/// `AnyDatabaseValue`. STRICT tables keep their declared types (`ANY` → `AnyDatabaseValue`).
///
/// Optional unless the column is NOT NULL or the rowid alias (`INTEGER PRIMARY KEY`).
enum SwiftColumnType {
    /// The support type of columns that hold any storage class.
    static let anyValue = "AnyDatabaseValue"

    /// The non-optional type name for a declared SQL type, by affinity alone.
    static func baseType(forDeclaredType declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "Int64" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "String" }
        if type.contains("BLOB") { return "Data" }
        if type.allSatisfy({ $0 == " " || $0 == "\t" }) { return anyValue }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "Double" }
        if type.contains("BOOL") { return "Bool" }
        if type.contains("DATE") || type.contains("TIME") { return "String" }
        return "Double"
    }

    /// Whether the declared type has NUMERIC affinity (no INT, CHAR, CLOB, TEXT, BLOB, REAL,
    /// FLOA, DOUB, and not empty).
    static func isNumericAffinity(_ declared: String) -> Bool {
        let type = declared.uppercased()
        guard !type.allSatisfy({ $0 == " " || $0 == "\t" }) else { return false }
        return !["INT", "CHAR", "CLOB", "TEXT", "BLOB", "REAL", "FLOA", "DOUB"].contains { type.contains($0) }
    }

    /// The storage classes GRDB 7 decodes into each type (NULL aside).
    static func accepts(_ type: String, _ storageClass: String) -> Bool {
        switch (type, storageClass) {
        case (_, "null"), (anyValue, _): return true
        case ("Int64", "integer"), ("Int64", "real"), ("Bool", "integer"), ("Bool", "real"): return true
        case ("Double", "integer"), ("Double", "real"): return true
        case ("String", "text"), ("Data", "text"), ("Data", "blob"): return true
        default: return false
        }
    }

    /// The non-optional type of `column` of `table`, with the storage classes it holds when known.
    static func baseType(of column: ColumnInfo, in table: TableInfo, storage: Set<String>?) -> String {
        let declared = baseType(forDeclaredType: column.declaredType)
        if table.isStrict {
            return column.declaredType.uppercased().filter { $0 != " " && $0 != "\t" } == "ANY" ? anyValue : declared
        }
        guard let storage else {
            return isNumericAffinity(column.declaredType) ? anyValue : declared
        }
        if declared == anyValue {
            // Untyped: the type that takes every class it holds (text and blob: Data), else any value.
            let classes = storage.subtracting(["null"])
            if classes.isEmpty { return anyValue }
            if classes == ["integer"] { return "Int64" }
            if classes.isSubset(of: ["integer", "real"]) { return "Double" }
            if classes == ["text"] { return "String" }
            if classes.isSubset(of: ["text", "blob"]) { return "Data" }
            return anyValue
        }
        if declared == "Int64" && storage.contains("real") { return anyValue }  // 2.5 would be read as 2
        return storage.allSatisfy { accepts(declared, $0) } ? declared : anyValue
    }

    /// The property type of `column` of `table`: `Int64`, `String?`…
    static func type(of column: ColumnInfo, in table: TableInfo, storage: Set<String>? = nil) -> String {
        let base = baseType(of: column, in: table, storage: storage)
        return isNeverNull(column, in: table) ? base : base + "?"
    }

    /// NOT NULL columns, and the rowid alias (never NULL even without NOT NULL).
    static func isNeverNull(_ column: ColumnInfo, in table: TableInfo) -> Bool {
        if column.notNull { return true }
        return table.primaryKey.kind == .rowidAlias
            && table.primaryKey.columns.first?.lowercased() == column.name.lowercased()
    }
}
