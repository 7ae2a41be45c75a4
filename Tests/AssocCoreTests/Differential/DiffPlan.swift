import AssocCore

/// The shape AssocCore is expected to give a random request, written from the documented rules
/// (keys and their inflection, through associations as pivot + target, prefetch), not from its code:
/// one `PlanNode` per joined table.
final class PlanNode {
    let table: String
    var filters: [DiffPredicate]
    var ordering: [DiffOrderTerm]
    /// `including` selects the table's columns; `joining` and through pivots select none.
    var isIncluded: Bool
    var children: [PlanChild] = []

    init(table: String, filters: [DiffPredicate], ordering: [DiffOrderTerm], isIncluded: Bool) {
        self.table = table
        self.filters = filters
        self.ordering = ordering
        self.isIncluded = isIncluded
    }

    /// A node is a row scope when it selects columns or has a joined descendant that does.
    var isScope: Bool {
        isIncluded || children.contains { $0.kind == .all || $0.node.isScope }
    }

    /// Prefetch keys of a node that is not a scope: they attach to the nearest scope above.
    var hoistedKeys: [String] {
        children.flatMap { child -> [String] in
            if child.kind == .all { return [child.key] }
            return child.node.isScope ? [] : child.node.hoistedKeys
        }
    }
}

struct PlanChild {
    enum Kind { case required, optional, all }

    var key: String
    var kind: Kind
    /// origin: column of the parent table; destination: column of `node.table`.
    var pairs: [ColumnPair]
    var node: PlanNode
    /// Prefetched through associations: the pivot's table and pairs, crossed before `pairs`.
    var pivot: (table: String, pairs: [ColumnPair])?
}

enum DiffPlan {
    /// Keys met twice at one level: same join (merged) or different joins (refused by the engine).
    struct MergeCount {
        var merges = 0
        var conflicts = 0
    }

    static func singularKey(_ base: String, toMany: Bool) -> String { toMany ? Inflector.singularize(base) : base }
    static func pluralKey(_ base: String, toMany: Bool) -> String { toMany ? base : Inflector.pluralize(base) }

    /// The singular key of an association joined as to-one: its documented singular name when
    /// inflection gets it wrong (`booksAsAuthor` → `bookAsAuthor`), unless forKey renamed it.
    static func singularKey(of association: Association, forKey: String?) -> String {
        if forKey == nil, association.isToMany, let singular = association.singularName { return singular }
        return singularKey(forKey ?? association.name, toMany: association.isToMany)
    }

    /// The key the child takes at its parent's level: the pivot's key for a joined through association.
    static func levelKey(_ child: DiffChild) -> String {
        let a = child.association
        if child.method == .includingAll { return pluralKey(child.forKey ?? a.name, toMany: a.isToMany) }
        if case .through(let pivot, _) = a.path { return singularKey(of: pivot, forKey: nil) }
        return singularKey(of: a, forKey: child.forKey)
    }

    /// The plan of a request's tree. Children attached under one key merge as the association
    /// guide says (same join: filters AND-ed, required wins, selected wins, the newcomer's ordering
    /// wins, children merged by key, the merged child moves last); `conflicts` counts keys shared by
    /// different joins, which the engine must refuse.
    static func plan(_ node: DiffNode, isIncluded: Bool, conflicts: inout MergeCount) -> PlanNode {
        let result = PlanNode(table: node.table, filters: node.filters, ordering: node.ordering ?? [], isIncluded: isIncluded)
        for child in node.children {
            let planned = plan(child, conflicts: &conflicts)
            if let index = result.children.firstIndex(where: { $0.key == planned.key }) {
                let existing = result.children.remove(at: index)
                result.children.append(merge(existing, planned, conflicts: &conflicts))
            } else {
                result.children.append(planned)
            }
        }
        return result
    }

    private static func merge(_ a: PlanChild, _ b: PlanChild, conflicts: inout MergeCount) -> PlanChild {
        let sameJoin =
            a.node.table.lowercased() == b.node.table.lowercased() && a.pairs == b.pairs
            && (a.kind == .all) == (b.kind == .all)
        if sameJoin { conflicts.merges += 1 } else { conflicts.conflicts += 1 }
        var merged = a
        if a.kind == .required || b.kind == .required { merged.kind = .required }
        let node = a.node
        node.filters += b.node.filters
        if !b.node.ordering.isEmpty { node.ordering = b.node.ordering }
        node.isIncluded = a.node.isIncluded || b.node.isIncluded
        for child in b.node.children {
            if let index = node.children.firstIndex(where: { $0.key == child.key }) {
                node.children[index] = merge(node.children[index], child, conflicts: &conflicts)
            } else {
                node.children.append(child)
            }
        }
        merged.node = node
        return merged
    }

    static func plan(_ child: DiffChild, conflicts: inout MergeCount) -> PlanChild {
        let a = child.association
        let method = child.method
        let kind: PlanChild.Kind = method == .includingAll ? .all : (method.isRequired ? .required : .optional)
        let target = plan(child.node, isIncluded: method.isIncluding, conflicts: &conflicts)
        switch a.path {
        case .direct(let pairs):
            return PlanChild(key: levelKey(child), kind: kind, pairs: pairs, node: target)
        case .through(let pivot, let second):
            if method == .includingAll {
                return PlanChild(
                    key: levelKey(child), kind: .all, pairs: second.columns, node: target,
                    pivot: (pivot.destination, pivot.columns))
            }
            let pivotNode = PlanNode(table: pivot.destination, filters: [], ordering: [], isIncluded: false)
            pivotNode.children = [
                PlanChild(
                    key: singularKey(of: a, forKey: child.forKey), kind: kind, pairs: second.columns, node: target)
            ]
            return PlanChild(key: levelKey(child), kind: method.isRequired ? .required : .optional, pairs: pivot.columns, node: pivotNode)
        }
    }
}
