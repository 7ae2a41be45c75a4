/// How associations are inferred from a schema's links: belongsTo and hasOne/hasMany from each
/// valid link (declared foreign key, or naming convention), named per table, ordered; the through
/// associations of depth 2 come from `ThroughInference`, table by table in
/// `LazyAssociationInference`. The naming scheme is described in docs/ASSOCIATION-NAMES.md.
enum AssociationInference {
    /// Says that `count` through associations of `table` were not inferred (over the limit).
    static func leftOutDiagnostic(table: String, count: Int) -> String {
        "table \(quoteForMessage(table)): \(count) more through associations not inferred (at most \(ThroughInference.maximumPerTable) a table)"
    }

    /// The belongsTo and inverse association of every link, grouped by lower-cased origin
    /// table, with unique names per table; with `only` (lower-cased), that table's alone.
    static func directAssociations(
        links: [InferredLink], inflections: InflectionCache = InflectionCache(), only: String? = nil
    ) -> [String: [DirectAssociation]] {
        var linkCounts: [PairKey: Int] = [:]
        for link in links { linkCounts[pairKey(link), default: 0] += 1 }
        var byTable: [String: [DirectAssociation]] = [:]
        for link in links {
            let count = linkCounts[pairKey(link), default: 1]
            let name = AssociationNaming.belongsToName(link, linksToParent: count, inflections: inflections)
            let (child, parent) = (link.childKey, link.parentKey)
            if only == nil || only == child {
                let belongsTo = Association(
                    name: name, kind: .belongsTo, origin: link.child.name, destination: link.parent.name,
                    path: .direct(zip(link.childColumns, link.parentColumns).map { ColumnPair(origin: $0, destination: $1) }),
                    isRequired: link.isRequired, source: link.source)
                byTable[child, default: []].append(
                    DirectAssociation(association: belongsTo, link: link, isFromChild: true, roleName: name))
            }
            if only == nil || only == parent {
                let inverse = Association(
                    name: AssociationNaming.inverseName(link, linksToParent: count, belongsToName: name, inflections: inflections),
                    kind: link.isUniqueInChild ? .hasOne : .hasMany, origin: link.parent.name, destination: link.child.name,
                    path: .direct(zip(link.parentColumns, link.childColumns).map { ColumnPair(origin: $0, destination: $1) }),
                    isRequired: false, source: link.source)
                byTable[parent, default: []].append(
                    DirectAssociation(association: inverse, link: link, isFromChild: false, roleName: name))
            }
        }
        for key in byTable.keys {
            if var list = byTable[key] {
                AssociationNaming.resolveCollisions(&list, inflections: inflections)
                AssociationNaming.assignSingularNames(&list, inflections: inflections)
                byTable[key] = list
            }
        }
        return byTable
    }

    /// The lowercased names of a link's child and parent tables.
    struct PairKey: Hashable {
        var child: String
        var parent: String
    }

    static func pairKey(_ link: InferredLink) -> PairKey {
        PairKey(child: link.childKey, parent: link.parentKey)
    }

    /// belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough; then by name.
    static func rank(_ kind: AssociationKind) -> Int {
        switch kind {
        case .belongsTo: return 0
        case .hasOne: return 1
        case .hasMany: return 2
        case .hasOneThrough: return 3
        case .hasManyThrough: return 4
        }
    }

    static func isOrderedBefore(_ a: Association, _ b: Association) -> Bool {
        let (ra, rb) = (rank(a.kind), rank(b.kind))
        if ra != rb { return ra < rb }
        if a.name != b.name { return a.name < b.name }
        return a.destination < b.destination
    }

    static func isOrderedBefore(_ a: DirectAssociation, _ b: DirectAssociation) -> Bool {
        isOrderedBefore(a.association, b.association)
    }
}

/// A direct association with the link it comes from, so that through inference can tell
/// an association's reverse (same link, other direction) from a genuine second step.
struct DirectAssociation: Sendable {
    var association: Association
    var link: InferredLink
    /// True for the belongsTo (child → parent), false for the inverse hasOne/hasMany.
    var isFromChild: Bool
    /// The belongsTo name of the link (before collisions are resolved): what the inverse's
    /// `As` form is made of (`booksAsAuthor`, `storeAsManagerStaff`).
    var roleName: String

    /// The lowercased name of the association's origin table (its key in lists by table).
    var originKey: String { isFromChild ? link.childKey : link.parentKey }

    /// The lowercased name of the association's destination table.
    var destinationKey: String { isFromChild ? link.parentKey : link.childKey }

    func isReverse(of other: DirectAssociation) -> Bool {
        link.id == other.link.id && isFromChild != other.isFromChild
    }
}
