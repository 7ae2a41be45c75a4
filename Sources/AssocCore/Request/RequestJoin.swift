/// One join of a request, described read-only: where it sits in the request's tree, which
/// association it follows and how it is attached (`including(required:)`, `joining(optional:)`,
/// `including(all:)`…). What `Request.joins` lists; edits go through `Request`'s methods.
package struct RequestJoin: Sendable, Hashable {
    /// Its join path: its index among the root's joins, then among that association's joins…
    package var path: [Int]
    /// The association's name in the schema's graph (`author`), nil for one declared by hand
    /// without a key.
    package var associationName: String?
    /// The key set with `forKey(_:)`, when set.
    package var key: String?
    /// The alias given to the association's table (`aliased(_:)`), when given.
    package var alias: String?
    /// `required`: an inner join that drops rows without a match (`JOIN`); otherwise `LEFT JOIN`.
    package var isRequired: Bool
    /// `including(…)` (prefetches too): the associated columns are selected; `joining(…)` selects nothing.
    package var isIncluding: Bool
    /// `including(all:)`: the associated rows are prefetched by another statement.
    package var isPrefetch: Bool

}

extension RequestJoin {
    init(path: [Int], join: Join) {
        self.path = path
        associationName = join.association.linkName
        key = join.association.key
        alias = join.association.relation.alias
        isRequired = join.method.isRequired
        isIncluding = join.method.isIncluding
        isPrefetch = join.method == .includingAll
    }
}

extension Request {
    /// Every join of the request, depth first (a join before the joins chained from it).
    package var joins: [RequestJoin] {
        var result: [RequestJoin] = []
        func walk(_ joins: [Join], _ parent: [Int]) {
            for (index, join) in joins.enumerated() {
                result.append(RequestJoin(path: parent + [index], join: join))
                walk(join.association.relation.joins, parent + [index])
            }
        }
        walk(relation.joins, [])
        return result
    }

    /// The joins attached directly under the join at `parent` (the root's when empty), in order;
    /// empty when `parent` names no join.
    package func joins(under parent: [Int]) -> [RequestJoin] {
        guard let joins = rawJoins(under: parent) else { return [] }
        return joins.enumerated().map { RequestJoin(path: parent + [$0.offset], join: $0.element) }
    }

    /// The join at `path`, nil when there is none.
    package func join(at path: [Int]) -> RequestJoin? {
        rawJoin(at: path).map { RequestJoin(path: path, join: $0) }
    }

    /// The join at `path`, as the request holds it.
    func rawJoin(at path: [Int]) -> Join? {
        guard let last = path.last, let joins = rawJoins(under: Array(path.dropLast())), joins.indices.contains(last) else { return nil }
        return joins[last]
    }

    /// The joins under the join at `parent` (the root's when empty), nil when there is none.
    func rawJoins(under parent: [Int]) -> [Join]? {
        var joins = relation.joins
        for index in parent {
            guard joins.indices.contains(index) else { return nil }
            joins = joins[index].association.relation.joins
        }
        return joins
    }
}

extension AssociationRequest {
    /// The association's name when it names one of the graph (`albums`), nil otherwise.
    package var associationName: String? { linkName }

    var linkName: String? {
        switch reference {
        case .named(let name): return name
        case .definition(let association): return association.name
        case .declared(let declared): return declared.key
        case .through(_, _, _, let name): return name
        }
    }
}
