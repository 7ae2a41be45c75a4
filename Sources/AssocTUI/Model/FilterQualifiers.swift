import AssocCore

/// A typed filter names included tables the way the grid shows them (`author.name = 'x'`,
/// `author_country.code = 'FR'`): each name that is not yet an alias of the request becomes the
/// alias of the scope it names, so the filter runs as typed.
enum FilterQualifiers {
    static func resolving(_ expression: AssocCore.Expression, in request: Request, tree: RequestScope?) -> Request {
        guard let tree else { return request }
        var request = request
        let existing = Set(request.tableAliases.map { $0.lowercased() })
        for qualifier in expression.qualifiers where !existing.contains(qualifier.lowercased()) {
            guard let path = joinPath(naming: qualifier, in: tree) else { continue }
            request = request.aliasing(joinAt: path, as: qualifier)
        }
        return request
    }

    /// The join path of the scope whose keys, joined by `_`, make `name` (any case).
    private static func joinPath(naming name: String, in tree: RequestScope) -> [Int]? {
        var found: [Int]?
        func walk(_ scope: RequestScope, _ keys: [String]) {
            for child in scope.scopes where found == nil {
                let path = keys + [child.key]
                if path.joined(separator: "_").lowercased() == name.lowercased(), let joinPath = child.joinPath, !joinPath.isEmpty {
                    found = joinPath
                    return
                }
                walk(child, path)
            }
        }
        walk(tree, [])
        return found
    }
}
