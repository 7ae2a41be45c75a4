/// Code that runs where GRDB's straightforward spelling of a prefetch does not (the guides'
/// "Known Issues"):
/// - a through association prefetched beside the association it steps through
///   (`Country.including(all: passports).including(all: citizens)`): GRDB merges the two under
///   one key and stops ("Not implemented: merging a direct association and an indirect one with
///   including(all:)"), so the through association's pivot gets a key of its own;
/// - a prefetch filtered on its parent's alias (`Author.aliased(a).including(all:
///   books.filter(publishDate >= a.deathDate))`): GRDB's prefetch statement does not have the
///   parent ("no such column: a.deathDate"), so the prefetched association joins its parent back
///   under that alias, as Assoc's own prefetch statement does.
extension SwiftRequestWriter {
    /// For each prefetched through association of `relation` whose pivot would take the key of
    /// another association of `relation` in GRDB: a key of its own for that pivot, by join index.
    mutating func bridgeKeyRenames(_ relation: Relation, table: TableInfo) throws -> [Int: String] {
        let keys = try relation.joins.map { try childKey(of: $0, from: table) }
        var taken = Set(keys.compactMap { $0?.key })
        var renames: [Int: String] = [:]
        for (index, join) in relation.joins.enumerated() where join.method == .includingAll {
            guard let key = keys[index], key.isBridge,
                keys.enumerated().contains(where: { $0.offset != index && $0.element?.key == key.key })
            else { continue }
            let base = (join.association.key ?? join.association.displayName) + Inflector.upperFirst(key.key)
            var name = base
            var number = 2
            while taken.contains(name) {
                name = base + String(number)
                number += 1
            }
            taken.insert(name)
            renames[index] = name
            let pivot = (try? firstStep(of: join.association, from: table))?.map { $0.0.name } ?? key.key
            notes.append(
                "GRDB stops with a fatal error (\"Not implemented: merging a direct association and an indirect one with including(all:)\") when one request prefetches an association and a through association that steps through it: \(join.association.displayName) steps through \(pivot).forKey(\"\(name)\") instead, which changes no row."
            )
        }
        return renames
    }

    /// The key GRDB files `join` under among its parent's children: a prefetched through
    /// association under its first pivot's key (`isBridge`), any other under its own.
    private func childKey(of join: Join, from table: TableInfo) throws -> (key: String, isBridge: Bool)? {
        switch try resolver.definition(of: join.association, from: table) {
        case .direct(let definition):
            let key =
                join.association.key.map { GRDBNaming.explicitKey($0, isToMany: definition.isToMany) }
                ?? Self.declaredKey(definition)
            if join.method == .includingAll { return (key.plural, false) }
            if definition.isToMany, join.association.key == nil, let singular = definition.singularName { return (singular, false) }
            return (key.singular, false)
        case .through(let pivot, _, _, _, _):
            guard let (definition, explicit) = try firstStep(of: pivot, from: table) else { return nil }
            let key = explicit.map { GRDBNaming.explicitKey($0, isToMany: definition.isToMany) } ?? Self.declaredKey(definition)
            guard join.method == .includingAll else { return (key.singular, false) }
            return (definition.isToMany ? key.plural : key.singular, true)
        }
    }

    /// The first direct step of `association` (through pivots of pivots), with its explicit key.
    private func firstStep(of association: AssociationRequest, from table: TableInfo) throws -> (Association, String?)? {
        switch try resolver.definition(of: association, from: table) {
        case .direct(let definition): return (definition, association.key)
        case .through(let pivot, _, _, _, _): return try firstStep(of: pivot, from: table)
        }
    }

    /// `.joining(required: Book.author.aliased(aAlias))` when the prefetched `association`
    /// refers to its parent's alias `alias` without defining it; "" otherwise. A prefetched
    /// through association can not join back from its pivot in a static declaration: a note
    /// says what GRDB does instead.
    mutating func parentJoin(alias: String, association: AssociationRequest, parent: TableInfo) throws -> String {
        var referenced = Set<String>()
        var defined = Set<String>()
        Self.collectAliases(in: association.relation, referenced: &referenced, defined: &defined)
        let name = alias.lowercased()
        guard referenced.contains(name), !defined.contains(name) else { return "" }
        guard case .direct(let definition) = try resolver.definition(of: association, from: parent) else {
            notes.append(
                "GRDB fetches a prefetched association (including(all:)) with a statement of its own, without its parent: a filter on the parent's alias \(alias) fails there with \"no such column\". Filter the decoded rows in Swift, or run Assoc's SQL (`assoc sql`) in an SQLRequest."
            )
            return ""
        }
        // The reverse of the association, from its destination back to the parent.
        let pairs = definition.columns.map { ColumnPair(origin: $0.destination, destination: $0.origin) }
        let kind: AssociationKind = definition.kind == .belongsTo ? .hasMany : .belongsTo
        let key = GRDBNaming.defaultKey(destinationTable: parent.name)
        let reverse = Association(
            name: kind == .belongsTo ? key.singular : key.plural, kind: kind, origin: definition.destination,
            destination: parent.name, path: .direct(pairs), source: definition.source)
        let destination = try table(named: definition.destination)
        let declared = try declareDirect(reverse, from: destination, ordering: [])
        notes.append(
            "GRDB fetches a prefetched association (including(all:)) with a statement of its own, without its parent: a prefetch that uses its parent's alias joins the parent back under that alias (as Assoc does), else GRDB says \"no such column\"."
        )
        return ".joining(required: \(catalog.typeName(for: destination)).\(SwiftNames.escaped(declared.staticName)).aliased(\(aliasVariable(alias))))"
    }

    /// The aliases `relation` refers to, and those it defines, in the statement of a prefetch:
    /// its own and those of its joins (not of nested prefetches, which have statements of their own).
    private static func collectAliases(in relation: Relation, referenced: inout Set<String>, defined: inout Set<String>) {
        if let alias = relation.alias { defined.insert(alias.lowercased()) }
        var expressions = relation.filters + relation.annotations + relation.havings + (relation.ordering ?? []).map(\.expression)
        for item in relation.selection ?? [] {
            if case .expression(let expression) = item { expressions.append(expression) }
        }
        for expression in expressions { expression.collectAliases(into: &referenced) }
        for join in relation.joins where join.method != .includingAll {
            collectAliases(in: join.association.relation, referenced: &referenced, defined: &defined)
        }
    }

    /// Records the table of each user alias of `request` (and of the requests it follows links from).
    mutating func collectAliasTables(of request: Request) throws {
        if let origin = request.origin { try collectAliasTables(of: origin.base) }
        guard let root = try? resolver.rootTable(of: request) else { return }
        collectAliasTables(request.relation, table: root)
    }

    private mutating func collectAliasTables(_ relation: Relation, table: TableInfo) {
        if let alias = relation.alias, aliasTables[alias.lowercased()] == nil { aliasTables[alias.lowercased()] = table }
        for join in relation.joins {
            guard let destination = try? resolver.destinationTable(of: join.association, from: table) else { continue }
            collectAliasTables(join.association.relation, table: destination)
        }
    }
}
