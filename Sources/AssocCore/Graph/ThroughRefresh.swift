/// Inferred through associations follow the associations they are made of. A declaration that
/// replaces an inferred association (`Track.belongsTo(Mood, key: "genre", …)` in place of the
/// inferred `genre`) also changes the through associations that step through it
/// (`Album.genres` via `tracks.genre` now leads to `Mood`, joined on the declared columns), in
/// `schema`'s text, JSON and dot output and in requests alike. A through association the new step
/// no longer fits (to-one then to-many, a kind that changes, a second step missing at the new
/// destination) is left out, with a diagnostic that names it and the declaration.
enum ThroughRefresh {
    /// Rebuilds, in `byTable` (after the declarations were applied), the inferred through
    /// associations that step through an association `inferred` held and a declaration replaced.
    static func apply(to byTable: inout [String: [Association]], inferred: [String: [Association]], diagnostics: inout [String]) {
        var replaced: [String: Set<String>] = [:]
        for (table, associations) in byTable {
            let inferredNames = Set((inferred[table] ?? []).map(\.name))
            for association in associations where association.source == .declared && inferredNames.contains(association.name) {
                replaced[table, default: []].insert(association.name)
            }
        }
        guard !replaced.isEmpty else { return }
        func isReplaced(_ step: Association) -> Bool {
            replaced[step.origin.lowercased()]?.contains(step.name) ?? false
        }
        func current(_ name: String, from table: String) -> Association? {
            byTable[table.lowercased()]?.first { $0.name == name }
        }
        let final = byTable
        for (table, associations) in final {
            var refreshed: [Association] = []
            var changed = false
            for association in associations {
                guard association.source != .declared, case .through(let pivot, let target) = association.path,
                    isReplaced(pivot) || isReplaced(target)
                else {
                    refreshed.append(association)
                    continue
                }
                changed = true
                let via = "via \(pivot.name).\(target.name)"
                guard let newPivot = current(pivot.name, from: pivot.origin) else { continue }
                guard let newTarget = current(target.name, from: newPivot.destination) else {
                    diagnostics.append(
                        "table \(quoteForMessage(association.origin)): through association \(quoteForMessage(association.name)) (\(via)) left out: the declared \(quoteForMessage(pivot.name)) leads to table \(quoteForMessage(newPivot.destination)), which has no association \(quoteForMessage(target.name))"
                    )
                    continue
                }
                let kind: AssociationKind = newPivot.isToMany || newTarget.isToMany ? .hasManyThrough : .hasOneThrough
                guard newPivot.isToMany || !newTarget.isToMany, kind == association.kind else {
                    let step = isReplaced(target) ? target : pivot
                    diagnostics.append(
                        "table \(quoteForMessage(association.origin)): through association \(quoteForMessage(association.name)) (\(via)) left out: the declared \(quoteForMessage(step.name)) of table \(quoteForMessage(step.origin)) makes it no longer a \(association.kind.rawValue)"
                    )
                    continue
                }
                var rebuilt = association
                rebuilt.path = .through(pivot: newPivot, target: newTarget)
                rebuilt.destination = newTarget.destination
                rebuilt.isRequired = kind == .hasOneThrough && newPivot.isRequired && newTarget.isRequired
                refreshed.append(rebuilt)
            }
            if changed { byTable[table] = refreshed }
        }
    }
}
