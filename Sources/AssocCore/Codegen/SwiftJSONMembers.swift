/// The association members of the JSON objects a generated program prints, as a Swift literal
/// (`[.scope("author", [.scope("country", [])]), .prefetched("prizes", hidden: 1, [])]`): the
/// request's joins and prefetches in Assoc's order, so that the program writes the members of
/// `assoc fetch --format json` in the same order, GRDB's row scopes being a dictionary.
enum SwiftJSONMembers {
    /// The literal for the children of `node`, one level per line of nesting.
    /// `names`: Assoc's key of each association the code joins under another key (GRDB's key → Assoc's).
    static func literal(for node: QueryNode, names: [String: String] = [:]) -> String {
        "[" + members(of: node, names: names).joined(separator: ", ") + "]"
    }

    private static func members(of node: QueryNode, names: [String: String]) -> [String] {
        var scopes: [String] = []
        var prefetched: [String] = []
        for child in node.children {
            var key = SwiftNames.stringLiteral(child.key)
            if let name = names[child.key] { key += ", as: " + SwiftNames.stringLiteral(name) }
            if child.kind == .all {
                // The hidden grouping columns GRDB adds to prefetched rows (`grdb_<column>`), one
                // per column of the first step's join.
                let hidden = (child.prefetchChain.first?.pairs ?? child.pairs).count
                prefetched.append(".prefetched(\(key), hidden: \(hidden), \(literal(for: child.node, names: names)))")
            } else {
                scopes.append(".scope(\(key), \(literal(for: child.node, names: names)))")
            }
        }
        return scopes + prefetched
    }
}
