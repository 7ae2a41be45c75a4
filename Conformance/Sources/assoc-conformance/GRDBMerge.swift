/// A model of how GRDB 7.10 merges associations attached under one key (its chaining
/// and merge rules): a through association joins its pivot under the pivot's key, which merges with a
/// sibling join of the same key, recursively. GRDB traps when a merge fails (two different
/// associations, to-one and `including(all:)`, a direct and an indirect prefetch, two different
/// user aliases); such requests cannot be run through GRDB, so they are excluded, with the reason.
enum GRDBMerge {
    enum Kind { case toOne, all, bridge }

    final class Node {
        var children: [String: Entry] = [:]
    }

    struct Entry {
        var identity: String
        var kind: Kind
        var alias: String?
        var node: Node
    }

    /// The reason GRDB would trap while attaching `joins` to one relation, or nil.
    static func conflict(_ joins: [JoinSpec]) -> String? {
        let root = Node()
        for join in joins {
            if let reason = attach(join, to: root) { return reason }
        }
        return nil
    }

    private static func attach(_ join: JoinSpec, to parent: Node) -> String? {
        let def = join.association
        let node = Node()
        for child in join.children {
            // A prefetch's children belong to its own request, but GRDB merges them all the same.
            if let reason = attach(child, to: node) { return reason }
        }
        let isAll = join.method == .includingAll
        if def.isThrough {
            let pivotNode = Node()
            let targetKey = isAll ? def.name : def.scopeKey
            pivotNode.children[targetKey] = Entry(
                identity: def.targetIdentity, kind: isAll ? .all : .toOne, alias: join.alias, node: node)
            return merge(
                Entry(identity: def.pivotIdentity, kind: isAll ? .bridge : .toOne, alias: nil, node: pivotNode),
                key: isAll ? def.pivot : def.pivotKey, into: parent)
        }
        let key = isAll ? def.name : (def.isToMany ? def.scopeKey : def.name)
        return merge(Entry(identity: def.identity, kind: isAll ? .all : .toOne, alias: join.alias, node: node), key: key, into: parent)
    }

    private static func merge(_ entry: Entry, key: String, into parent: Node) -> String? {
        guard let existing = parent.children[key] else {
            parent.children[key] = entry
            return nil
        }
        if existing.identity != entry.identity {
            return "ambiguous key: two associations under one key"
        }
        switch (existing.kind, entry.kind) {
        case (.toOne, .toOne), (.all, .all), (.bridge, .bridge): break
        case (.all, .bridge), (.bridge, .all):
            return "ambiguous key: direct and through prefetch under one key"
        default:
            return "ambiguous key: through pivot and a sibling prefetch under one key"
        }
        if let a = existing.alias, let b = entry.alias, a.lowercased() != b.lowercased() {
            return "ambiguous key: two aliases for one merged association"
        }
        var merged = existing
        if merged.alias == nil { merged.alias = entry.alias }
        for (childKey, child) in entry.node.children {
            if let reason = merge(child, key: childKey, into: merged.node) { return reason }
        }
        parent.children[key] = merged
        return nil
    }
}
