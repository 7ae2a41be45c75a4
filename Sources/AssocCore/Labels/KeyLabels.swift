/// A key column that a belongsTo association labels with its parent's label column: the rows of
/// `Album` show `ArtistId` as `1 · AC/DC`, `AC/DC` being `Artist.Name` where `Artist.ArtistId = 1`.
/// Only single-column keys are labelled (a composite key has no one cell to put a label beside).
package struct KeyLabeling: Sendable, Hashable {
    /// The key column of the child table (`ArtistId` of `Album`).
    package var column: String
    /// The parent table (`Artist`), as the schema spells it.
    package var parent: String
    /// The parent's column the key references (`ArtistId`).
    package var key: String
    /// The parent's label column (`Name`; `FirstName` when a last name follows it).
    package var label: String
    /// The parent's last name column shown after `label` (`Jane Peacock`), nil for one column.
    package var secondLabel: String? = nil

    /// What labels the parent's rows, as the record view says it (`Employee.FirstName + LastName`).
    package var labelDescription: String { parent + "." + choice.description }

    var choice: LabelColumn.Choice { LabelColumn.Choice(column: label, secondColumn: secondLabel) }

    /// The most characters of a label read (a label is shown beside a key in one cell).
    package static let maximumLabelLength = 200

    /// `SELECT "key", substr("label", 1, 200) FROM "parent" WHERE "key" IN (?, …)`, the distinct
    /// non-NULL `values` bound; nil when there are none. The label is cut in SQL: a parent's long
    /// text (a description) is never read whole for a cell.
    package func statement(for values: [DatabaseValue]) -> GeneratedStatement? {
        var seen = Set<DatabaseValue>()
        let distinct = values.filter { !$0.isNull && seen.insert($0).inserted }
        guard !distinct.isEmpty else { return nil }
        let placeholders = Array(repeating: "?", count: distinct.count).joined(separator: ", ")
        let sql =
            "SELECT \(quoteIdentifier(key)), substr(\(choice.sql), 1, \(Self.maximumLabelLength)) FROM \(quoteIdentifier(parent))"
            + " WHERE \(quoteIdentifier(key)) IN (\(placeholders))"
        return GeneratedStatement(sql: sql, arguments: distinct)
    }

    /// `SELECT "column1" FROM (VALUES (?), …) WHERE "column1" NOT IN (SELECT "key" FROM "parent"
    /// WHERE "key" IS NOT NULL)`: which of `values` (distinct, non-NULL) no parent row has, with
    /// SQLite's comparison of the key column (its affinity applied, as a join's `=` does); nil
    /// when there are none to ask about.
    package func orphanStatement(for values: [DatabaseValue]) -> GeneratedStatement? {
        guard !values.isEmpty else { return nil }
        let rows = Array(repeating: "(?)", count: values.count).joined(separator: ", ")
        let key = quoteIdentifier(key)
        let sql =
            "SELECT \"column1\" FROM (VALUES \(rows)) WHERE \"column1\" NOT IN"
            + " (SELECT \(key) FROM \(quoteIdentifier(parent)) WHERE \(key) IS NOT NULL)"
        return GeneratedStatement(sql: sql, arguments: values)
    }
}

extension Database {
    /// The key columns of `table` labelled by their parent's label column (`LabelColumn`, or the
    /// associations file's `Parent.label(Column)`), one per column: the first single-column
    /// belongsTo association from each, to a table that has a label column.
    package func keyLabelings(of table: String) -> [KeyLabeling] {
        var result: [KeyLabeling] = []
        for association in graph.directAssociations(from: table) where association.kind == .belongsTo {
            guard case .direct(let pairs) = association.path, pairs.count == 1, let pair = pairs.first,
                !result.contains(where: { $0.column.lowercased() == pair.origin.lowercased() }),
                let parent = schema.table(named: association.destination),
                let label = labelChoice(of: parent, excluding: pair.destination)
            else { continue }
            result.append(
                KeyLabeling(column: pair.origin, parent: parent.name, key: pair.destination, label: label.column, secondLabel: label.secondColumn))
        }
        return result
    }

    /// The label of `parent`'s rows other than its column `key` (`LabelColumn.choose`), read once
    /// per database: the choices are compared on a sample of their values (the first
    /// `labelSampleRows` rows), so that a job title that repeats never labels a row a name would.
    func labelChoice(of parent: TableInfo, excluding key: String) -> LabelColumn.Choice? {
        let cacheKey = parent.name.lowercased() + "\u{0}" + key.lowercased()
        if let known = labelChoices.withLock({ $0[cacheKey] }) { return known }
        let choice = LabelColumn.choose(for: parent, declared: graph.labelColumns[parent.name.lowercased()], excluding: [key]) {
            option in
            let sql =
                "SELECT count(DISTINCT \"v\") * 1.0 / count(\"v\") FROM (SELECT \(option.sql) AS \"v\" FROM \(quoteIdentifier(parent.name)) LIMIT \(Self.labelSampleRows))"
            guard case .real(let share) = (try? self.run(GeneratedStatement(sql: sql, arguments: [])))?.values.first?.first else { return nil }
            return share
        }
        labelChoices.withLock { $0[cacheKey] = .some(choice) }
        return choice
    }

    /// The rows whose label values are compared to choose a label column.
    static let labelSampleRows = 1_000

    /// The labels of `values` of `labeling`'s key column, by key value (keys whose label is NULL
    /// have none), the values no parent row has (the link's orphans among them, compared as
    /// SQLite compares the key columns), and the statements that read them: none when no value
    /// needed a label, a second one only when some value matched no parent row exactly. Each
    /// statement is recorded as every fetch's is.
    package func fetchLabels(_ labeling: KeyLabeling, for values: [DatabaseValue]) throws -> KeyLabels {
        guard let statement = labeling.statement(for: values) else { return KeyLabels() }
        var result = KeyLabels(statements: [statement])
        var found = Set<DatabaseValue>()
        for row in try run(statement).values where row.count == 2 {
            found.insert(row[0])
            if !row[1].isNull, result.labels[row[0]] == nil { result.labels[row[0]] = row[1] }
        }
        // A value SQLite matched under another storage class (the text '1' for the key 1) is not
        // found by equality here: the second statement asks SQLite which values really have none.
        let unmatched = statement.arguments.filter { !found.contains($0) }
        guard let orphans = labeling.orphanStatement(for: unmatched) else { return result }
        result.statements.append(orphans)
        result.orphans = Set(try run(orphans).values.compactMap(\.first))
        return result
    }
}

/// What `Database.fetchLabels` read for one key column of a page.
package struct KeyLabels: Sendable, Equatable {
    /// The parent's label of each key value that has a parent row with a non-NULL label.
    package var labels: [DatabaseValue: DatabaseValue] = [:]
    /// The non-NULL key values that match no row of the parent: orphans, shown as such.
    package var orphans: Set<DatabaseValue> = []
    /// The statements that ran, in order.
    package var statements: [GeneratedStatement] = []
}
