/// Why GRDB 7.10 is not a reference for a request (it traps, or its SQL or rows are wrong), or nil.
///
/// Not an exclusion: `record.request(for:)` of a through association. GRDB joins the pivot to the
/// destination (`SELECT album.* FROM album JOIN track ON track.albumId = album.albumId AND
/// track.genreId = ?`: `_SQLAssociation.destinationRelation()`), so a destination reached by
/// two pivot rows comes twice; AssocCore filters the destination (`albumId IN (SELECT albumId FROM
/// track WHERE genreId IN (…))`) and gives it once. The request is compared all the same, on
/// GRDB's rows made distinct (`GRDBRunner.fetch`): its ordering ends with the destination's
/// primary key, so repeats are consecutive, and AssocCore's rows are compared as fetched (a
/// repeat there would show). Counted in the summary ("GRDB repeated destination rows in N").
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
    return exclusionReason(children: spec.children, underOptional: false, parentIsJoined: false)
}

private func exclusionReason(children: [JoinSpec], underOptional: Bool, parentIsJoined: Bool) -> String? {
    // GRDB hangs a prefetch below a joined association on a row or scope that depends on the
    // join tree, and finds prefetched rows by key breadth-first: two prefetches with one key in one
    // row would be compared with the wrong one.
    let keys = prefetchKeys(children)
    if Set(keys).count != keys.count {
        return "ambiguous key: two prefetches under one key in one row"
    }
    if !parentIsJoined && children.contains(where: hasPrefetchBelowJoin) && children.contains(where: hasToManyJoin) {
        // GRDB prefetches below a join through the request's joins rebuilt on the prefetched
        // table, to-many ones included: each row gets the children of all joined rows, duplicated.
        return "including(all:) below a join, in a request with a to-many join"
    }
    for child in children {
        if child.method == .includingAll {
            // A prefetch runs as its own request: a new join context.
            if let reason = exclusionReason(children: child.children, underOptional: false, parentIsJoined: false) {
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
            parentIsJoined: true)
        {
            return reason
        }
    }
    return nil
}

/// The keys of the prefetches of one request's rows: those attached to the row and to its joins.
private func prefetchKeys(_ children: [JoinSpec]) -> [String] {
    children.flatMap { child -> [String] in
        child.method == .includingAll ? [child.association.name] : prefetchKeys(child.children)
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
