/// Why GRDB 7.10 is not a reference for a request (GRDB-BEHAVIOUR.md §9 and Addendum), or nil.
func exclusionReason(_ spec: RequestSpec) -> String? {
    if let reason = GRDBMerge.conflict(spec.children) { return reason }
    if let alias = spec.alias, spec.children.contains(where: hasPrefetchBelowJoin),
       spec.children.contains(where: { refersInMainQuery($0, to: alias) })
    {
        // GRDB runs such a prefetch with the main query's joins rebuilt on the prefetched table,
        // where the root's alias no longer exists: SQLite error "no such column" (§6.4).
        return "prefetch below a join, with join filters that refer to the root's alias"
    }
    let counted = spec.aggregates + spec.havings.map(\.aggregate)
    if counted.contains(where: { ($0.function == .count || $0.function == .isEmpty) && !$0.association.destinationHasFastPrimaryKey }) {
        return "count of a WITHOUT ROWID table with a composite primary key"
    }
    return exclusionReason(children: spec.children, underOptional: false, underToMany: false, parentIsJoined: false)
}

private func exclusionReason(children: [JoinSpec], underOptional: Bool, underToMany: Bool, parentIsJoined: Bool) -> String? {
    // Prefetches under a joined association without a scope hang on this row: keys may collide.
    let visibleKeys = unscopedPrefetchKeys(children)
    if Set(visibleKeys).count != visibleKeys.count {
        return "ambiguous key: two prefetches reachable under one key"
    }
    if !parentIsJoined && children.contains(where: hasPrefetchBelowJoin) && children.contains(where: hasToManyJoin) {
        // GRDB prefetches below a join through the request's joins rebuilt on the prefetched
        // table, to-many ones included: each row gets the children of all joined rows, duplicated.
        return "including(all:) below a join, in a request with a to-many join"
    }
    for child in children {
        if child.method == .includingAll {
            // A prefetch runs as its own request: a new join context.
            if let reason = exclusionReason(children: child.children, underOptional: false, underToMany: false, parentIsJoined: false) {
                return reason
            }
            continue
        }
        if child.method.isRequired && underOptional {
            return "required behind optional"
        }
        if let reason = exclusionReason(
            children: child.children,
            underOptional: underOptional || !child.method.isRequired,
            underToMany: underToMany || child.association.isToMany,
            parentIsJoined: true)
        {
            return reason
        }
    }
    return nil
}

/// True when the node gives the row a scope (an included association or one above it).
private func hasScope(_ join: JoinSpec) -> Bool {
    join.method == .includingAll ? false : (join.method.isIncluding || join.children.contains(where: hasScope))
}

/// Prefetch keys that hang on the row of `children`'s parent: its own, and those below joined associations without scope.
private func unscopedPrefetchKeys(_ children: [JoinSpec]) -> [String] {
    children.flatMap { child -> [String] in
        if child.method == .includingAll { return [child.association.name] }
        return hasScope(child) ? [] : unscopedPrefetchKeys(child.children)
    }
}

/// True when a prefetch hangs below a joined (not prefetched) association.
private func hasPrefetchBelowJoin(_ join: JoinSpec) -> Bool {
    join.method != .includingAll && join.children.contains { $0.method == .includingAll || hasPrefetchBelowJoin($0) }
}

/// True when a filter of the main query's joins refers to `alias`.
private func refersInMainQuery(_ join: JoinSpec, to alias: String) -> Bool {
    guard join.method != .includingAll else { return false }
    return (join.filter?.aliases.contains(alias) ?? false) || join.children.contains { refersInMainQuery($0, to: alias) }
}

/// True when the association or one joined below it is a to-many join (not a prefetch).
private func hasToManyJoin(_ join: JoinSpec) -> Bool {
    join.method != .includingAll && (join.association.isToMany || join.children.contains(where: hasToManyJoin))
}
