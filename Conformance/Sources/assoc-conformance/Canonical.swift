/// The view of a fetched row that the comparison needs; each library's `Row` conforms.
protocol RowView {
    /// This scope's own columns, `name=value`, hidden grouping columns excluded.
    var valueStrings: [String] { get }
    /// The direct scope named `key`, present or not.
    func scopeRow(_ key: String) -> Self?
    /// True when a value of the scope or of a nested scope is not NULL.
    var isPresent: Bool { get }
    /// All direct scopes, in order.
    var childScopes: [(key: String, row: Self)] { get }
    /// Rows prefetched under `key`.
    func prefetched(_ key: String) -> [Self]?
}

/// A canonical text for a fetched row: values, scopes by key (present/absent), prefetched rows as sorted multisets.
func render<R: RowView>(_ row: R, children: [JoinSpec], budget: Budget) -> String {
    guard budget.spend() else { return "" }
    var parts = [row.valueStrings.joined(separator: ",")]
    for child in children {
        if let part = renderChild(row, child, budget: budget) { parts.append(part) }
    }
    return "[" + parts.joined(separator: " | ") + "]"
}

private func renderChild<R: RowView>(_ row: R, _ child: JoinSpec, budget: Budget) -> String? {
    let name = child.association.name
    if child.method == .includingAll {
        let rows = row.prefetched(name) ?? []
        // Ordered prefetches keep their order (rows of one record grouped); others are multisets.
        let rendered = child.ordering.isEmpty
            ? rows.map { render($0, children: child.children, budget: budget) }.sorted()
            : grouped(rows, children: child.children, budget: budget)
        return "\(name):{" + rendered.joined(separator: "; ") + "}"
    }
    guard child.hasIncludedContent else { return nil }
    let key = child.association.scopeKey
    // A through association's target hangs below its pivot's scope: search breadth-first.
    let found = child.association.isThrough
        ? (row.scopeRow(child.association.pivotKey)?.scopeRow(key) ?? scopeTree(row, key))
        : row.scopeRow(key)
    if !child.method.isIncluding {
        // A joined association selects nothing: only its descendants' content counts. GRDB gives
        // it no scope when only prefetches hang below it (they hang on the parent row), AssocCore
        // a scope without columns: read the descendants from either.
        let host = found ?? row
        return "\(key):~" + child.children.compactMap { renderChild(host, $0, budget: budget) }.joined(separator: " | ")
    }
    guard let scope = found else { return "\(key):NO-SCOPE" }
    guard scope.isPresent else { return "\(key):absent" }
    return "\(key):" + render(scope, children: child.children, budget: budget)
}

/// Renders all rows; rows of one root (consecutive equal root values) are sorted, since to-many
/// joins multiply root rows in an order that the primary-key ordering does not fix.
/// Nil when the rendering would exceed `limit` rendered rows (prefetched rows count once per row
/// that carries them): such a request is skipped, for memory.
func canonical<R: RowView>(_ rows: [R], spec: RequestSpec, limit: Int = 300_000) -> [String]? {
    let budget = Budget(limit)
    let result = grouped(rows, children: spec.children, budget: budget)
    return budget.isExhausted ? nil : result
}

/// How many more rows may be rendered.
final class Budget {
    private var remaining: Int

    init(_ limit: Int) { remaining = limit }

    var isExhausted: Bool { remaining < 0 }

    /// Counts one rendered row; false once the budget is spent.
    func spend() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}

/// Rendered rows in order, except that consecutive rows with equal own values are sorted among
/// themselves (joined to-many rows come in an order the request does not fix).
func grouped<R: RowView>(_ rows: [R], children: [JoinSpec], budget: Budget) -> [String] {
    var result: [String] = []
    var group: [String] = []
    var groupKey: [String]?
    for row in rows {
        let key = row.valueStrings
        if key != groupKey {
            result += group.sorted()
            group = []
            groupKey = key
        }
        guard !budget.isExhausted else { return [] }
        group.append(render(row, children: children, budget: budget))
    }
    return result + group.sorted()
}

/// The scope named `key`, searched breadth-first below `row`.
func scopeTree<R: RowView>(_ row: R, _ key: String) -> R? {
    var queue = row.childScopes
    var index = 0
    while index < queue.count {
        let (name, scope) = queue[index]
        if name == key { return scope }
        queue += scope.childScopes
        index += 1
    }
    return nil
}
