/// Why GRDB 7.10 is not a reference for a request (GRDB-BEHAVIOUR.md §9 and Addendum), or nil.
func exclusionReason(_ spec: RequestSpec) -> String? {
    if let reason = GRDBMerge.conflict(spec.children) { return reason }
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
    let toManyBeside = children.contains { $0.method != .includingAll && $0.association.isToMany }
    for child in children {
        if child.method == .includingAll {
            if parentIsJoined && (underToMany || toManyBeside) {
                return "including(all:) below or beside a to-many join"
            }
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
