/// A request for rows of one table, with its associations: a value, built with GRDB's vocabulary
/// (`including(required:)`, `filter(_:)`, `annotated(with:)`…) and turned into SQL by
/// `SQLGenerator` against a schema.
///
///     Table("book").including(required: Table("book").author).filter(Column("year") >= 2000)
public struct Request: RelationHolding, Sendable, Hashable {
    /// The root table, spelled as the user wrote it. For a request made by `request(for:)` with an
    /// association known by name only, empty until the request meets the schema (the association's
    /// destination; `Database.request(for:of:)` fills it in).
    public package(set) var table: String
    /// Filters, orderings, selection, joins, havings of the root table.
    public var relation = Relation()
    /// LIMIT, if any.
    package var limit: Int?
    /// OFFSET, if any (only with a limit).
    package var offset: Int?
    /// Set by `request(for:)`: the rows are the records an association reaches from another request.
    package var origin: RequestOrigin?
    /// Set by `orderedTotally()`.
    package var isOrderedTotally = false
    /// Values the engine selects for its own use after the request's columns (a pager's sort
    /// values and keys), known by their role: read apart from the rows, never among their columns.
    var hiddenValues: [HiddenValue] = []
    /// Set by `Database.request(sql:arguments:)`: the rows are those of a user's own statement.
    package internal(set) var query: SQLQuery?

    /// `SELECT * FROM table`.
    package init(table: String) {
        self.table = table
    }

    /// Structural equality: two requests that print the same text are equal. The table of a
    /// `request(for:)` request follows from its origin, named or not.
    public static func == (lhs: Request, rhs: Request) -> Bool {
        (lhs.origin != nil || lhs.table == rhs.table) && lhs.origin == rhs.origin && lhs.relation == rhs.relation
            && lhs.limit == rhs.limit && lhs.offset == rhs.offset && lhs.isOrderedTotally == rhs.isOrderedTotally
            && lhs.hiddenValues == rhs.hiddenValues && lhs.query == rhs.query
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        if origin == nil { hasher.combine(table) }
        hasher.combine(origin)
        hasher.combine(relation)
        hasher.combine(limit)
        hasher.combine(offset)
        hasher.combine(isOrderedTotally)
        hasher.combine(hiddenValues)
        hasher.combine(query)
    }

    /// The request with its ordering completed by the keys of its rows' tables: the root's primary
    /// key (its rowid when it has no other), then the key of every table joined by a to-many link,
    /// so that no two rows compare equal: a total order, the same every time for the same database
    /// contents. Views contribute nothing (they have no key). Not part of the request language.
    ///
    /// What it does not promise: pages read one after another with LIMIT/OFFSET see one snapshot
    /// each, so a row inserted or deleted before a page's offset between two reads shifts the next
    /// page (a row shown twice, or one skipped). Stable pages are the pager's job (`db.pager(for:)`
    /// reads each page after the last row shown, by key, where the request allows it).
    ///
    ///     SELECT * FROM "book" ORDER BY "year", "id"
    public func orderedTotally() -> Request {
        var copy = self
        copy.isOrderedTotally = true
        return copy
    }

    /// LIMIT and OFFSET.
    public func limit(_ limit: Int, offset: Int? = nil) -> Request {
        var copy = self
        copy.limit = limit
        copy.offset = offset
        return copy
    }
}

/// A table, known only by its name: the root of requests and the origin of associations.
/// `book.author` names the association `author` of the schema's graph.
@dynamicMemberLookup
public struct Table: RelationRefining, Sendable, Hashable {
    /// The table name, as written.
    public var name: String

    /// The table named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The association named `name` in the schema's graph, resolved when SQL is generated.
    public subscript(dynamicMember name: String) -> AssociationRequest {
        association(name)
    }

    /// The association named `name` in the schema's graph, resolved when SQL is generated.
    public func association(_ name: String) -> AssociationRequest {
        AssociationRequest(origin: self.name, reference: .named(name))
    }

    /// A request for all rows of the table.
    public var all: Request { Request(table: name) }

    // MARK: Declaring associations by hand

    /// The row of `destination` this table's foreign key points to. `using` picks the foreign key
    /// when several exist, or gives it when the schema declares none.
    public func belongsTo(_ destination: Table, key: String? = nil, using foreignKey: ForeignKey? = nil) -> AssociationRequest {
        declared(.belongsTo, destination, key, foreignKey)
    }

    /// The one row of `destination` whose foreign key points to this table.
    public func hasOne(_ destination: Table, key: String? = nil, using foreignKey: ForeignKey? = nil) -> AssociationRequest {
        declared(.hasOne, destination, key, foreignKey)
    }

    /// The rows of `destination` whose foreign key points to this table.
    public func hasMany(_ destination: Table, key: String? = nil, using foreignKey: ForeignKey? = nil) -> AssociationRequest {
        declared(.hasMany, destination, key, foreignKey)
    }

    /// Many rows reached through `pivot`, then `target` from the pivot's table.
    public func hasMany(through pivot: AssociationRequest, using target: AssociationRequest, key: String) -> AssociationRequest {
        AssociationRequest(origin: name, reference: .through(pivot: pivot, target: target, kind: .hasManyThrough, name: key))
    }

    /// One row reached through the to-one `pivot`, then the to-one `target` from the pivot's table.
    public func hasOne(through pivot: AssociationRequest, using target: AssociationRequest, key: String) -> AssociationRequest {
        AssociationRequest(origin: name, reference: .through(pivot: pivot, target: target, kind: .hasOneThrough, name: key))
    }

    private func declared(_ kind: AssociationKind, _ destination: Table, _ key: String?, _ foreignKey: ForeignKey?) -> AssociationRequest {
        AssociationRequest(
            origin: name,
            reference: .declared(
                DeclaredAssociation(
                    kind: kind, origin: name, destination: destination.name, key: key, foreignKey: foreignKey)))
    }

    // MARK: Starting requests
    //
    // `filter`, `order`, `including`… come from `RelationRefining`: each starts a request on `all`.

    /// Starts a request on the table: `all.limit(_:offset:)`.
    public func limit(_ limit: Int, offset: Int? = nil) -> Request { all.limit(limit, offset: offset) }
}
