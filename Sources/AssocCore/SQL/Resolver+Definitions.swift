/// What an association request designates, once looked up: a direct join, or a through
/// association made of two refinable associations.
enum ResolvedDefinition {
    case direct(Association)
    /// `singularKey`: the singular form of the target's key when inflection gets it wrong.
    case through(pivot: AssociationRequest, target: AssociationRequest, kind: AssociationKind, name: String, singularKey: String?)

    /// The singular form of the association's default key, when inflection alone gets it wrong.
    var singularName: String? {
        if case .direct(let association) = self { return association.singularName }
        return nil
    }
}

extension Resolver {
    /// Looks up the association an `AssociationRequest` designates, starting from `origin`.
    func definition(of association: AssociationRequest, from origin: TableInfo) throws -> ResolvedDefinition {
        switch association.reference {
        case .named(let name):
            guard let found = lookUp(name, from: origin) else {
                let candidates = graph.associations(from: origin.name)
                throw AssocError.unknownAssociation(name, from: origin.name, among: candidates.map(\.name))
            }
            return split(found)
        case .definition(let definition):
            return split(definition)
        case .declared(let declared):
            return .direct(try resolveDeclared(declared))
        case .through(let pivot, let target, let kind, let name):
            return .through(pivot: pivot, target: target, kind: kind, name: name, singularKey: nil)
        }
    }

    /// The association of the graph named `name` from `origin`: spelled exactly, or the only one
    /// spelled so with another case.
    private func lookUp(_ name: String, from origin: TableInfo) -> Association? {
        let candidates = graph.associations(from: origin.name)
        return candidates.first { $0.name == name } ?? uniqueCaseInsensitiveMatch(name, in: candidates)
    }

    /// `association` with the default ordering of its definition (`hasMany(…).order(Name)`) when
    /// it sets no ordering of its own: for a prefetch (`including(all:)`) or a followed link
    /// (`request(for:)`), as GRDB's ordered associations.
    func withDefaultOrdering(_ association: AssociationRequest, from origin: TableInfo) -> AssociationRequest {
        guard association.relation.ordering == nil else { return association }
        let definition: Association?
        switch association.reference {
        case .named(let name): definition = lookUp(name, from: origin)
        case .definition(let association): definition = association
        case .declared, .through: definition = nil
        }
        guard let ordering = definition?.ordering, !ordering.isEmpty else { return association }
        var ordered = association
        ordered.relation.ordering = ordering
        return ordered
    }

    private func uniqueCaseInsensitiveMatch(_ name: String, in candidates: [Association]) -> Association? {
        let matches = candidates.filter { $0.name.lowercased() == name.lowercased() }
        return matches.count == 1 ? matches.first : nil
    }

    private func split(_ association: Association) -> ResolvedDefinition {
        switch association.path {
        case .direct:
            return .direct(association)
        case .through(let pivot, let target):
            // A through association's declared filter refines its destination: its target's table.
            var targetRequest = AssociationRequest(origin: target.origin, reference: .definition(target))
            targetRequest.relation = association.refining(targetRequest.relation)
            return .through(
                pivot: AssociationRequest(origin: pivot.origin, reference: .definition(pivot)),
                target: targetRequest,
                kind: association.kind, name: association.name, singularKey: association.singularName)
        }
    }

    /// Whether `association`, followed from `origin`, leads to many rows.
    func isToMany(_ association: AssociationRequest, from origin: TableInfo) throws -> Bool {
        switch try definition(of: association, from: origin) {
        case .direct(let definition): return definition.isToMany
        case .through(_, _, let kind, _, _): return kind.isToMany
        }
    }

    /// Whether `target`, followed from the destination of `pivot` (itself from `parent`), leads to many rows.
    func isToMany(_ target: AssociationRequest, fromTableOf pivot: AssociationRequest, parent: String) throws -> Bool {
        guard let parentTable = schema.table(named: parent) else { throw AssocError.unknownTable(parent, in: schema) }
        let middle = try destinationTable(of: pivot, from: parentTable)
        return try isToMany(target, from: middle)
    }

    /// The table `association` leads to from `origin`.
    func destinationTable(of association: AssociationRequest, from origin: TableInfo) throws -> TableInfo {
        switch try definition(of: association, from: origin) {
        case .direct(let definition):
            guard let table = schema.table(named: definition.destination) else {
                throw AssocError.unknownTable(definition.destination, in: schema)
            }
            return table
        case .through(let pivot, let target, _, _, _):
            let middle = try destinationTable(of: pivot, from: origin)
            return try destinationTable(of: target, from: middle)
        }
    }

    /// Resolves a hand-declared belongsTo / hasOne / hasMany against the schema's foreign keys.
    func resolveDeclared(_ declared: DeclaredAssociation) throws -> Association {
        try declared.resolved(in: schema)
    }

    /// `including(all:)` of a through association: a prefetched child whose statement starts from
    /// the final table and joins the intermediate tables back to the parent's keys.
    mutating func attachPrefetchedThrough(
        pivot: AssociationRequest, target: AssociationRequest, kind: AssociationKind, name: String,
        _ association: AssociationRequest, hints: ResolutionHints, to parent: inout QueryNode
    ) throws -> Int {
        guard kind.isToMany else {
            throw AssocError.invalid(
                "including(all:) needs a to-many association, and \(quoteForMessage(name)) of \(quoteForMessage(parent.table.name)) is a hasOneThrough: use including(optional:) or including(required:)",
                table: parent.table.name)
        }
        var steps: [AssociationStep] = []
        try flatten(pivot, from: parent.table, into: &steps, orderedSteps: true)
        let middle = try destinationTable(of: pivot, from: parent.table)
        var finalTarget = withDefaultOrdering(target, from: middle)
        finalTarget.relation = finalTarget.relation.merging(association.relation)
        try flatten(finalTarget, from: middle, into: &steps, hints: hints, orderedSteps: true)
        guard let last = steps.last else {
            throw AssocError.invalidAssociation(name, table: parent.table.name, reason: "through association \(quoteForMessage(name)) has no step")
        }
        var chain: [PrefetchStep] = []
        var previous = parent.table
        let targetPath = joinPath
        joinPath = nil
        defer { joinPath = targetPath }
        for step in steps.dropLast() {
            guard let table = schema.table(named: step.definition.destination) else {
                throw AssocError.unknownTable(step.definition.destination, in: schema)
            }
            try checkStep(step.definition, from: previous, to: table)
            let node = try node(
                for: table, relation: step.relation, isIncluded: false,
                presetID: step.hints.presetNodeID, pendingJoins: step.hints.pendingJoins)
            chain.append(PrefetchStep(node: node, pairs: step.definition.columns))
            previous = table
        }
        guard let destination = schema.table(named: last.definition.destination) else {
            throw AssocError.unknownTable(last.definition.destination, in: schema)
        }
        try checkStep(last.definition, from: previous, to: destination)
        joinPath = targetPath
        let targetNode = try node(
            for: destination, relation: last.relation, isIncluded: true,
            presetID: last.hints.presetNodeID, pendingJoins: last.hints.pendingJoins)
        let key = AssociationKey.plural(association.key ?? name, isToMany: true)
        let child = QueryChild(key: key, kind: .all, pairs: last.definition.columns, node: targetNode, prefetchChain: chain)
        return try merge(child, into: &parent)
    }

    private func checkStep(_ definition: Association, from origin: TableInfo, to destination: TableInfo) throws {
        for pair in definition.columns {
            if origin.column(named: pair.origin) == nil && pair.origin.lowercased() != "rowid" {
                throw AssocError.unknownColumn(pair.origin, in: origin)
            }
            if destination.column(named: pair.destination) == nil && pair.destination.lowercased() != "rowid" {
                throw AssocError.unknownColumn(pair.destination, in: destination)
            }
        }
    }

    /// The direct steps of an association, each with the request that refines its table.
    /// A through association's own key, refinements and `hints` go to its last step.
    /// `orderedSteps`: each step keeps the default ordering of its definition
    /// (`hasMany(PlayerRole.self).order(Column("position"))`) unless it has an ordering of its own,
    /// as GRDB's through associations keep the orderings of their steps.
    func flatten(
        _ association: AssociationRequest, from origin: TableInfo,
        into steps: inout [AssociationStep], hints: ResolutionHints = .init(), orderedSteps: Bool = false
    ) throws {
        let association = orderedSteps ? withDefaultOrdering(association, from: origin) : association
        switch try definition(of: association, from: origin) {
        case .direct(let definition):
            steps.append(AssociationStep(definition: definition, request: association, hints: hints))
        case .through(let pivot, var target, _, _, _):
            try flatten(pivot, from: origin, into: &steps, orderedSteps: orderedSteps)
            let middle = try destinationTable(of: pivot, from: origin)
            if orderedSteps { target = withDefaultOrdering(target, from: middle) }
            target.relation = target.relation.merging(association.relation)
            try flatten(target, from: middle, into: &steps, hints: hints, orderedSteps: orderedSteps)
        }
    }
}
