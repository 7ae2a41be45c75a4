/// A set of rows of one table, held by key in a temporary table of the source's connection (its
/// `temp` schema: in memory, spilling to a temporary file, never the database file or anything
/// beside it): what `assoc extract` has reached so far. Each key is kept with the round of the
/// walk that reached it first, so that a round reads only the rows the one before it added.
///
/// A row's key is its rowid (under a name no column takes), or the primary key of a
/// `WITHOUT ROWID` table: exact, whatever the table's declared key looks like.
struct RowKeySet {
    /// The table whose rows the set holds.
    let table: TableInfo
    /// The columns of `table` that tell its rows apart (the rowid, or a WITHOUT ROWID key).
    let keyColumns: [String]
    /// The temporary table's name (`assoc_extract_3`): no user text in it.
    let name: String

    /// The set of rows of `table`, kept in the temporary table `name`; throws when the table has
    /// no key a row can be found by again.
    init(table: TableInfo, name: String) throws {
        self.table = table
        self.keyColumns = try Self.requiredKeyColumns(of: table)
        self.name = name
    }

    /// `keyColumns(of:)`, or an error saying why `table`'s rows cannot be extracted.
    static func requiredKeyColumns(of table: TableInfo) throws -> [String] {
        if let keys = keyColumns(of: table) { return keys }
        let reason: String
        switch table.kind {
        case .view: reason = "it is a view"
        case .virtual: reason = "it is a virtual table (the new file has it, empty)"
        case .shadow: reason = "it holds a virtual table's data"
        case .table: reason = "it has no key to find its rows by (its columns take the names rowid, _rowid_ and oid)"
        }
        throw AssocError.invalid("cannot extract rows of \(quoteForMessage(table.name)): " + reason, table: table.name)
    }

    /// The rowid (by a name no column takes) or a WITHOUT ROWID table's primary key; nil for a
    /// view or a table whose rowid no name reaches.
    static func keyColumns(of table: TableInfo) -> [String]? {
        guard table.kind == .table else { return nil }
        if table.primaryKey.kind == .withoutRowid { return table.primaryKey.columns.isEmpty ? nil : table.primaryKey.columns }
        return table.rowidName.map { [$0] }
    }

    /// Whether the key is the rowid: one integer.
    private var isRowid: Bool { table.primaryKey.kind != .withoutRowid }

    /// `k0`, `k1`…: the temporary table's key columns.
    private var slots: [String] { keyColumns.indices.map { "k\($0)" } }

    /// `temp."assoc_extract_3"`.
    var qualifiedName: String { "temp." + quoteIdentifier(name) }

    /// The statement that creates the empty set (and its index on the round).
    var creation: String {
        let table =
            isRowid
            ? "CREATE TEMP TABLE \(quoteIdentifier(name))(k0 INTEGER PRIMARY KEY, round INTEGER NOT NULL)"
            : "CREATE TEMP TABLE \(quoteIdentifier(name))(\(slots.joined(separator: ", ")), round INTEGER NOT NULL, PRIMARY KEY("
                + slots.joined(separator: ", ") + ")) WITHOUT ROWID"
        return table + "; CREATE INDEX temp." + quoteIdentifier(name + "_round") + " ON " + quoteIdentifier(name) + "(round)"
    }

    /// The statement that drops it.
    var removal: String { "DROP TABLE IF EXISTS " + qualifiedName }

    /// A condition on the rows of `table` (written where `table` is the only table in scope):
    /// the row is in the set, reached in `round` when given.
    func membership(round: Int? = nil) -> Expression {
        let keys = keyColumns.map(quoteIdentifier)
        let lhs = keys.count == 1 ? keys[0] : "(" + keys.joined(separator: ", ") + ")"
        let condition = round.map { " WHERE round = \($0)" } ?? ""
        return .sql(lhs + " IN (SELECT " + slots.joined(separator: ", ") + " FROM " + qualifiedName + condition + ")", arguments: [])
    }

    /// The statement that adds the keys `statement` selects (one column per key column, in
    /// order) with `round`, keeping those already there as they are.
    func insertion(of statement: GeneratedStatement, round: Int) -> GeneratedStatement {
        GeneratedStatement(
            sql: "INSERT OR IGNORE INTO \(qualifiedName)(\(slots.joined(separator: ", ")), round) SELECT *, \(round) FROM (\(statement.sql))",
            arguments: statement.arguments)
    }

    /// The statement that adds the keys of `other` (a set of the same table) reached in `round`.
    func insertion(from other: RowKeySet, round: Int) -> GeneratedStatement {
        GeneratedStatement(
            sql:
                "INSERT OR IGNORE INTO \(qualifiedName)(\(slots.joined(separator: ", ")), round) SELECT \(slots.joined(separator: ", ")), \(round) FROM \(other.qualifiedName) WHERE round = \(round)",
            arguments: [])
    }
}
