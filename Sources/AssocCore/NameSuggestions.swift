/// The one "did you mean" helper of the project: the request parser's method names, unknown
/// tables, columns, associations and aliases, and the command line's `--table` all use it.
package enum NameSuggestions {
    /// Up to `limit` names of `candidates` close to `name`, best first: within an edit distance of
    /// a third of the name's length (at least 2), case-insensitive, or (with `matchingPrefixes`)
    /// starting with `name`. Ties keep the order of `candidates`.
    package static func closest(
        to name: String, among candidates: [String], limit: Int = 3, matchingPrefixes: Bool = true
    ) -> [String] {
        let target = name.lowercased()
        let threshold = max(2, target.count / 3)
        return candidates.enumerated()
            .map { (index: $0.offset, name: $0.element, distance: distance(target, $0.element.lowercased())) }
            .filter { $0.distance <= threshold || (matchingPrefixes && !target.isEmpty && $0.name.lowercased().hasPrefix(target)) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(limit)
            .map(\.name)
    }

    /// Levenshtein distance between the first 64 Unicode scalars of `a` and `b` (names longer
    /// than that are not typos worth the quadratic cost).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64))
        let b = Array(b.unicodeScalars.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }
}

/// Names close to `name` among `candidates` (see `NameSuggestions.closest`).
func closestNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
    NameSuggestions.closest(to: name, among: candidates, limit: limit)
}
