/// `request(for:)` through an ordered pivot (`playerRoles = hasMany(PlayerRole.self).order(Column("position"))`,
/// `players = hasMany(Player.self, through: playerRoles, using: PlayerRole.player)`): the rows come
/// in the pivot's order, as GRDB gives them. The intermediate tables are joined back from the
/// destination (inner joins, no columns), the first one restricted to the keys of the base rows,
/// and their orderings follow the destination's in ORDER BY:
///
///     SELECT "player".* FROM "player"
///     JOIN "playerRole" ON ("playerRole"."playerId" = "player"."id")
///                      AND ("playerRole"."teamId" IN (SELECT "id" FROM "team" WHERE "id" = ?))
///     ORDER BY "playerRole"."position"
///
/// A record reached by several pivot rows comes once per pivot row, at each of its places, as in
/// GRDB (and as `including(all:)` lists it). Without an ordered pivot, `request(for:)` keeps its
/// `IN (SELECT …)` form, each record once (`originFilter`).
extension Resolver {
    /// Whether a step before the last of a through association (a pivot) has an ordering.
    static func hasOrderedPivot(_ steps: [AssociationStep]) -> Bool {
        steps.dropLast().contains { !($0.request.relation.ordering ?? []).isEmpty }
    }

    /// Joins the pivots of `steps` below `root` (the destination), nearest first, the first pivot
    /// restricted to the keys `base` selects.
    mutating func joinOrderedPivots(_ steps: [AssociationStep], base: Request, to root: inout QueryNode) throws {
        guard let first = steps.first, let last = steps.last, steps.count > 1 else { return }
        let ownPath = joinPath
        joinPath = nil
        defer { joinPath = ownPath }
        var pivots: [PrefetchStep] = []
        for step in steps.dropLast() {
            guard let table = schema.table(named: step.definition.destination) else {
                throw AssocError.unknownTable(step.definition.destination, in: schema)
            }
            let node = try node(
                for: table, relation: step.request.relation, isIncluded: false, presetID: step.hints.presetNodeID,
                pendingJoins: step.hints.pendingJoins)
            pivots.append(PrefetchStep(node: node, pairs: step.definition.columns))
        }
        let firstPairs = first.definition.columns
        guard !firstPairs.isEmpty, !pivots.isEmpty else {
            throw AssocError.invalidAssociation(
                first.definition.name, table: first.definition.origin, reason: "association \(quoteForMessage(first.definition.name)) joins no column"
            )
        }
        let keys = try SQLGenerator.generate(Self.keysOnly(of: base, columns: firstPairs.map(\.origin)), graph: graph).statement
        pivots[0].node.originFilter = SubqueryFilter(columns: firstPairs.map(\.destination), statement: keys)
        // Each pivot joins the table after it in the chain, reversed; the last pivot joins the root.
        var nested: QueryChild?
        for index in pivots.indices {
            var node = pivots[index].node
            if let inner = nested { node.children.append(inner) }
            let next = index + 1 < pivots.count ? pivots[index + 1].pairs : last.definition.columns
            nested = QueryChild(
                key: node.table.name, kind: .required,
                pairs: next.map { ColumnPair(origin: $0.destination, destination: $0.origin) }, node: node,
                engineJoin: .orderedPivot(index))
        }
        if let outer = nested { root.children.append(outer) }
    }
}

/// A term of a request's order that the request does not write: the default ordering of the
/// association a `request(for:)` follows, or the ordering of a pivot it joins.
package struct ImplicitOrderingTerm: Sendable, Hashable {
    /// In an expression valid in expressions added to the request (a joined pivot by the alias
    /// `JoinedTableReference` gives it); nullable, as nothing says otherwise.
    package var term: KeysetCondition.Term
    /// `playerRole.position`, for people to read.
    package var label: String
}

extension Database {
    /// The orderings `request` has without writing them, in the order GRDB applies them: the
    /// default ordering of the association it follows (`request(for:)` with no `order` of its
    /// own), then the orderings of the ordered pivots it joins (OrderedPivotJoins). The browser
    /// pages on them before the key, so a followed link lists its rows in the association's order.
    /// Empty when there are none, or when one is not a plain column.
    package func implicitOrderingTerms(of request: Request) throws -> [ImplicitOrderingTerm] {
        guard request.origin != nil else { return [] }
        let root = try ResolvedQuery(request, graph: graph).root
        var terms: [ImplicitOrderingTerm] = []
        if request.relation.ordering == nil {
            for ordering in root.ordering {
                guard case .column(let column) = ordering.expression else { return [] }
                terms.append(
                    ImplicitOrderingTerm(
                        term: KeysetCondition.Term(ordering.expression, descending: ordering.descending == true),
                        label: root.table.name + "." + column))
            }
        }
        var pivot = root.children.first(where: \.isOrderedPivot)
        while let child = pivot {
            for ordering in child.node.ordering {
                guard case .column(let column) = ordering.expression else { return [] }
                let expression = Expression.aliasedColumn(alias: JoinedTableReference.alias(of: child.node.id), column: column)
                terms.append(
                    ImplicitOrderingTerm(
                        term: KeysetCondition.Term(expression, descending: ordering.descending == true),
                        label: child.node.table.name + "." + column))
            }
            pivot = child.node.children.first(where: \.isOrderedPivot)
        }
        return terms
    }
}

extension QueryChild {
    /// Whether the engine joined this pivot for its ordering (`EngineJoin.orderedPivot`).
    var isOrderedPivot: Bool {
        if case .orderedPivot = engineJoin { return true }
        return false
    }
}
