extension Database {
    /// The request for the records associated with one row of `table` (GRDB's
    /// `record.request(for:)`):
    /// an author's books, a track's playlists, a book's author.
    ///
    ///     SELECT * FROM "book" WHERE "authorId" = ?
    ///     SELECT "playlist".* FROM "playlist" JOIN "playlistTrack" ON ("playlistTrack"."playlistId" = "playlist"."id") AND ("playlistTrack"."trackId" = ?)
    ///
    /// `row` must hold the origin columns of the association; a NULL key gives a request with no row.
    func request(for association: AssociationRequest, of row: Row, in table: String) throws -> Request {
        guard let origin = schema.table(named: table) else { throw AssocError.unknownTable(table, in: schema) }
        let resolver = Resolver(graph: graph)
        var steps: [AssociationStep] = []
        try resolver.flatten(association, from: origin, into: &steps)
        guard let last = steps.last, let first = steps.first else {
            throw AssocError.invalidAssociation(
                association.displayName, table: nil, reason: "association \(quoteForMessage(association.displayName)) has no step")
        }
        // The key values of the row, for the first step.
        var keyFilters: [Expression] = []
        var hasNull = false
        for pair in first.definition.columns {
            guard let value = row[pair.origin] else {
                throw AssocError.invalid(
                    "the row has no column \(quoteForMessage(pair.origin)), needed to follow \(quoteForMessage(association.displayName)) from \(quoteForMessage(origin.name))",
                    table: origin.name)
            }
            if value.isNull { hasNull = true }
            keyFilters.append(.binary(.equal, .column(pair.destination), .value(value)))
        }
        var request = Request(table: last.definition.destination)
        request.relation = last.relation
        if steps.count == 1 {
            request.relation.filters += hasNull ? [.value(.integer(0))] : keyFilters
            return request
        }
        // Join the intermediate tables back from the destination, the first one restricted to the row's keys.
        var nested: AssociationRequest?
        for (index, step) in steps.dropLast().enumerated() {
            let next = steps[index + 1].definition
            let reversed = Association(
                name: step.definition.name, kind: next.kind.isToMany ? .belongsTo : .hasMany,
                origin: next.destination, destination: step.definition.destination,
                path: .direct(next.columns.map { ColumnPair(origin: $0.destination, destination: $0.origin) }),
                source: .declared)
            var joined = AssociationRequest(origin: nil, reference: .definition(reversed))
            joined.engineJoin = .throughStep(index)
            joined.relation = step.relation
            joined.relation.selection = []
            if index == 0 { joined.relation.filters += hasNull ? [.value(.integer(0))] : keyFilters }
            if let inner = nested { joined.relation.joins.append(Join(method: .joiningRequired, association: inner)) }
            nested = joined
        }
        if let outer = nested {
            request.relation.joins.append(Join(method: .joiningRequired, association: outer))
        }
        return request
    }

    /// The request for the records `association` (by name) leads to from one row of `table`.
    func request(for associationName: String, of row: Row, in table: String) throws -> Request {
        try request(for: Table(table).association(associationName), of: row, in: table)
    }
}
