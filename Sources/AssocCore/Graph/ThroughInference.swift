/// hasOneThrough and hasManyThrough associations of depth 2: a direct association `first`
/// followed by a direct association `second` of first's destination that is not first's reverse.
enum ThroughInference {
    /// The through associations starting from a table whose direct associations are `own`
    /// (sorted), given the sorted direct associations of every table.
    static func throughAssociations(
        from own: [DirectAssociation], directByTable: [String: [DirectAssociation]],
        inflections: InflectionCache = InflectionCache()
    ) -> [Association] {
        var taken = Set(own.map(\.association.name))
        var result: [Association] = []
        for first in own {
            let seconds = directByTable[first.association.destination.lowercased()] ?? []
            for second in seconds where !second.isReverse(of: first) {
                guard let (kind, name) = kindAndName(first: first.association, second: second.association, inflections: inflections) else { continue }
                var chosen = name
                if taken.contains(chosen) {
                    chosen = first.association.name + Inflector.upperFirst(name)
                    if taken.contains(chosen) { continue }
                }
                taken.insert(chosen)
                let isNaming = first.association.source == .naming || second.association.source == .naming
                // The singular of a to-many through name is its second step's singular form.
                var singular: String?
                if kind == .hasManyThrough {
                    let base = second.association.kind.isToMany
                        ? (second.association.singularName ?? inflections.singularize(second.association.name))
                        : second.association.name
                    singular = chosen == name ? base : first.association.name + Inflector.upperFirst(base)
                }
                result.append(Association(
                    name: chosen, kind: kind, origin: first.association.origin,
                    destination: second.association.destination,
                    path: .through(pivot: first.association, target: second.association),
                    isRequired: kind == .hasOneThrough && first.association.isRequired && second.association.isRequired,
                    source: isNaming ? .naming : .foreignKey, singularName: singular))
            }
        }
        return result
    }

    /// to-one then to-one → hasOneThrough named like the second step; hasMany then hasMany →
    /// hasManyThrough named like the second step; hasMany then to-one → hasManyThrough named with
    /// the plural of the second step; to-one then hasMany → nothing.
    static func kindAndName(first: Association, second: Association, inflections: InflectionCache) -> (AssociationKind, String)? {
        switch (first.kind.isToMany, second.kind.isToMany) {
        case (false, false): return (.hasOneThrough, second.name)
        case (true, true): return (.hasManyThrough, second.name)
        case (true, false): return (.hasManyThrough, inflections.pluralize(second.name))
        case (false, true): return nil
        }
    }
}
