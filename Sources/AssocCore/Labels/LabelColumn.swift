/// The column that names a table's rows for a person (Datasette's label column): `Artist.Name`
/// for the key `Album.ArtistId`, shown beside the key as `1 · AC/DC`.
package enum LabelColumn {
    /// What labels a table's rows: one text column, or a first name and a last name together.
    package struct Choice: Sendable, Hashable {
        /// The label column (the first name, when two make the label).
        package var column: String
        /// The last name shown after `column` (`Jane Peacock`), nil for one column.
        package var secondColumn: String?

        package init(column: String, secondColumn: String? = nil) {
            self.column = column
            self.secondColumn = secondColumn
        }

        /// `Name`, `FirstName + LastName`: what the record view says labels the table.
        package var description: String { secondColumn.map { column + " + " + $0 } ?? column }

        /// The SQL of the label: the column, or `first || ' ' || last` (either may be NULL; both
        /// NULL: NULL).
        package var sql: String {
            guard let secondColumn else { return quoteIdentifier(column) }
            let (first, last) = (quoteIdentifier(column), quoteIdentifier(secondColumn))
            return "nullif(trim(coalesce(\(first), '') || ' ' || coalesce(\(last), '')), '')"
        }
    }

    /// Names of a first and of a last name (compared without case, `_` or spaces).
    static let firstNames: Set<String> = ["firstname", "givenname", "forename"]
    static let lastNames: Set<String> = ["lastname", "surname", "familyname"]
    /// Columns that name a row when nothing named *name does.
    static let otherNamingNames: Set<String> = ["title", "label", "description"]
    /// A column whose sampled values are this distinct is "nearly unique".
    static let nearlyUnique = 0.9

    /// The label of `table`, other than `excluding` (the referenced key: a label equal to the key
    /// says nothing), the most name-like text column first:
    /// 1. `declared` (an associations file's `Table.label(Column)`);
    /// 2. a column named `name` (any case);
    /// 3. a first name and a last name together (`FirstName` + `LastName`, `first_name` +
    ///    `surname`…);
    /// 4. a column whose name ends in `name` (`CompanyName`, `artist_name`);
    /// 5. `title`, `label` or `description`: only where no column is named as a name;
    /// 6. the first text column.
    /// `distinctness` (the share of distinct values among a sample of a choice's, when the caller
    /// can read them) keeps a column whose values repeat a lot (a job title) from being chosen over
    /// a nearly unique one: the first nearly unique choice in that order wins, else the first.
    /// Text columns are those of TEXT affinity (`TEXT`, `VARCHAR(20)`, `NVARCHAR`, `CLOB`). Nil when
    /// the table has none.
    package static func choose(
        for table: TableInfo, declared: String? = nil, excluding: Set<String> = [], distinctness: ((Choice) -> Double?)? = nil
    ) -> Choice? {
        if let declared, let column = table.column(named: declared) { return Choice(column: column.name) }
        let options = self.options(for: table, excluding: excluding)
        guard options.count > 1, let distinctness else { return options.first }
        return options.first { option in (distinctness(option) ?? 0) >= nearlyUnique } ?? options.first
    }

    /// The choices in order of preference (see `choose`), each once.
    static func options(for table: TableInfo, excluding: Set<String>) -> [Choice] {
        let excluded = Set(excluding.map { $0.lowercased() })
        let candidates = table.columns.filter { isText($0) && $0.isNameValidUTF8 && !excluded.contains($0.name.lowercased()) }
        func squeezed(_ name: String) -> String { name.lowercased().filter { $0 != "_" && $0 != " " } }
        var options: [Choice] = []
        func add(_ choice: Choice) { if !options.contains(choice) { options.append(choice) } }
        for column in candidates where column.name.lowercased() == "name" { add(Choice(column: column.name)) }
        if let first = candidates.first(where: { firstNames.contains(squeezed($0.name)) }),
            let last = candidates.first(where: { lastNames.contains(squeezed($0.name)) })
        {
            add(Choice(column: first.name, secondColumn: last.name))
        }
        for column in candidates where squeezed(column.name).hasSuffix("name") { add(Choice(column: column.name)) }
        if options.isEmpty {
            for column in candidates where otherNamingNames.contains(column.name.lowercased()) { add(Choice(column: column.name)) }
        }
        if let first = candidates.first { add(Choice(column: first.name)) }
        return options
    }

    /// Whether SQLite gives the column TEXT affinity (its declared type holds CHAR, CLOB or TEXT
    /// and not INT, the rules of section 3.1 of "Datatypes In SQLite").
    static func isText(_ column: ColumnInfo) -> Bool {
        let type = column.declaredType.uppercased()
        guard !type.contains("INT") else { return false }
        return type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }
}
