/// hasOneThrough and hasManyThrough associations of depth 2: a direct association `first`
/// followed by a direct association `second` of first's destination that is not first's reverse.
/// Their number grows with the product of two tables' links (a table with 1,990 foreign keys to one
/// parent has millions of pairs): at most `maximumPerTable` are inferred from one table, the
/// first in order; `leftOut` counts the others.
enum ThroughInference {
    /// Through associations inferred from one table, at most.
    static let maximumPerTable = 256

    /// The through associations starting from a table whose direct associations are `own`
    /// (sorted), given the sorted direct associations of every table.
    static func throughAssociations(
        from own: [DirectAssociation], directByTable: [String: [DirectAssociation]],
        inflections: InflectionCache = InflectionCache(), maximum: Int = maximumPerTable
    ) -> [Association] {
        var leftOut = 0
        return throughAssociations(from: own, directByTable: directByTable, inflections: inflections, maximum: maximum, leftOut: &leftOut)
    }

    static func throughAssociations(
        from own: [DirectAssociation], directByTable: [String: [DirectAssociation]],
        inflections: InflectionCache = InflectionCache(), maximum: Int, leftOut: inout Int
    ) -> [Association] {
        var taken = Set(own.map(\.association.name))
        var result: [Association] = []
        // Pairs looked at, named or not (most pairs of a table with thousands of links to one
        // parent collide on their names): bounded too.
        var examined = 0
        firsts: for (firstIndex, first) in own.enumerated() {
            let seconds = directByTable[first.association.destination.lowercased()] ?? []
            for (secondIndex, second) in seconds.enumerated() where !second.isReverse(of: first) {
                examined += 1
                if result.count >= maximum || examined > maximum * 16 {
                    // Counted, not named: naming millions of pairs is what took the time.
                    leftOut += seconds[secondIndex...].filter { isPair(first, $0) }.count
                    var counts: [String: (toOne: Int, all: Int)] = [:]
                    for next in own[(firstIndex + 1)...] {
                        let destination = next.association.destination.lowercased()
                        let count = counts[destination] ?? {
                            let list = directByTable[destination] ?? []
                            return (list.filter { !$0.association.kind.isToMany }.count, list.count)
                        }()
                        counts[destination] = count
                        // Less the reverse of `next`, which is always in its destination's list.
                        let reverseCounts = next.association.kind.isToMany || !next.isFromChild || next.link.isUniqueInChild
                        leftOut += (next.association.kind.isToMany ? count.all : count.toOne) - (reverseCounts ? 1 : 0)
                    }
                    break firsts
                }
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

    /// Whether `first` then `second` makes a through association (not its reverse, not to-one
    /// then to-many).
    private static func isPair(_ first: DirectAssociation, _ second: DirectAssociation) -> Bool {
        !second.isReverse(of: first) && (first.association.kind.isToMany || !second.association.kind.isToMany)
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
