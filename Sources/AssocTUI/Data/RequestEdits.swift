import AssocCore

/// The browser's edits of a view's request, as pure functions of the request. Joins are addressed
/// by join path (`RequestScope.joinPath`: index in the root's joins, then in that association's
/// joins…); a path that names nothing leaves the request as it is.
extension Request {
    /// The join at `path`, nil when there is none.
    func join(at path: [Int]) -> Join? {
        var joins = relation.joins
        var found: Join?
        for index in path {
            guard joins.indices.contains(index) else { return nil }
            found = joins[index]
            joins = joins[index].association.relation.joins
        }
        return found
    }

    /// The request with the joins under `parent` (the root's when empty) changed by `change`.
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
        joins[first].association.relation.joins = edit(
            joins[first].association.relation.joins, path: Array(path.dropFirst()), change)
        return joins
    }

    /// `including(optional: link)` under the join at `parent`; returns the new join's path.
    func including(_ link: Association, under parent: [Int]) -> (request: Request, path: [Int]) {
        var index = 0
        let request = editingJoins(under: parent) { joins in
            index = joins.count
            joins.append(Join(method: .includingOptional, association: Table(link.origin).association(link.name)))
        }
        return (request, parent + [index])
    }

    /// The join at `path` switched between optional and required (LEFT JOIN and JOIN).
    func togglingRequired(at path: [Int]) -> Request {
        guard let last = path.last else { return self }
        return editingJoins(under: Array(path.dropLast())) { joins in
            guard joins.indices.contains(last) else { return }
            let flipped: [JoinMethod: JoinMethod] = [
                .includingOptional: .includingRequired, .includingRequired: .includingOptional,
                .joiningOptional: .joiningRequired, .joiningRequired: .joiningOptional
            ]
            joins[last].method = flipped[joins[last].method] ?? joins[last].method
        }
    }

    /// The join at `path` selecting its columns: `joining` becomes `including`, required or not
    /// as it was.
    func selectingColumns(ofJoinAt path: [Int]) -> Request {
        guard let last = path.last else { return self }
        return editingJoins(under: Array(path.dropLast())) { joins in
            guard joins.indices.contains(last) else { return }
            switch joins[last].method {
            case .joiningRequired: joins[last].method = .includingRequired
            case .joiningOptional: joins[last].method = .includingOptional
            default: break
            }
        }
    }

    /// The request without the join at `path` (and what is chained from it).
    func removingJoin(at path: [Int]) -> Request {
        guard let last = path.last else { return self }
        return editingJoins(under: Array(path.dropLast())) { joins in
            if joins.indices.contains(last) { joins.remove(at: last) }
        }
    }

    /// The root's joins that name `link` with `method` (by association name), in order.
    func rootJoins(naming link: String, _ methods: Set<JoinMethod>) -> [Int] {
        relation.joins.indices.filter { methods.contains(relation.joins[$0].method) && relation.joins[$0].association.linkName == link }
    }

    /// `including(all: link)` added, or removed when the root prefetches it already.
    func togglingPrefetch(_ link: Association) -> (request: Request, added: Bool) {
        let existing = rootJoins(naming: link.name, [.includingAll])
        if !existing.isEmpty {
            var copy = self
            for index in existing.reversed() { copy.relation.joins.remove(at: index) }
            return (copy, false)
        }
        var copy = self
        copy.relation.joins.append(Join(method: .includingAll, association: Table(link.origin).association(link.name)))
        return (copy, true)
    }

    /// The request with the alias of the join at `path` set to a name unused in the request,
    /// derived from `keys` (`author`, `author_country`); returns the alias. A join that has an
    /// alias keeps it.
    func aliasing(joinAt path: [Int], keys: [String]) -> (request: Request, alias: String)? {
        guard let join = join(at: path) else { return nil }
        if let alias = join.association.relation.alias { return (self, alias) }
        let used = Set(allAliases.map { $0.lowercased() })
        let stem = keys.joined(separator: "_")
        var alias = stem
        var suffix = 2
        while used.contains(alias.lowercased()) {
            alias = stem + String(suffix)
            suffix += 1
        }
        guard let last = path.last else { return nil }
        let chosen = alias
        let request = editingJoins(under: Array(path.dropLast())) { joins in
            guard joins.indices.contains(last) else { return }
            joins[last].association.relation.alias = chosen
        }
        return (request, chosen)
    }

    /// The aliases the request's expressions name (filters, havings, orderings, annotations,
    /// selections, at every level).
    var usedAliases: Set<String> {
        var result: Set<String> = []
        func walk(_ relation: Relation) {
            var expressions = relation.filters + relation.havings + relation.annotations
            expressions += (relation.ordering ?? []).map(\.expression)
            for item in relation.selection ?? [] { if case .expression(let e) = item { expressions.append(e) } }
            for expression in expressions { result.formUnion(expression.qualifiers.map { $0.lowercased() }) }
            for join in relation.joins { walk(join.association.relation) }
        }
        walk(relation)
        return result
    }

    /// The aliases the join at `path` and the joins chained from it give their tables.
    func aliases(underJoinAt path: [Int]) -> [String] {
        guard let join = join(at: path) else { return [] }
        var result: [String] = []
        func walk(_ association: AssociationRequest) {
            if let alias = association.relation.alias { result.append(alias) }
            for child in association.relation.joins { walk(child.association) }
        }
        walk(join.association)
        return result
    }

    /// Every alias the request gives a table.
    var allAliases: [String] {
        var result: [String] = relation.alias.map { [$0] } ?? []
        func walk(_ joins: [Join]) {
            for join in joins {
                if let alias = join.association.relation.alias { result.append(alias) }
                walk(join.association.relation.joins)
            }
        }
        walk(relation.joins)
        return result
    }

    /// `filter` added to the root: to `having` when it holds an aggregate.
    func adding(filter: AssocCore.Expression) -> Request {
        filter.containsAggregate ? having(filter) : self.filter(filter)
    }

    /// Without the root's filters and havings (an empty `/`); keys (`filter(key:)`) stay.
    var withoutFilters: Request {
        var copy = self
        copy.relation.filters = []
        copy.relation.havings = []
        return copy
    }

    /// Sorted on `expression`: ascending first, then descending, then the sort removed. Sorting on
    /// another expression replaces the previous order. Returns the new direction (nil: unsorted).
    func cyclingSort(on expression: AssocCore.Expression) -> (request: Request, descending: Bool?) {
        var copy = self
        if let first = relation.ordering?.first, first.expression == expression {
            if first.descending == true {
                copy.relation.ordering = nil
                return (copy, nil)
            }
            copy.relation.ordering = [Ordering(expression, descending: true)]
            return (copy, true)
        }
        copy.relation.ordering = [Ordering(expression)]
        return (copy, false)
    }
}

extension AssociationRequest {
    /// The association's name when it names one of the graph (`albums`), nil otherwise.
    var linkName: String? {
        switch reference {
        case .named(let name): return name
        case .definition(let association): return association.name
        case .declared(let declared): return declared.key
        case .through(_, _, _, let name): return name
        }
    }
}

extension AssocCore.Expression {
    /// The table aliases its columns name.
    var qualifiers: Set<String> {
        switch self {
        case .aliasedColumn(let alias, _): return [alias]
        case .unary(_, let e), .isNull(let e, _), .named(let e, _), .collated(let e, _): return e.qualifiers
        case .binary(_, let l, let r): return l.qualifiers.union(r.qualifiers)
        case .inList(let e, let list, _): return list.reduce(e.qualifiers) { $0.union($1.qualifiers) }
        case .function(_, let arguments): return arguments.reduce([]) { $0.union($1.qualifiers) }
        case .aggregate, .column, .value, .sql: return []
        }
    }
}
