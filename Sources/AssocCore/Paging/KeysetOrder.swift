/// The total order a request pages on by keyset: its own sort, the order it has without writing
/// it, then the root's key, then the keys of the rows a to-many join repeats. Each term's value is
/// read from the rows (a column they show) or from a `HiddenValue` selected for it.
public struct KeysetOrder: Sendable, Hashable, CustomStringConvertible {
    /// Where a term's value is read.
    enum Source: Sendable, Hashable {
        /// A column of the row's scope at `path` (empty: the root's).
        case column(String, path: [String])
        /// The request's hidden value at this index (`hiddenValues`).
        case hidden(Int)
    }

    /// The terms, in order.
    package internal(set) var terms: [KeysetCondition.Term] = []
    /// Per term, where its value is read.
    var sources: [Source] = []
    /// Per term, how people read it (`album.id`); nil: its expression in the request language.
    var labels: [String?] = []
    /// The values selected for the terms the rows do not show.
    var hiddenValues: [HiddenValue] = []
    /// The root's key columns.
    package internal(set) var keyColumns: [String] = []
    /// How many terms at the end are the keys of tables a to-many join repeats: with the root's
    /// key before them, they identify a row.
    package internal(set) var joinKeyCount = 0

    /// Appends a term read from a column the rows show.
    mutating func appendShown(_ term: KeysetCondition.Term, name: String, path: [String] = []) {
        terms.append(term)
        sources.append(.column(name, path: path))
        labels.append((path + [name]).joined(separator: "."))
    }

    /// Appends a term whose value is selected as a hidden value of `role`.
    mutating func appendHidden(_ term: KeysetCondition.Term, role: HiddenColumnRole, label: String?) {
        terms.append(term)
        sources.append(.hidden(hiddenValues.count))
        labels.append(label)
        hiddenValues.append(HiddenValue(role: role, expression: term.expression))
    }

    /// `request` selecting the hidden values the order reads.
    package func selecting(_ request: Request) -> Request {
        var copy = request
        copy.hiddenValues = hiddenValues
        return copy
    }

    /// The values of the terms at `row`, whose hidden values are `hidden`; nil when one is missing.
    func values(of row: Row, hidden: [DatabaseValue]) -> [DatabaseValue]? {
        var values: [DatabaseValue] = []
        values.reserveCapacity(sources.count)
        for source in sources {
            switch source {
            case .hidden(let index):
                guard index < hidden.count else { return nil }
                values.append(hidden[index])
            case .column(let name, let path) where path.isEmpty:
                guard let value = row[name] else { return nil }
                values.append(value)
            case .column(let name, let path):
                // An include without a match has no scope: its columns are NULL. A through
                // include's scope sits inside its pivot's: searched through nested scopes.
                var scope: Row? = row
                for key in path { scope = scope?.scopeTree(key) }
                values.append(scope?[name] ?? .null)
            }
        }
        return values
    }

    /// `ORDER BY` the terms (reversed: every direction flipped, for the rows before a row).
    package func orderings(reversed: Bool = false) -> [Ordering] {
        // Ascending is SQL's default: written without ASC.
        terms.map { Ordering($0.expression, descending: $0.descending != reversed ? true : nil) }
    }

    /// The condition that keeps the row whose order has `values` alone: its root key, and the
    /// keys of the joined rows that repeat it.
    package func identifying(_ values: [DatabaseValue]) -> Expression? {
        let count = keyColumns.count + joinKeyCount
        guard terms.count == values.count, terms.count >= count else { return nil }
        let conditions = zip(terms.suffix(count), values.suffix(count)).map { term, value -> Expression in
            value.isNull ? .isNull(term.expression, negated: false) : .binary(.equal, term.expression, .value(value))
        }
        guard let first = conditions.first else { return nil }
        return conditions.dropFirst().reduce(first) { .binary(.and, $0, $1) }
    }

    /// The order of the rows' identity alone: the root's key, then the keys of the joined rows.
    package var identityOrderings: [Ordering] {
        terms.suffix(keyColumns.count + joinKeyCount).map { Ordering($0.expression) }
    }

    /// The root's first key column (what a jump to a key compares).
    package var firstKeyColumn: String { keyColumns.first ?? "rowid" }

    /// `Name, TrackId`, `price DESC, id`: the terms as people read them.
    public var description: String {
        zip(terms, labels).map { term, label in
            (label ?? (try? term.expression.languageText()) ?? "an expression") + (term.descending ? " DESC" : "")
        }.joined(separator: ", ")
    }
}
