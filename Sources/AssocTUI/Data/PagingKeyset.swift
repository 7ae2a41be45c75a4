import AssocCore

/// How a view pages by keyset: the terms of its order (its own sort on root columns, then the
/// root's key) and the names their values are read under in fetched rows. A page starts after
/// (or ends before) the values of an anchor row, with `KeysetCondition`.
struct PagingKeyset: Sendable, Equatable {
    /// The view's sort terms on root columns, then the key ascending.
    var terms: [KeysetCondition.Term]
    /// For each term, the row column its value is read from…
    var names: [String]
    /// …in the scope at this path (an include's; empty for the root).
    var paths: [[String]]
    /// The root's key columns (one, or a composite WITHOUT ROWID key).
    var keyColumns: [String]
    /// Terms the grid does not show (the rowid, key columns or sort columns the selection
    /// leaves out, expressions, the keys of joined rows), selected under hidden names.
    var hiddenTerms: [HiddenTerm] = []
    /// How many terms at the end are the keys of tables whose rows a to-many join repeats (after
    /// the root's key): together with it, they identify a row.
    var joinKeyCount = 0

    struct HiddenTerm: Sendable, Equatable {
        var name: String
        var expression: AssocCore.Expression
        /// How the SQL pane's note names it (`album.id`); nil: the expression as the request
        /// language writes it.
        var label: String?
    }

    /// `request` selecting what the grid does not show but paging reads (the hidden terms).
    func selecting(_ request: Request) -> Request {
        hiddenTerms.reduce(request) { $0.annotated(with: $1.expression.forKey($1.name)) }
    }

    /// Appends `term`, its value selected under the hidden `name` (`label` names it in the SQL
    /// pane's note).
    mutating func appendHidden(_ term: KeysetCondition.Term, name: String, label: String) {
        terms.append(term)
        names.append(name)
        paths.append([])
        hiddenTerms.append(HiddenTerm(name: name, expression: term.expression, label: label))
    }

    /// The names of the columns `selecting` adds, left out of the grid.
    var hiddenColumns: Set<String> { Set(hiddenTerms.map(\.name)) }

    /// The first key column (what `#` jumps on).
    var key: String { keyColumns.first ?? "rowid" }

    /// The values of the terms in `row`; nil when one is missing.
    func values(of row: Row) -> [DatabaseValue]? {
        var values: [DatabaseValue] = []
        values.reserveCapacity(names.count)
        for (name, path) in zip(names, paths) {
            guard !path.isEmpty else {
                guard let value = row[name] else { return nil }
                values.append(value)
                continue
            }
            // An include without a match has no scope: its columns are NULL. A through include's
            // scope sits inside its pivot's (columnless) scope: searched through nested scopes.
            var scope: Row? = row
            for key in path { scope = scope?.scopeTree(key) }
            values.append(scope?[name] ?? .null)
        }
        return values
    }

    /// `ORDER BY` the terms (reversed: every direction flipped, for the rows before an anchor).
    func orderings(reversed: Bool = false) -> [Ordering] {
        // Ascending is SQL's default: written without ASC.
        terms.map { Ordering($0.expression, descending: $0.descending != reversed ? true : nil) }
    }

    /// The condition that keeps the row whose order has `values` alone: its root key, and the
    /// keys of the joined rows that repeat it.
    func identifying(_ values: [DatabaseValue]) -> AssocCore.Expression? {
        let count = keyColumns.count + joinKeyCount
        guard terms.count == values.count, terms.count >= count else { return nil }
        let conditions = zip(terms.suffix(count), values.suffix(count)).map { term, value -> AssocCore.Expression in
            value.isNull ? .isNull(term.expression, negated: false) : .binary(.equal, term.expression, .value(value))
        }
        guard let first = conditions.first else { return nil }
        return conditions.dropFirst().reduce(first) { .binary(.and, $0, $1) }
    }

    /// The order of the rows' identity alone: the root's key, then the keys of the joined rows
    /// that repeat it.
    var identityOrderings: [Ordering] {
        terms.suffix(keyColumns.count + joinKeyCount).map { Ordering($0.expression) }
    }

    /// `price, id` for the SQL pane's note.
    var description: String {
        zip(terms, zip(names, paths)).map { term, source in
            let (name, path) = source
            let shown: String
            if let hidden = hiddenTerms.first(where: { $0.name == name }) {
                shown = hidden.label ?? (try? term.expression.languageText()) ?? "an expression"
            } else {
                shown = (path + [name]).joined(separator: ".")
            }
            return shown + (term.descending ? " DESC" : "")
        }.joined(separator: ", ")
    }
}
