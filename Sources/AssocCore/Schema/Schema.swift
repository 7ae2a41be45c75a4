/// Everything Assoc knows about a database's structure, read once by `SchemaIntrospector`.
/// An immutable value: the association graph and the SQL generator are pure functions of it.
public struct Schema: Sendable, Hashable {
    /// Tables and views, in `sqlite_schema` order, `sqlite_*` internals excluded.
    public var tables: [TableInfo]
    /// What could not be read or made sense of (a view over a missing table, a virtual table
    /// whose module is missing…). Never fatal: the rest of the schema stays usable.
    public var diagnostics: [String]

    /// A schema of `tables`, with what could not be read in `diagnostics`.
    package init(tables: [TableInfo], diagnostics: [String] = []) {
        self.tables = tables
        self.diagnostics = diagnostics
        var index: [String: Int] = [:]
        for (offset, table) in tables.enumerated() {
            let key = table.name.lowercased()
            if index[key] == nil { index[key] = offset }
        }
        self.indexByLowercasedName = index
    }

    private var indexByLowercasedName: [String: Int]

    /// The table or view named `name`, compared case-insensitively as SQLite does.
    public func table(named name: String) -> TableInfo? {
        indexByLowercasedName[name.lowercased()].map { tables[$0] }
    }
}

/// A table or a view.
public struct TableInfo: Sendable, Hashable {
    /// A table or a view.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An ordinary table (rowid or WITHOUT ROWID).
        case table
        /// A view (`CREATE VIEW`): no key, never the child of an association.
        case view
        /// A virtual table (`CREATE VIRTUAL TABLE … USING fts5(…)`).
        case virtual
        /// A shadow table that stores a virtual table's data (`docs_content` for fts5 `docs`).
        case shadow
    }

    /// The name as spelled in the schema.
    public var name: String
    /// Table, view, virtual or shadow table.
    public var kind: Kind
    /// Visible columns in declaration order (hidden virtual-table columns excluded).
    public var columns: [ColumnInfo]
    /// The primary key: declared, the rowid, or none.
    public var primaryKey: PrimaryKeyInfo
    /// Foreign keys as declared, with omitted parent columns already completed with the parent's
    /// primary key when it is known. Invalid ones stay here; the graph reports them as diagnostics.
    public var foreignKeys: [ForeignKeyInfo]
    /// Unique indexes (non-partial, on plain columns), each as its ordered column names.
    /// The primary key index is not repeated here.
    var uniqueIndexes: [[String]]
    /// Declared `WITHOUT ROWID`.
    package var isWithoutRowid: Bool
    /// Declared `STRICT`.
    package var isStrict: Bool
    /// For a user's own statement (`SQLQuery`): its `(SELECT …)`, which `FROM` reads instead of a name.
    package var derivedSQL: String?
    /// The values of `derivedSQL`'s `?`, in order.
    var derivedArguments: [DatabaseValue] = []

    /// Describes one table (or column), as `SchemaIntrospector` reads it.
    package init(
        name: String, kind: Kind = .table, columns: [ColumnInfo], primaryKey: PrimaryKeyInfo,
        foreignKeys: [ForeignKeyInfo] = [], uniqueIndexes: [[String]] = [],
        isWithoutRowid: Bool = false, isStrict: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys
        self.uniqueIndexes = uniqueIndexes
        self.isWithoutRowid = isWithoutRowid
        self.isStrict = isStrict
    }

    /// Whether it is a view.
    package var isView: Bool { kind == .view }

    /// The names SQL gives a rowid table's rowid, unless a column takes them.
    static let rowidNames = ["rowid", "_rowid_", "oid"]

    /// How SQL names the table's rowid: `rowid`, else `_rowid_` or `oid` when a column is named
    /// `rowid` (a column shadows the rowid). Nil for views, WITHOUT ROWID tables and tables whose
    /// columns take all three names (their rowid cannot be read: they have no key).
    package var rowidName: String? {
        guard kind != .view, primaryKey.kind != .withoutRowid, primaryKey.kind != .none else { return nil }
        return Self.rowidNames.first { column(named: $0) == nil }
    }

    /// Whether `name` (any case) reaches the table's rowid: one of its names that no column takes.
    package func isRowid(_ name: String) -> Bool {
        // Cheap tests first: `isUnique` asks this for every link of a table of 2,000 columns.
        guard Self.rowidNames.contains(name.lowercased()),
            kind != .view, primaryKey.kind != .withoutRowid, primaryKey.kind != .none
        else { return false }
        return column(named: name) == nil
    }

    /// The single column that identifies a row fastest, for COUNT(DISTINCT …): the rowid alias,
    /// else the rowid (under a name no column takes), else a one-column key.
    var fastKeyColumn: String? {
        switch primaryKey.kind {
        case .rowidAlias: return primaryKey.columns.first
        case .hiddenRowid, .regular: return rowidName ?? (primaryKey.columns.count == 1 ? primaryKey.columns.first : nil)
        case .withoutRowid: return primaryKey.columns.count == 1 ? primaryKey.columns.first : nil
        case .none: return nil
        }
    }

    /// The columns that order the table's rows and tell them apart, in order (the key's index
    /// gives the order): the rowid alias; a primary key that is not the rowid (composite, or one
    /// column that is not INTEGER) in key order, then the rowid (under a name no column takes)
    /// when a key column may be NULL, since SQLite lets NULLs repeat in such a key; the rowid
    /// when no key is declared; the columns of a `WITHOUT ROWID` key. Empty for a view.
    package var rowOrderColumns: [String] {
        switch primaryKey.kind {
        case .rowidAlias, .withoutRowid:
            return primaryKey.columns
        case .hiddenRowid:
            return rowidName.map { [$0] } ?? []
        case .regular:
            let keyColumns = primaryKey.columns.compactMap { column(named: $0) }
            guard !keyColumns.isEmpty, keyColumns.count == primaryKey.columns.count else {
                return rowidName.map { [$0] } ?? primaryKey.columns
            }
            let names = keyColumns.map(\.name)
            if keyColumns.allSatisfy(\.notNull) { return names }
            return rowidName.map { names + [$0] } ?? names
        case .none:
            return []
        }
    }

    /// The column named `name`, compared case-insensitively.
    public func column(named name: String) -> ColumnInfo? {
        let lowered = name.lowercased()
        return columns.first { $0.name.lowercased() == lowered }
    }

    /// Whether `columns` (compared case-insensitively, order ignored) identify at most one row:
    /// they are the primary key, or exactly the columns of a unique index.
    func isUnique(_ columns: [String]) -> Bool {
        let wanted = Set(columns.map { $0.lowercased() })
        guard !wanted.isEmpty else { return false }
        if Set(primaryKey.columns.map { $0.lowercased() }) == wanted { return true }
        if wanted.count == 1, let name = wanted.first, isRowid(name) { return true }
        return uniqueIndexes.contains { Set($0.map { $0.lowercased() }) == wanted }
    }
}

/// A column as declared.
public struct ColumnInfo: Sendable, Hashable {
    /// The column name, as spelled in the schema.
    public var name: String
    /// The declared type, as written (`INTEGER`, `varchar(20)`, or empty).
    public var declaredType: String
    /// Declared NOT NULL (a primary key column of a WITHOUT ROWID table too).
    public var notNull: Bool
    /// The default value's SQL text, if any.
    var defaultValue: String?
    /// 1-based position in the primary key, 0 when the column is not part of it.
    package var primaryKeyIndex: Int
    /// A generated column (`GENERATED ALWAYS AS …`).
    package var isGenerated: Bool
    /// False when the stored name is not valid UTF-8: `name` shows it with U+FFFD, which SQL
    /// cannot use to name it (SQLite would read the quoted name as a text value).
    package var isNameValidUTF8 = true

    /// Describes one table (or column), as `SchemaIntrospector` reads it.
    package init(
        name: String, declaredType: String = "", notNull: Bool = false, defaultValue: String? = nil,
        primaryKeyIndex: Int = 0, isGenerated: Bool = false
    ) {
        self.name = name
        self.declaredType = declaredType
        self.notNull = notNull
        self.defaultValue = defaultValue
        self.primaryKeyIndex = primaryKeyIndex
        self.isGenerated = isGenerated
    }
}

/// How a table identifies its rows.
public struct PrimaryKeyInfo: Sendable, Hashable {
    /// How the table is keyed.
    package enum Kind: String, Sendable, Hashable {
        /// No declared primary key: the hidden rowid (columns == ["rowid"], or `["_rowid_"]` or
        /// `["oid"]` when a column is named `rowid`: see `TableInfo.rowidName`).
        case hiddenRowid
        /// A single `INTEGER PRIMARY KEY` column, an alias for the rowid.
        case rowidAlias
        /// Any other declared primary key in a rowid table (the table still has a rowid).
        case regular
        /// The primary key of a `WITHOUT ROWID` table (no rowid at all).
        case withoutRowid
        /// Views, tables whose structure could not be read, and rowid tables without a primary
        /// key whose columns are named `rowid`, `_rowid_` and `oid` (the rowid is unreachable): no key.
        case none
    }

    /// How the rows are identified.
    package var kind: Kind
    /// The key's columns in key order; `["rowid"]` for `.hiddenRowid`, empty for `.none`.
    public var columns: [String]

    /// A primary key of `kind` on `columns`.
    package init(kind: Kind, columns: [String]) {
        self.kind = kind
        self.columns = columns
    }

    /// The hidden rowid of a table without a declared primary key.
    package static let hiddenRowid = PrimaryKeyInfo(kind: .hiddenRowid, columns: ["rowid"])
    /// No key (views, unreadable tables).
    static let none = PrimaryKeyInfo(kind: .none, columns: [])

    /// The single column that identifies a row fastest, for COUNT(DISTINCT …) and GROUP BY:
    /// the rowid alias, else `rowid` when the table has one, else a one-column WITHOUT ROWID key.
    /// Assumes no column is named `rowid`: `TableInfo.fastKeyColumn` knows the columns.
    var fastColumn: String? {
        switch kind {
        case .hiddenRowid: return columns.first ?? "rowid"
        case .regular: return "rowid"
        case .rowidAlias: return columns.first
        case .withoutRowid: return columns.count == 1 ? columns.first : nil
        case .none: return nil
        }
    }
}

/// A declared foreign key: `originColumns` of the table that declares it reference
/// `destinationColumns` of `destinationTable`.
public struct ForeignKeyInfo: Sendable, Hashable {
    /// SQLite's id for the constraint (`PRAGMA foreign_key_list`), stable within a table.
    var id: Int
    /// The referenced (parent) table, as written in the declaration.
    public var destinationTable: String
    /// The columns of the declaring (child) table.
    public var originColumns: [String]
    /// The referenced columns; completed from the parent's primary key when the declaration
    /// omitted them. Empty when they were omitted and the parent is unknown.
    public var destinationColumns: [String]
    /// True when the declaration omitted the referenced columns.
    var destinationColumnsWereOmitted: Bool

    /// Describes one table (or column), as `SchemaIntrospector` reads it.
    package init(
        id: Int, destinationTable: String, originColumns: [String], destinationColumns: [String],
        destinationColumnsWereOmitted: Bool = false
    ) {
        self.id = id
        self.destinationTable = destinationTable
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
        self.destinationColumnsWereOmitted = destinationColumnsWereOmitted
    }
}

extension ColumnInfo {
    /// Whether the declared type names a number (INT…, REAL, FLOA…, DOUB…, NUM…, DEC…): what a
    /// front end offers to aggregate (`DATE` or `BOOLEAN`, numeric to SQLite, are not offered).
    package var declaresNumber: Bool {
        let type = Array(declaredType.uppercased().utf8)
        return Self.numberTypeWords.contains { word in
            type.count >= word.count
                && (0...(type.count - word.count)).contains { start in
                    type[start..<(start + word.count)].elementsEqual(word)
                }
        }
    }

    private static let numberTypeWords: [[UInt8]] = ["INT", "REAL", "FLOA", "DOUB", "NUM", "DEC"].map { Array($0.utf8) }
}

extension TableInfo {
    /// The columns declared as numbers that are neither in the primary key nor in a foreign key:
    /// values a person may sum or average.
    package var numericValueColumns: [String] {
        let keys = Set(primaryKey.columns + foreignKeys.flatMap(\.originColumns))
        return columns.filter { $0.declaresNumber && !keys.contains($0.name) }.map(\.name)
    }
}
