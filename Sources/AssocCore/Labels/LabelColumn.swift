/// The column that names a table's rows for a person (Datasette's label column): `Artist.Name`
/// for the key `Album.ArtistId`, shown beside the key as `1 · AC/DC`.
package enum LabelColumn {
    /// Column names that name a row, in no order of preference (the first such column wins).
    static let namingNames: Set<String> = ["name", "title", "label", "description"]

    /// The label column of `table`, other than `excluding` (the referenced key: a label equal to
    /// the key says nothing). In order: `declared` (an associations file's `Table.label(Column)`),
    /// the first text column named `name`, `title`, `label` or `description` (any case), else the
    /// first text column whose name ends in `name` (`artist_name`, `FirstName`), else the first
    /// text column. Text columns are those of TEXT affinity (`TEXT`, `VARCHAR(20)`, `NVARCHAR`,
    /// `CLOB`). Nil when the table has none.
    package static func choose(for table: TableInfo, declared: String? = nil, excluding: Set<String> = []) -> String? {
        if let declared, let column = table.column(named: declared) { return column.name }
        let excluded = Set(excluding.map { $0.lowercased() })
        let candidates = table.columns.filter { isText($0) && $0.isNameValidUTF8 && !excluded.contains($0.name.lowercased()) }
        if let named = candidates.first(where: { namingNames.contains($0.name.lowercased()) }) { return named.name }
        if let suffixed = candidates.first(where: { $0.name.lowercased().hasSuffix("name") }) { return suffixed.name }
        return candidates.first?.name
    }

    /// Whether SQLite gives the column TEXT affinity (its declared type holds CHAR, CLOB or TEXT
    /// and not INT, the rules of section 3.1 of "Datatypes In SQLite").
    static func isText(_ column: ColumnInfo) -> Bool {
        let type = column.declaredType.uppercased()
        guard !type.contains("INT") else { return false }
        return type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }
}
