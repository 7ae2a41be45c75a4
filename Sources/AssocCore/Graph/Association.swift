/// The five kinds of associations GRDB defines: belongsTo, hasOne, hasMany, hasManyThrough,
/// hasOneThrough.
public enum AssociationKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The origin holds the foreign key: at most one destination row.
    case belongsTo
    /// The destination holds a unique foreign key: at most one destination row.
    case hasOne
    /// The destination holds the foreign key: any number of destination rows.
    case hasMany
    /// Two or more associations followed in turn, at least one to-many.
    case hasManyThrough
    /// Two or more to-one associations followed in turn.
    case hasOneThrough

    /// hasMany and hasManyThrough lead to many rows; the others to at most one.
    var isToMany: Bool { self == .hasMany || self == .hasManyThrough }
    /// hasManyThrough and hasOneThrough: a pivot association then a target one.
    package var isThrough: Bool { self == .hasManyThrough || self == .hasOneThrough }

    /// A one-character symbol for compact displays.
    package var symbol: String {
        switch self {
        case .belongsTo: return "→"
        case .hasOne: return "↣"
        case .hasMany: return "⇉"
        case .hasManyThrough: return "⇶"
        case .hasOneThrough: return "⤳"
        }
    }
}

/// Where an association comes from.
public enum AssociationSource: String, Sendable, Hashable, Codable {
    /// A foreign key declared in the schema.
    case foreignKey
    /// A naming convention (`authorId` → `author`) where no foreign key is declared.
    case naming
    /// Declared by hand in Swift (`belongsTo(_:using:)`…).
    case declared
}

/// One column of the origin table matched with one column of the destination table:
/// the join condition is `destination.destinationColumn = origin.originColumn`.
public struct ColumnPair: Sendable, Hashable, Codable {
    /// The column of the origin table.
    public var origin: String
    /// The column of the destination table.
    public var destination: String

    /// The pair `origin = destination` of a join condition.
    package init(origin: String, destination: String) {
        self.origin = origin
        self.destination = destination
    }
}

/// A link from one table to another, as inferred from the schema or declared by hand.
///
/// A direct association (belongsTo, hasOne, hasMany) joins its two tables on column pairs.
/// A through association (hasManyThrough, hasOneThrough) is a pivot association from the
/// origin followed by a target association from the pivot's destination.
public struct Association: Sendable, Hashable {
    /// How the association joins.
    package indirect enum Path: Sendable, Hashable {
        /// `ON destination.d = origin.o` for each pair.
        case direct([ColumnPair])
        /// Follow `pivot` from the origin, then `target` from the pivot's destination.
        case through(pivot: Association, target: Association)
    }

    /// The association's name, unique among the associations of its origin table
    /// (`author`, `books`, `returnAddress`). Also its default key in requests.
    public var name: String
    /// belongsTo, hasOne, hasMany, or a through kind.
    public var kind: AssociationKind
    /// The table the association starts from, spelled as in the schema.
    public var origin: String
    /// The table it leads to, spelled as in the schema.
    public var destination: String
    /// How it joins: column pairs, or a pivot and a target association.
    package var path: Path
    /// True when every origin row has a match: a belongsTo whose columns are all NOT NULL
    /// (and a through association whose two steps are required).
    public var isRequired: Bool
    /// Where it comes from: a foreign key, a naming convention, or a declaration.
    public var source: AssociationSource
    /// The singular form of `name` when inflecting its last word would be wrong
    /// (`booksAsAuthor` → `bookAsAuthor`): the key of a to-many association joined as to-one,
    /// and the stem of aggregate names (`bookAsAuthorCount`).
    package var singularName: String?

    /// The key of the association's scope when it is joined as a to-one (`including(required:)`
    /// of a to-many association): `name` singularized (`books` → `book`), or the declared singular
    /// name; `name` itself for a to-one association.
    package var singularKey: String {
        guard isToMany else { return name }
        return singularName ?? Inflector.singularize(name)
    }
    /// The default ordering of a to-many association's rows (`hasMany(Track, …).order(Name)`):
    /// used when the association is prefetched (`including(all:)`) or followed
    /// (`request(for:)`) without an `order` of its own. Empty: no default ordering.
    var ordering: [Ordering]
    /// The declared filter of the association's rows (`hasMany(Book, …).filter(kind = 'novel')`),
    /// AND-ed, columns of the destination table: part of the association wherever it is used, as
    /// GRDB's `books.filter(…).forKey("novels")` (in the ON clause of a join or an aggregate, in
    /// the WHERE of a prefetch or a followed link). Empty: every row of the destination.
    package var filters: [Expression]

    /// An association of `origin` leading to `destination` through `path`.
    package init(
        name: String, kind: AssociationKind, origin: String, destination: String, path: Path,
        isRequired: Bool = false, source: AssociationSource = .foreignKey, singularName: String? = nil,
        ordering: [Ordering] = [], filters: [Expression] = []
    ) {
        self.ordering = ordering
        self.filters = filters
        self.singularName = singularName
        self.name = name
        self.kind = kind
        self.origin = origin
        self.destination = destination
        self.path = path
        self.isRequired = isRequired
        self.source = source
    }

    /// Whether it leads to many rows (hasMany, hasManyThrough).
    public var isToMany: Bool { kind.isToMany }

    /// The column pairs of a direct association; empty for a through association.
    public var columns: [ColumnPair] {
        if case .direct(let pairs) = path { return pairs }
        return []
    }

    /// The names of the pivot association and of the target association (followed from the
    /// pivot's destination) for a through association; nil for a direct one.
    package var throughNames: (pivot: String, target: String)? {
        if case .through(let pivot, let target) = path { return (pivot.name, target.name) }
        return nil
    }

    /// The names of the associations a through association follows, each from the previous one's
    /// destination: `[pivot, target]`, or every step of a declared chain
    /// (`["albums", "tracks", "invoiceLines", "invoice", "customer"]`); nil for a direct association.
    ///
    /// Worked out from the last level of the chain up, each level once (a chain of 63 steps is
    /// 62 levels deep: asking each level twice would take 2^62 steps).
    package var throughStepNames: [String]? {
        guard case .through = path else { return nil }
        // The levels of the chain: self, its target, the target's target… while they are through.
        var levels: [Association] = [self]
        while case .through(_, let target) = levels[levels.count - 1].path, case .through = target.path {
            levels.append(target)
        }
        var steps: [String] = []
        for level in levels.reversed() {
            guard case .through(let pivot, let target) = level.path else { continue }
            // `steps` holds the target's steps when the target is a remainder of a declared chain.
            let targetIsRemainder =
                !steps.isEmpty && target.source == .declared && target.kind.isThrough
                && target.name == steps.joined(separator: ".")
            steps = targetIsRemainder ? [pivot.name] + steps : [pivot.name, target.name]
        }
        return steps
    }
}
