/// Where the records of a request made with `request(for:)` come from: the records that
/// `association` leads to from the rows of `base`. Each destination record comes once, however
/// many paths lead to it, because the destination is filtered rather than joined:
///
///     SELECT "album".* FROM "album"
///     WHERE "album"."AlbumId" IN (SELECT "track"."AlbumId" FROM "track"
///                                 WHERE "track"."GenreId" IN (SELECT "GenreId" FROM "genre" WHERE "GenreId" = ?))
package indirect enum RequestOrigin: Sendable, Hashable {
    /// The records `association` leads to from the rows of `base`.
    case associated(base: Request, association: AssociationRequest)

    /// The request the records are reached from.
    package var base: Request {
        switch self {
        case .associated(let base, _): base
        }
    }

    /// The association followed from the rows of `base`.
    package var association: AssociationRequest {
        switch self {
        case .associated(_, let association): association
        }
    }
}

extension Request {
    /// The records `association` leads to from the rows of this request, each record once, as one
    /// statement (GRDB's `record.request(for:)`, for every record the request matches):
    ///
    ///     // Artist.filter(key: 1).request(for: Artist.albums)
    ///     SELECT * FROM "album" WHERE "artistId" IN (SELECT "id" FROM "artist" WHERE "id" = ?)
    ///
    /// The result is a request like any other: it takes filters, orderings, includes, prefetches
    /// and aggregates, and can follow another association in turn. A through association's records
    /// come once each, however many paths lead to them.
    public func request(for association: AssociationRequest) -> Request {
        var request = Request(table: association.declaredDestination ?? "")
        request.origin = .associated(base: self, association: association)
        return request
    }
}

extension AssociationRequest {
    /// The destination table when the association names it (declared in Swift), nil for an
    /// association known by name only.
    var declaredDestination: String? {
        switch reference {
        case .named: return nil
        case .definition(let association): return association.destination
        case .declared(let declared): return declared.destination
        case .through(_, let target, _, _): return target.declaredDestination
        }
    }
}

extension Database {
    /// `base.request(for: association)`, with the destination table named from the schema.
    ///
    ///     SELECT * FROM "book" WHERE "authorId" IN (SELECT "id" FROM "person" WHERE "country" = ?)
    func request(for association: AssociationRequest, of base: Request) throws -> Request {
        try Self.request(for: association, of: base, graph: graph)
    }

    /// The columns of `table` that the first step of `association` starts from (`authorId` for a
    /// book's author, `id` for an author's books).
    func originColumns(of association: AssociationRequest, from table: String) throws -> [String] {
        guard let origin = schema.table(named: table) else { throw AssocError.unknownTable(table, in: schema) }
        var steps: [AssociationStep] = []
        try Resolver(graph: graph).flatten(association, from: origin, into: &steps)
        return steps.first?.definition.columns.map(\.origin) ?? []
    }

    static func request(for association: AssociationRequest, of base: Request, graph: AssociationGraph) throws -> Request {
        var request = base.request(for: association)
        request.table = try Resolver(graph: graph).rootTable(of: request).name
        return request
    }
}

extension Resolver {
    /// The conditions that restrict the root of a `request(for:)` request to the records its
    /// association reaches: one `IN (SELECT …)` per step, nested from the base request outwards,
    /// for a chain of up to `nestedStepLimit` steps in all; one common table expression per step
    /// beyond (`chainedOriginFilter`), since SQLite's parser overflows at about 12 nested levels.
    /// `steps`: the association flattened from the base's table.
    func originFilter(of origin: RequestOrigin, steps: [AssociationStep]) throws -> SubqueryFilter {
        if try chainStepCount(of: origin, steps: steps, upTo: Self.nestedStepLimit + 1) > Self.nestedStepLimit {
            return try chainedOriginFilter(of: origin, steps: steps)
        }
        return try nestedOriginFilter(of: origin, steps: steps)
    }

    /// The nested form: `… IN (SELECT … WHERE … IN (SELECT …))`, one level per step.
    private func nestedOriginFilter(of origin: RequestOrigin, steps: [AssociationStep]) throws -> SubqueryFilter {
        var source = origin.base
        var filter: SubqueryFilter?
        for (index, step) in steps.enumerated() {
            let pairs = step.definition.columns
            guard !pairs.isEmpty else {
                throw AssocError.invalidAssociation(
                    step.definition.name, table: step.definition.origin,
                    reason: "association \(quoteForMessage(step.definition.name)) joins no column")
            }
            let statement = try SQLGenerator.generate(
                Self.keysOnly(of: source, columns: pairs.map(\.origin)), graph: graph
            ).statement
            let current = SubqueryFilter(columns: pairs.map(\.destination), statement: statement)
            filter = current
            guard index < steps.count - 1 else { break }
            // The next step starts from this step's records, with the step's own refinements.
            var next = Request(table: step.definition.destination)
            next.relation = step.request.relation
            next.origin = .associated(
                base: source, association: AssociationRequest(origin: nil, reference: .definition(step.definition)))
            source = next
        }
        guard let filter else {
            throw AssocError.invalidAssociation(
                origin.association.displayName, table: nil, reason: "association \(quoteForMessage(origin.association.displayName)) has no step")
        }
        return filter
    }

    /// `request` selecting only `columns` of its root: every join kept for the rows it keeps or
    /// drops, none selecting anything, no prefetch, no annotation; its order (its own, or the
    /// default ordering of the association it follows) only when a limit makes it matter.
    static func keysOnly(of request: Request, columns: [String]) -> Request {
        var copy = request
        copy.relation = selectingNothing(request.relation)
        copy.relation.selection = columns.map { .expression(.column($0)) }
        if copy.limit == nil && copy.offset == nil { copy.relation.ordering = [] }
        return copy
    }

    private static func selectingNothing(_ relation: Relation) -> Relation {
        var relation = relation
        relation.annotations = []
        relation.joins = relation.joins.compactMap(\.selectingNothing)
        return relation
    }
}

extension Join {
    /// The join with the same effect on the rows (required or not, its filters, its own joins)
    /// selecting nothing: `including` becomes `joining`, annotations go; nil for a prefetch, which
    /// never changes the rows.
    package var selectingNothing: Join? {
        var join = self
        switch join.method {
        case .includingAll: return nil
        case .includingRequired: join.method = .joiningRequired
        case .includingOptional: join.method = .joiningOptional
        case .joiningRequired, .joiningOptional: break
        }
        join.association.relation.annotations = []
        join.association.relation.joins = join.association.relation.joins.compactMap(\.selectingNothing)
        return join
    }
}

/// `(columns) IN (SELECT …)`: restricts a request's root to the keys another statement selects.
struct SubqueryFilter: Sendable {
    var columns: [String]
    var statement: GeneratedStatement
}
