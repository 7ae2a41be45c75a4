/// hasOneThrough and hasManyThrough associations of depth 2: a direct association `first`
/// followed by a direct association `second` of first's destination that is not first's reverse.
enum ThroughInference {
    /// The through associations starting from a table whose direct associations are `own`
    /// (sorted), given the sorted direct associations of every table.
    /// Plural and singular forms of the direct associations' names, computed once per graph.
    struct Inflections {
        private var plurals: [String: String] = [:]
        private var singulars: [String: String] = [:]

        mutating func add(_ name: String) {
            guard plurals[name] == nil else { return }
            plurals[name] = Inflector.pluralize(name)
            singulars[name] = Inflector.singularize(name)
        }

        func plural(_ name: String) -> String { plurals[name] ?? Inflector.pluralize(name) }
        func singular(_ name: String) -> String { singulars[name] ?? Inflector.singularize(name) }
    }

    static func throughAssociations(
        from own: [DirectAssociation], directByTable: [String: [DirectAssociation]],
        inflections: Inflections = Inflections()
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
                        ? (second.association.singularName ?? inflections.singular(second.association.name))
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
    static func kindAndName(first: Association, second: Association, inflections: Inflections) -> (AssociationKind, String)? {
        switch (first.kind.isToMany, second.kind.isToMany) {
        case (false, false): return (.hasOneThrough, second.name)
        case (true, true): return (.hasManyThrough, second.name)
        case (true, false): return (.hasManyThrough, inflections.plural(second.name))
        case (false, true): return nil
        }
    }
}
