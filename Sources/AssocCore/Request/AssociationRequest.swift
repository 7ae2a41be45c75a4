/// An association as used in a request: which association (by name from the schema's graph,
/// or declared by hand), its key, and the refinements of its destination table.
public struct AssociationRequest: RelationHolding, Sendable, Hashable {
    /// Which association this is.
    package indirect enum Reference: Sendable, Hashable {
        /// An association of the origin table's graph, by name (`author`, `books`).
        case named(String)
        /// An association definition (from a graph, or built by hand with a known join).
        case definition(Association)
        /// A direct association declared by hand, whose join is resolved against the schema.
        case declared(DeclaredAssociation)
        /// A through association declared by hand from two refinable associations.
        case through(pivot: AssociationRequest, target: AssociationRequest, kind: AssociationKind, name: String)
    }

    /// The origin table, when known (`Table("book").author` knows it is `book`).
    package var origin: String?
    /// The association: by name (resolved against the graph), or declared by a record type.
    package var reference: Reference
    /// The key set with `forKey(_:)`, replacing the default one.
    package var key: String?
    /// Set on the through steps the engine joins back for `request(for:)`: they merge with no
    /// join of the request's, whatever its key.
    var engineJoin: EngineJoin?
    /// Refinements of the association's rows: filters, orderings, selection, nested joins.
    public var relation = Relation()

    /// The association `reference`, starting from table `origin` when known.
    package init(origin: String?, reference: Reference) {
        self.origin = origin
        self.reference = reference
    }

    /// Sets the association key: the row scope name, the JSON member name, the prefetch key.
    public func forKey(_ key: String) -> AssociationRequest {
        var copy = self
        copy.key = key
        return copy
    }

    /// Structural equality: two associations that print the same text are equal. The origin
    /// (known to `Table("book").author`, not to parsed text) and resolution bookkeeping do not count.
    public static func == (lhs: AssociationRequest, rhs: AssociationRequest) -> Bool {
        lhs.reference == rhs.reference && lhs.key == rhs.key && lhs.relation == rhs.relation && lhs.engineJoin == rhs.engineJoin
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(reference)
        hasher.combine(key)
        hasher.combine(relation)
        hasher.combine(engineJoin)
    }

    /// A human-readable name for messages.
    var displayName: String {
        if let key { return key }
        switch reference {
        case .named(let name): return name
        case .definition(let association): return association.name
        case .declared(let declared): return declared.key ?? declared.destination
        case .through(_, _, _, let name): return name
        }
    }
}

/// Column names that link two tables, GRDB-style: `originColumns` are the columns of the table that
/// holds the foreign key; `destinationColumns` (optional) the referenced ones.
public struct ForeignKey: Sendable, Hashable {
    /// The columns of the table that holds the foreign key.
    public var originColumns: [String]
    /// The referenced columns; nil for the primary key.
    public var destinationColumns: [String]?

    /// `ForeignKey(["authorId"], to: ["id"])`: the columns of the table holding the key, and the ones it references (default: the primary key).
    public init(_ originColumns: [String], to destinationColumns: [String]? = nil) {
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }
}

/// A direct association declared by hand (`belongsTo`, `hasOne`, `hasMany`), resolved against the
/// schema's foreign keys when SQL is generated.
package struct DeclaredAssociation: Sendable, Hashable {
    /// belongsTo, hasOne or hasMany.
    package var kind: AssociationKind
    /// The table of the declaring record type.
    var origin: String
    /// The table the association leads to.
    var destination: String
    /// The key given in the declaration (`key:`); nil for the default one.
    var key: String?
    /// The columns to join on (`using:`); nil to find the single foreign key.
    var foreignKey: ForeignKey?
}
