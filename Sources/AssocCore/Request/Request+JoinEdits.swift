/// The edits of a request's joins, addressed by join path (`RequestJoin.path`: index among the
/// root's joins, then among that association's joins…), as pure functions: each returns the
/// edited request, and a path that names no join leaves the request as it is.
extension Request {
    /// `including(optional: association)` on the join at `parent` (on the root when empty): the
    /// new join's path is `parent + [joins(under: parent).count - 1]`.
    ///
    ///     // Table("track").including(optional: album), parent [0]
    ///     SELECT "track".*, "album".*, "artist".* FROM "track"
    ///     LEFT JOIN "album" ON … LEFT JOIN "artist" ON "artist"."ArtistId" = "album"."ArtistId"
    package func including(optional association: AssociationRequest, under parent: [Int]) -> Request {
        editingJoins(under: parent) { $0.append(Join(method: .includingOptional, association: association)) }
    }

    /// The join at `path` switched between required and optional (`JOIN` and `LEFT JOIN`),
    /// `including` or `joining` as it was. A prefetch stays as it is.
    package func togglingRequired(joinAt path: [Int]) -> Request {
        editingJoin(at: path) { join in
            let flipped: [JoinMethod: JoinMethod] = [
                .includingOptional: .includingRequired, .includingRequired: .includingOptional,
                .joiningOptional: .joiningRequired, .joiningRequired: .joiningOptional
            ]
            join.method = flipped[join.method] ?? join.method
        }
    }

    /// The join at `path` selecting its columns: `joining(required:)` becomes
    /// `including(required:)`, `joining(optional:)` `including(optional:)`.
    package func includingColumns(ofJoinAt path: [Int]) -> Request {
        editingJoin(at: path) { join in
            switch join.method {
            case .joiningRequired: join.method = .includingRequired
            case .joiningOptional: join.method = .includingOptional
            default: break
            }
        }
    }

    /// The request without the join at `path`, nor the joins chained from it.
    package func removingJoin(at path: [Int]) -> Request {
        guard let last = path.last else { return self }
        return editingJoins(under: Array(path.dropLast())) { joins in
            if joins.indices.contains(last) { joins.remove(at: last) }
        }
    }

    /// `including(all: association)` added to the root, or, when the root prefetches an
    /// association of that name already, every such prefetch removed. `added` tells which.
    package func togglingPrefetch(_ association: AssociationRequest) -> (request: Request, added: Bool) {
        let name = association.linkName
        var copy = self
        let existing = relation.joins.indices.filter { relation.joins[$0].method == .includingAll && relation.joins[$0].association.linkName == name }
        guard existing.isEmpty else {
            for index in existing.reversed() { copy.relation.joins.remove(at: index) }
            return (copy, false)
        }
        return (including(all: association), true)
    }

    /// The join at `path` given the table alias `alias` (`aliased(_:)`), so that expressions can
    /// name its columns (`alias["column"]`). A join that has an alias keeps it.
    package func aliasing(joinAt path: [Int], as alias: String) -> Request {
        editingJoin(at: path) { join in
            if join.association.relation.alias == nil { join.association.relation.alias = alias }
        }
    }

    /// The join at `path` given an alias no table of the request has, derived from `keys`
    /// (`author`, `author_country`, then `author_country2`…); returns it. A join that has an alias
    /// keeps it; nil when `path` names no join.
    package func aliasingJoin(at path: [Int], derivedFrom keys: [String]) -> (request: Request, alias: String)? {
        guard let join = rawJoin(at: path) else { return nil }
        if let alias = join.association.relation.alias { return (self, alias) }
        let used = Set(tableAliases.map { $0.lowercased() })
        let stem = keys.joined(separator: "_")
        var alias = stem
        var suffix = 2
        while used.contains(alias.lowercased()) {
            alias = stem + String(suffix)
            suffix += 1
        }
        return (aliasing(joinAt: path, as: alias), alias)
    }

    /// The number of records the prefetch (or to-many join) at `path` reaches from each row, with
    /// the association's filters but not what it includes, orders or selects in turn: an
    /// aggregate to sort or filter on (`albums.count`); nil when `path` names no join.
    package func countOfJoin(at path: [Int]) -> Expression? {
        guard var association = rawJoin(at: path)?.association else { return nil }
        association.relation.joins = []
        association.relation.ordering = nil
        association.relation.selection = nil
        association.relation.annotations = []
        return association.count
    }

    /// The join at `path` changed by `change`.
    func editingJoin(at path: [Int], _ change: (inout Join) -> Void) -> Request {
        guard let last = path.last else { return self }
        return editingJoins(under: Array(path.dropLast())) { joins in
            if joins.indices.contains(last) { change(&joins[last]) }
        }
    }

    /// The joins under the join at `parent` (the root's when empty) changed by `change`.
    func editingJoins(under parent: [Int], _ change: (inout [Join]) -> Void) -> Request {
        var copy = self
        copy.relation.joins = Self.edit(relation.joins, path: parent, change)
        return copy
    }

    private static func edit(_ joins: [Join], path: [Int], _ change: (inout [Join]) -> Void) -> [Join] {
        var joins = joins
        guard let first = path.first else {
            change(&joins)
            return joins
        }
        guard joins.indices.contains(first) else { return joins }
        joins[first].association.relation.joins = edit(joins[first].association.relation.joins, path: Array(path.dropFirst()), change)
        return joins
    }
}
