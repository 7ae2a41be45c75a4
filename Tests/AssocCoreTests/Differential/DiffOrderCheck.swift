import AssocCore

/// Checks that fetched rows are sorted as their request orders them, with SQLite's semantics
/// (NULLs first in ascending order), reading the ordered values back from the rows' scopes.
enum DiffOrderCheck {
    struct Term {
        /// Scope keys from the row to the ordered table; nil when that table selects no column.
        var path: [String]?
        var column: String
        var descending: Bool
    }

    /// ORDER BY terms of a statement whose first table is `node`: its own, then its joined tables', depth-first.
    static func terms(_ node: PlanNode, path: [String] = []) -> [Term] {
        var result = node.ordering.map {
            Term(path: node.isIncluded ? path : nil, column: $0.column, descending: $0.descending == true)
        }
        for child in node.children where child.kind != .all {
            result += terms(child.node, path: path + [child.key])
        }
        return result
    }

    /// A message naming the first pair of rows out of order, or nil. Recurses into prefetched lists.
    static func violation(_ rows: [Row], _ node: PlanNode) -> String? {
        let terms = terms(node)
        if !terms.isEmpty && rows.count > 1 {
            for index in 1..<rows.count {
                if let message = compare(rows[index - 1], rows[index], terms) {
                    return
                        "rows \(index - 1) and \(index) out of order: \(message)\n  \(rows[index - 1].debugDescription)\n  \(rows[index].debugDescription)"
                }
            }
        }
        for (path, child) in prefetches(node, path: []) {
            for row in rows {
                guard let scope = scope(row, path[...]),
                    let list = scope.prefetched.first(where: { $0.key == child.key })?.rows
                else { continue }
                if let message = violation(list, child.node) { return "in prefetched \(child.key): " + message }
            }
        }
        return nil
    }

    private static func compare(_ a: Row, _ b: Row, _ terms: [Term]) -> String? {
        for term in terms {
            guard let path = term.path, let x = value(a, path, term.column), let y = value(b, path, term.column) else { return nil }
            var c = SQLiteSemantics.compare(x, y)
            if term.descending { c = -c }
            if c < 0 { return nil }
            if c > 0 { return "\(path + [term.column]) \(x) before \(y)\(term.descending ? " DESC" : "")" }
        }
        return nil
    }

    private static func value(_ row: Row, _ path: [String], _ column: String) -> DatabaseValue? {
        guard let scope = scope(row, path[...]), let index = scope.columnNames.firstIndex(of: column) else { return nil }
        return scope.values[index]
    }

    private static func scope(_ row: Row, _ path: ArraySlice<String>) -> Row? {
        guard let first = path.first else { return row }
        guard let next = row.scopes.first(where: { $0.key == first })?.row else { return nil }
        return scope(next, path.dropFirst())
    }

    /// Prefetched children below `node` in the main statement, with the path of the scope they attach to.
    private static func prefetches(_ node: PlanNode, path: [String]) -> [([String], PlanChild)] {
        var result: [([String], PlanChild)] = []
        for child in node.children {
            if child.kind == .all {
                result.append((path, child))
            } else {
                result += prefetches(child.node, path: child.node.isScope ? path + [child.key] : path)
            }
        }
        return result
    }
}
