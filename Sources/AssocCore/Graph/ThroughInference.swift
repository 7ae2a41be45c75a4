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
        // A to-many through name whose singular is a direct to-one name reads as its plural
        // (Sakila's `rental.customers` via payments beside `rental.customer`): prefixed too.
        let toOneNames = Set(own.filter { !$0.association.kind.isToMany }.map(\.association.name))
        var result: [Association] = []
        // Which result holds a bare name (its second step's), and each result's prefixed name: a
        // bare name that a second through association also wants is given up by both
        // (`customer.staff` via payments beside `rentalsStaff` becomes `paymentsStaff`).
        var bareOwner: [String: Int] = [:]
        var prefixed: [(name: String, singular: String?)] = []
        var contested: Set<String> = []
        // Pairs looked at, named or not (most pairs of a table with thousands of links to one
        // parent collide on their names): bounded too.
        var examined = 0
        firsts: for (firstIndex, first) in own.enumerated() {
            let seconds = directByTable[first.destinationKey] ?? []
            for (secondIndex, second) in seconds.enumerated() where !second.isReverse(of: first) {
                examined += 1
                if result.count >= maximum || examined > maximum * 16 {
                    // Counted, not named: naming millions of pairs is what took the time.
                    leftOut += seconds[secondIndex...].filter { isPair(first, $0) }.count
                    let origin = first.originKey
                    var counts: [String: (toOne: Int, all: Int)] = [:]
                    for next in own[(firstIndex + 1)...] where !next.link.isSelfJoin {
                        let destination = next.destinationKey
                        let count =
                            counts[destination]
                            ?? {
                                // Steps back to the origin do not count (next's reverse among them;
                                // a join table of the origin with itself is not told apart here).
                                let list = (directByTable[destination] ?? []).filter {
                                    $0.destinationKey != origin
                                }
                                return (list.filter { !$0.association.kind.isToMany }.count, list.count)
                            }()
                        counts[destination] = count
                        leftOut += next.association.kind.isToMany ? count.all : count.toOne
                    }
                    break firsts
                }
                guard isPair(first, second),
                    let (kind, name) = kindAndName(first: first.association, second: second.association, inflections: inflections)
                else { continue }
                // The singular of a to-many through name is its second step's singular form.
                var singular: String?
                if kind == .hasManyThrough {
                    singular =
                        second.association.kind.isToMany
                        ? (second.association.singularName ?? inflections.singularize(second.association.name))
                        : second.association.name
                }
                let longName = first.association.name + Inflector.upperFirst(name)
                let longSingular = singular.map { first.association.name + Inflector.upperFirst($0) }
                var chosen = name
                var chosenSingular = singular
                let readsAsPlural = kind == .hasManyThrough && singular.map(toOneNames.contains) == true
                if taken.contains(name) || contested.contains(name) || readsAsPlural || needsPrefix(second, inflections: inflections) {
                    if let owner = bareOwner.removeValue(forKey: name) {
                        // The through association that took the bare name first gives it up
                        // (kept when its own prefixed name is taken, which is rare).
                        contested.insert(name)
                        if !taken.contains(prefixed[owner].name) {
                            result[owner].name = prefixed[owner].name
                            result[owner].singularName = prefixed[owner].singular
                            taken.insert(prefixed[owner].name)
                        }
                    }
                    chosen = longName
                    chosenSingular = longSingular
                    if taken.contains(chosen) { continue }
                } else {
                    bareOwner[name] = result.count
                }
                taken.insert(chosen)
                let isNaming = first.association.source == .naming || second.association.source == .naming
                result.append(
                    Association(
                        name: chosen, kind: kind, origin: first.association.origin,
                        destination: second.association.destination,
                        path: .through(pivot: first.association, target: second.association),
                        isRequired: kind == .hasOneThrough && first.association.isRequired && second.association.isRequired,
                        source: isNaming ? .naming : .foreignKey, singularName: chosenSingular))
                prefixed.append((longName, longSingular))
            }
        }
        return result
    }

    /// Whether `first` then `second` makes a through association: not first's reverse, not
    /// to-one then to-many, not through a self-reference (`reportsTo.reportsTo`,
    /// `employeesAsReportsTo.customers`), and not back to the origin table (`store.store`, the
    /// store of its manager; `language.languages`), except through a join table of the origin
    /// with itself (`user.friends` via `friendship(userId, friendId)`).
    static func isPair(_ first: DirectAssociation, _ second: DirectAssociation) -> Bool {
        guard !second.isReverse(of: first),
            first.association.kind.isToMany || !second.association.kind.isToMany,
            !first.link.isSelfJoin
        else { return false }
        if second.destinationKey == first.originKey {
            return isSelfJoinTable(first, second)
        }
        return true
    }

    /// `first` goes from a table to the rows of a join table by one link, `second` from the join
    /// table back to the same table by another, and the join table's primary key is made of the
    /// two links' columns (`friendship(userId, friendId)`, both its primary key).
    static func isSelfJoinTable(_ first: DirectAssociation, _ second: DirectAssociation) -> Bool {
        guard !first.isFromChild, second.isFromChild, first.link.id != second.link.id else { return false }
        let pivot = first.link.child
        guard first.link.childKey == second.link.childKey else { return false }
        let keyColumns = Set(pivot.primaryKey.columns.map { $0.lowercased() })
        let linkColumns = Set((first.link.childColumns + second.link.childColumns).map { $0.lowercased() })
        return !keyColumns.isEmpty && keyColumns == linkColumns
    }

    /// Whether the second step's name says what it is only from its own table: a self-reference
    /// (`reportsTo`: Chinook's `Customer.supportRepReportsTo`, not `Customer.reportsTo`) or the
    /// `As` form of an inverse (`storeAsManagerStaff`). Such a through name starts with the first
    /// step's name.
    static func needsPrefix(_ second: DirectAssociation, inflections: InflectionCache) -> Bool {
        if second.link.isSelfJoin { return true }
        guard !second.isFromChild else { return false }
        let base =
            second.association.kind == .hasOne
            ? inflections.singularName(ofTable: second.association.destination)
            : inflections.pluralName(ofTable: second.association.destination)
        return second.association.name.hasPrefix(base + "As")
    }

    /// to-one then to-one → hasOneThrough named like the second step; hasMany then hasMany →
    /// hasManyThrough named like the second step; hasMany then to-one → hasManyThrough named with
    /// the plural of the second step; to-one then hasMany → nothing.
    static func kindAndName(first: Association, second: Association, inflections: InflectionCache) -> (AssociationKind, String)? {
        switch (first.kind.isToMany, second.kind.isToMany) {
        case (false, false): return (.hasOneThrough, second.name)
        case (true, true): return (.hasManyThrough, second.name)
        case (true, false):
            // The plural of `storeAsManagerStaff` (a hasOne) is `storesAsManagerStaff`.
            let singularBase = inflections.singularName(ofTable: second.destination) + "As"
            if second.kind == .hasOne, second.name.hasPrefix(singularBase) {
                return (.hasManyThrough, inflections.pluralName(ofTable: second.destination) + "As" + second.name.dropFirst(singularBase.count))
            }
            return (.hasManyThrough, inflections.pluralize(second.name))
        case (false, true): return nil
        }
    }
}
