/// Association keys GRDB's row decoder would not reach. It looks a key up among the row's
/// columns first, case-insensitively, then among its scopes and prefetched rows: an association
/// `row` joined from a table with a column `Row` (or from below it, decoded flat) would be read
/// from that column, and the decoding fails. Such associations get another key in the generated
/// code (`forKey("rowAssociation")`); the program's JSON still writes Assoc's key.
enum SwiftKeyCollisions {
    /// `request` with each association whose key collides renamed with `forKey`, and the renames
    /// (GRDB's key → Assoc's key). Unchanged when nothing collides.
    static func renamed(
        _ request: Request, resolved: ResolvedQuery, names nameOf: (Expression) -> String?
    ) -> (request: Request, renames: [String: String]) {
        var pathByNode: [Int: [Int]] = [:]
        for (path, id) in resolved.joinNodes where pathByNode[id].map({ path.count < $0.count }) ?? true {
            pathByNode[id] = path
        }
        var allKeys = Set<String>()
        collectKeys(resolved.root, into: &allKeys)
        var newKeys: [[Int]: String] = [:]
        var renames: [String: String] = [:]
        func visit(_ node: QueryNode, above: Set<String>) {
            var names = above
            for column in node.table.columns { names.insert(column.name.lowercased()) }
            for item in node.selection {
                if case .expression(let e) = item, let name = nameOf(e) { names.insert(name.lowercased()) }
            }
            for annotation in node.annotations {
                if let name = nameOf(annotation) { names.insert(name.lowercased()) }
            }
            for child in node.children {
                if names.contains(child.key.lowercased()), let path = pathByNode[child.node.id], newKeys[path] == nil {
                    var key = child.key + "Association"
                    var number = 2
                    while names.contains(key.lowercased()) || allKeys.contains(key.lowercased()) {
                        key = child.key + "Association" + String(number)
                        number += 1
                    }
                    allKeys.insert(key.lowercased())
                    newKeys[path] = key
                    renames[key] = child.key
                }
                visit(child.node, above: names)
            }
        }
        visit(resolved.root, above: [])
        guard !newKeys.isEmpty else { return (request, [:]) }
        var copy = request
        copy.relation = rewrite(request.relation, path: [], keys: newKeys)
        return (copy, renames)
    }

    private static func collectKeys(_ node: QueryNode, into keys: inout Set<String>) {
        for child in node.children {
            keys.insert(child.key.lowercased())
            collectKeys(child.node, into: &keys)
        }
    }

    private static func rewrite(_ relation: Relation, path: [Int], keys: [[Int]: String]) -> Relation {
        var relation = relation
        for index in relation.joins.indices {
            let joinPath = path + [index]
            var association = relation.joins[index].association
            association.relation = rewrite(association.relation, path: joinPath, keys: keys)
            if let key = keys[joinPath] { association = association.forKey(key) }
            relation.joins[index].association = association
        }
        return relation
    }
}
