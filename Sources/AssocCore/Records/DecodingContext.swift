/// What the record decoder knows about the rows of one fetch, per scope: the scope's tables
/// (`TableLayout`), the contexts of its scopes and prefetched rows, and, per `CodingKey` type,
/// where each key was found the first time (`KeyPlan`).
///
/// The rows of one fetch share their shape (the same column names, the same scopes in the same
/// order), so a key is looked up by name once per statement, not once per row. Every cached
/// answer is still checked against the row at hand (the column's name, the scope's key), so a
/// row of another shape is decoded by the full lookup, never from a wrong column.
///
/// A context travels with the rows handed to `FetchableRecord.init(row:)` (rows are `Sendable`),
/// so its plans sit behind a lock, taken once per decoded record, not per key.
final class DecodingContext: Sendable {
    let layout: TableLayout
    /// Contexts of the scopes reachable from this row, by key, first found breadth-first
    /// (`Row.anyScope(_:)`).
    private let scopeContexts: [(key: String, context: DecodingContext)]
    /// Contexts of the rows prefetched under each key, first found breadth-first.
    private let prefetchedContexts: [(key: String, context: DecodingContext)]

    private let plans = Locked<[ObjectIdentifier: KeyPlan]>([:])

    init(layout: TableLayout) {
        self.layout = layout
        var scopes: [(key: String, context: DecodingContext)] = []
        var prefetched: [(key: String, context: DecodingContext)] = []
        for current in layout.breadthFirstScopes {
            for (key, scope) in current.scopes where !scopes.contains(where: { $0.key == key }) {
                scopes.append((key, DecodingContext(layout: scope)))
            }
            for (key, rows) in current.prefetched where !prefetched.contains(where: { $0.key == key }) {
                prefetched.append((key, DecodingContext(layout: rows)))
            }
        }
        scopeContexts = scopes
        prefetchedContexts = prefetched
    }

    /// The context of the scope `key`, as the decoder finds that scope (breadth-first).
    func scope(_ key: String) -> DecodingContext? {
        scopeContexts.first { $0.key == key }?.context
    }

    /// The context of the rows prefetched under `key`.
    func prefetched(_ key: String) -> DecodingContext? {
        prefetchedContexts.first { $0.key == key }?.context
    }

    /// The keys already resolved for containers keyed by `keyType`.
    func plan(for keyType: ObjectIdentifier) -> KeyPlan {
        plans.withLock { $0[keyType] ?? KeyPlan() }
    }

    /// Adds the keys a container resolved to the plan of `keyType` (keys already there are kept).
    func learn(_ entries: [KeyPlan.Entry], for keyType: ObjectIdentifier) {
        plans.withLock { plans in
            var plan = plans[keyType] ?? KeyPlan()
            for entry in entries where !plan.entries.contains(where: { $0.key == entry.key }) {
                plan.entries.append(entry)
            }
            plans[keyType] = plan
        }
    }
}

/// Where a container's keys were found, in the order they were first asked for (the order of a
/// synthesized `init(from:)`), so that the next row's keys are usually found at the next entry.
struct KeyPlan {
    struct Entry {
        /// The key's `stringValue`.
        let key: String
        let source: KeySource
        /// For a key matching nothing in the row: the property type last asked for, and whether
        /// that type decodes from the row itself (`decodesFromRowItself`).
        var rowItself: (type: ObjectIdentifier, decodes: Bool)?
    }

    var entries: [Entry] = []
}

/// Where a key of a record was found in a row: the decoder's lookup order (columns, then scopes
/// breadth-first, then prefetched rows), done once.
enum KeySource {
    /// The column at this index of the row's scope; its name, to check the row at hand.
    case column(index: Int, name: String)
    /// The scope reached by these indexes into `scopes`, nested; the last one's key is the key.
    case scope(path: [Int])
    /// Rows prefetched under the key (looked up by name in each row).
    case prefetched
    /// No column, scope or prefetched rows.
    case absent
}

extension Row {
    /// The scope `key` as `anyScope(_:)` finds it, and the indexes that reach it.
    func anyScopePath(_ key: String) -> (row: Row, path: [Int])? {
        for (index, scope) in scopes.enumerated() where scope.key == key { return (scope.row, [index]) }
        if scopes.isEmpty { return nil }
        let walk = BreadthFirst((row: self, path: [Int]())) { node in
            node.row.scopes.enumerated().map { (row: $0.element.row, path: node.path + [$0.offset]) }
        }
        for (row, path) in walk {
            for (position, scope) in row.scopes.enumerated() where scope.key == key {
                return (scope.row, path + [position])
            }
        }
        return nil
    }

    /// The scope at `path` (indexes into `scopes`), if its key is `key`.
    func scope(at path: [Int], key: String) -> Row? {
        var row = self
        for (depth, index) in path.enumerated() {
            guard index >= 0, index < row.scopes.count else { return nil }
            if depth == path.count - 1 {
                return row.scopes[index].key == key ? row.scopes[index].row : nil
            }
            row = row.scopes[index].row
        }
        return nil
    }
}
