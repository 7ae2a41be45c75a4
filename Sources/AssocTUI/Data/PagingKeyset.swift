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
    /// The key column.
    var key: String
    /// Whether the key is selected under `RequestDataSource.hiddenKeyName` (a rowid, or a key a
    /// chosen selection leaves out).
    var hiddenKey: Bool
    /// Sort terms the grid does not show (expressions, columns the selection leaves out), selected
    /// under hidden names (`RequestDataSource.hiddenSortName`).
    var hiddenTerms: [HiddenTerm] = []

    struct HiddenTerm: Sendable, Equatable {
        var name: String
        var expression: AssocCore.Expression
    }

    /// `request` selecting what the grid does not show but paging reads: the hidden key, the
    /// hidden sort terms.
    func selecting(_ request: Request) -> Request {
        var request = request
        if hiddenKey { request = request.annotated(with: Column(key).expression.forKey(RequestDataSource.hiddenKeyName)) }
        for term in hiddenTerms { request = request.annotated(with: term.expression.forKey(term.name)) }
        return request
    }

    /// The names of the columns `selecting` adds, left out of the grid.
    var hiddenColumns: Set<String> {
        Set((hiddenKey ? [RequestDataSource.hiddenKeyName] : []) + hiddenTerms.map(\.name))
    }

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

    /// Whether the order is the visible key ascending alone (the view has no sort of its own).
    var isKeyOnly: Bool { terms.count == 1 && terms.first?.descending == false && !hiddenKey }

    /// `price, id` for the SQL pane's note.
    var description: String {
        zip(terms, zip(names, paths)).map { term, source in
            let (name, path) = source
            let shown: String
            if name == RequestDataSource.hiddenKeyName {
                shown = key
            } else if hiddenTerms.contains(where: { $0.name == name }) {
                shown = (try? term.expression.languageText()) ?? "an expression"
            } else {
                shown = (path + [name]).joined(separator: ".")
            }
            return shown + (term.descending ? " DESC" : "")
        }.joined(separator: ", ")
    }
}
