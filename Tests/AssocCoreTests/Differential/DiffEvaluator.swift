import AssocCore

/// A row as the comparison sees it: values of its scope, nested scopes (nil: absent), prefetched lists.
struct DiffTree {
    var values: [DatabaseValue]
    var scopes: [(key: String, tree: DiffTree?)] = []
    var prefetched: [(key: String, rows: [DiffTree])] = []

    init(values: [DatabaseValue], scopes: [(key: String, tree: DiffTree?)] = [], prefetched: [(key: String, rows: [DiffTree])] = []) {
        self.values = values
        self.scopes = scopes
        self.prefetched = prefetched
    }

    /// An AssocCore row, taken apart.
    init(_ row: Row) {
        values = row.values
        scopes = row.scopes.map { ($0.key, DiffTree($0.row)) }
        prefetched = row.prefetched.map { ($0.key, $0.rows.map(DiffTree.init)) }
    }

    /// No value, no nested value, no prefetched row: an absent optional association.
    var isBlank: Bool {
        values.allSatisfy(\.isNull) && scopes.allSatisfy { $0.tree?.isBlank ?? true } && prefetched.allSatisfy { $0.rows.isEmpty }
    }

    /// A canonical text: scopes and prefetch keys sorted, prefetched lists compared as multisets.
    static func canonical(_ tree: DiffTree?) -> String {
        guard let tree, !tree.isBlank else { return "∅" }
        var text = "[" + tree.values.map(canonical).joined(separator: ",")
        for (key, scope) in tree.scopes.sorted(by: { $0.key < $1.key }) {
            text += " " + key + ":" + canonical(scope)
        }
        for (key, rows) in tree.prefetched.sorted(by: { $0.key < $1.key }) {
            text += " " + key + "+{" + rows.map { canonical($0) }.sorted().joined(separator: ";") + "}"
        }
        return text + "]"
    }

    static func canonical(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return "i\(i)"
        case .real(let d): return "r\(d)"
        case .text(let s): return "t" + s.debugDescription
        case .blob(let b): return "b\(b)"
        }
    }
}

/// Evaluates a plan over the tables with nested loops.
struct DiffEvaluator {
    let tables: DiffTables

    /// A partial result for one node: its tree (nil: absent) and the prefetched lists that go to
    /// the nearest scope above because the node is not a scope.
    private struct Binding {
        var tree: DiffTree?
        var hoisted: [(key: String, rows: [DiffTree])]
    }

    /// The rows of the request whose root is `root`.
    func rows(root: PlanNode) -> [DiffTree] {
        let table = tables.rows(root.table)
        var result: [DiffTree] = []
        for row in table.rows where root.filters.allSatisfy({ SQLiteSemantics.evaluate($0, table, row) == true }) {
            result += evaluate(root, row).map(finish)
        }
        return result
    }

    private func finish(_ binding: Binding) -> DiffTree {
        var tree = binding.tree ?? DiffTree(values: [])
        tree.prefetched += binding.hoisted
        return tree
    }

    /// The rows of `child.node` that match `parentRow` (join pairs, then the association's filters).
    private func matches(_ child: PlanChild, parentTable: DiffTables.TableRows, parentRow: [DatabaseValue]) -> [[DatabaseValue]] {
        let table = tables.rows(child.node.table)
        var parents: [(DiffTables.TableRows, [DatabaseValue])] = [(parentTable, parentRow)]
        if let pivot = child.pivot {
            let pivotTable = tables.rows(pivot.table)
            parents = pivotTable.rows.filter { row in
                pivot.pairs.allSatisfy {
                    SQLiteSemantics.equals(pivotTable.value(row, $0.destination), parentTable.value(parentRow, $0.origin)) == true
                }
            }.map { (pivotTable, $0) }
        }
        var result: [[DatabaseValue]] = []
        for (ptable, prow) in parents {
            for row in table.rows {
                let joined = child.pairs.allSatisfy {
                    SQLiteSemantics.equals(table.value(row, $0.destination), ptable.value(prow, $0.origin)) == true
                }
                if joined && child.node.filters.allSatisfy({ SQLiteSemantics.evaluate($0, table, row) == true }) {
                    result.append(row)
                }
            }
        }
        return result
    }

    private func evaluate(_ node: PlanNode, _ row: [DatabaseValue]) -> [Binding] {
        let table = tables.rows(node.table)
        let isScope = node.isScope
        var combos = [Binding(tree: DiffTree(values: node.isIncluded ? row : []), hoisted: [])]
        for child in node.children {
            let found = matches(child, parentTable: table, parentRow: row)
            if child.kind == .all {
                let list = found.flatMap { evaluate(child.node, $0).map(finish) }
                for i in combos.indices {
                    if isScope { combos[i].tree?.prefetched.append((child.key, list)) } else { combos[i].hoisted.append((child.key, list)) }
                }
                continue
            }
            var childBindings = found.flatMap { evaluate(child.node, $0) }
            if childBindings.isEmpty {
                if child.kind == .required { return [] }
                let hoisted = child.node.isScope ? [] : child.node.hoistedKeys.map { (key: $0, rows: [DiffTree]()) }
                childBindings = [Binding(tree: nil, hoisted: hoisted)]
            }
            var next: [Binding] = []
            next.reserveCapacity(combos.count * childBindings.count)
            for combo in combos {
                for binding in childBindings {
                    var merged = combo
                    if child.node.isScope { merged.tree?.scopes.append((child.key, binding.tree)) }
                    if isScope { merged.tree?.prefetched += binding.hoisted } else { merged.hoisted += binding.hoisted }
                    next.append(merged)
                }
            }
            combos = next
        }
        return combos
    }
}
