import AssocCore

/// Rows written out whole, for comparing two fetches of one request: every scope's names and
/// values, every prefetched association's rows, nested, one line per row. With
/// `sortingPrefetched`, each prefetched list is sorted (SQL leaves the order of rows without
/// ORDER BY, or tied by it, to the query plan, which changes with the number of keys).
public enum RowDump {
    public static func text(_ rows: [Row], sortingPrefetched: Bool = false) -> String {
        rows.map { text($0, sortingPrefetched: sortingPrefetched) }.joined(separator: "\n")
    }

    public static func text(_ row: Row, sortingPrefetched: Bool = false) -> String {
        var out = "[" + zip(row.columnNames, row.values).map { "\($0)=\($1)" }.joined(separator: ",")
        for (key, scope) in row.scopes { out += " " + key + ":" + text(scope, sortingPrefetched: sortingPrefetched) }
        for (key, rows) in row.prefetched {
            let items = rows.map { text($0, sortingPrefetched: sortingPrefetched) }
            out += " " + key + "+{" + (sortingPrefetched ? items.sorted() : items).joined(separator: ";") + "}"
        }
        return out + "]"
    }
}
