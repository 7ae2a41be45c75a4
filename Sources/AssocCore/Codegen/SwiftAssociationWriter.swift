/// The associations of generated GRDB code: `static let author = belongsTo(Person.self)` on the
/// origin's record, `key:` only where GRDB's default key differs from Assoc's name, `using:
/// ForeignKey(…)` only where GRDB would not find the same foreign key in the schema.
extension SwiftRequestWriter {
    /// An association as used in a request: its code, destination table and key as GRDB keeps it.
    struct AssociationCode {
        var text: String
        var destination: TableInfo
        var key: GRDBNaming.Key
    }

    /// `Book.author.filter(…)` and the destination table. Declares the static association (and,
    /// for a through association, its pivot and target) on the origin's record.
    /// `fixSingularKey`: the association is joined as to-one, so its key must be Assoc's singular
    /// name (`bookAsAuthor`) where GRDB's singular form of its key would differ.
    /// `dropsDefaultOrdering`: an aggregate, where GRDB would apply the declared default ordering
    /// (`hasMany(…).order(…)`) and Assoc does not: `.unordered()` (joins apply it in both).
    /// `pivotKey`: a key for the first pivot of a through association (see `bridgeKeyCollisions`).
    mutating func associationCode(
        _ association: AssociationRequest, from origin: TableInfo, fixSingularKey: Bool,
        dropsDefaultOrdering: Bool = false, pivotKey: String? = nil
    ) throws -> AssociationCode {
        let originType = catalog.typeName(for: origin)
        let declared = try declare(association, from: origin, isJoined: fixSingularKey, pivotKey: pivotKey)
        var text = originType + "." + SwiftNames.escaped(declared.staticName)
        if dropsDefaultOrdering, declared.isOrdered, association.relation.ordering == nil {
            text += ".unordered()"
            notes.append(
                "GRDB applies an association's default ordering (hasMany(…).order(…)) to aggregates too, where Assoc does not: such an aggregate is written .unordered()."
            )
        }
        for call in try methods(association.relation, table: declared.destination, isRoot: false) { text += "." + call }
        var key = declared.key
        if let pivotKey, !declared.isThrough {
            // The first step of a through association, renamed so that GRDB does not merge it.
            text += ".forKey(\(SwiftNames.stringLiteral(pivotKey)))"
            key = GRDBNaming.explicitKey(pivotKey, isToMany: declared.isToMany)
        } else if let explicit = association.key {
            text += ".forKey(\(SwiftNames.stringLiteral(explicit)))"
            key = GRDBNaming.explicitKey(explicit, isToMany: declared.isToMany)
        } else if fixSingularKey, declared.isToMany, let singular = declared.singularName, singular != key.singular {
            text += ".forKey(\(SwiftNames.stringLiteral(singular)))"
            key = GRDBNaming.explicitKey(singular, isToMany: declared.isToMany)
        }
        return AssociationCode(text: text, destination: declared.destination, key: key)
    }

    struct Declared {
        var staticName: String
        var destination: TableInfo
        var isToMany: Bool
        /// Assoc's singular key, when it is not the inflected singular of the name.
        var singularName: String?
        var key: GRDBNaming.Key
        /// The declaration has a default ordering (`.order(…)`).
        var isOrdered = false
        var isThrough = false
    }

    /// The default ordering of the association `association` designates (its declaration's
    /// `.order(…)`), empty when it has none.
    func defaultOrdering(of association: AssociationRequest, from origin: TableInfo) -> [Ordering] {
        var bare = association
        bare.relation.ordering = nil
        return resolver.withDefaultOrdering(bare, from: origin).relation.ordering ?? []
    }

    /// `.order(Track.Columns.name)` for a declaration with a default ordering, else "".
    private mutating func orderSuffix(_ ordering: [Ordering], destination: TableInfo) throws -> String {
        guard !ordering.isEmpty else { return "" }
        return ".order(" + (try ordering.map { try orderingCode($0, table: destination, annotations: []) }).joined(separator: ", ") + ")"
    }

    /// Declares the static association `association` stands for on the record of `origin`.
    /// `isJoined`: a through association is joined (its pivot then takes Assoc's singular key),
    /// else prefetched or followed (the pivot keeps its plural key: GRDB names the prefetch's
    /// bridge after it, which must not meet a joined pivot's key). Each use gets its own static.
    private mutating func declare(
        _ association: AssociationRequest, from origin: TableInfo, isJoined: Bool, pivotKey: String? = nil
    ) throws -> Declared {
        let ordering = defaultOrdering(of: association, from: origin)
        switch try resolver.definition(of: association, from: origin) {
        case .direct(let definition):
            return try declareDirect(definition, from: origin, ordering: ordering)
        case .through(let pivot, let target, let kind, let name, let singularKey):
            let pivotCode = try associationCode(pivot, from: origin, fixSingularKey: isJoined, pivotKey: pivotKey)
            let targetCode = try associationCode(target, from: pivotCode.destination, fixSingularKey: false)
            let destinationType = catalog.typeName(for: targetCode.destination)
            let helper = kind.isToMany ? "hasMany" : "hasOne"
            var key = GRDBNaming.defaultThroughKey(target: targetCode.key)
            var code = "\(helper)(\(destinationType).self, through: \(pivotCode.text), using: \(targetCode.text)"
            if !GRDBNaming.defaultMatches(key, name: name, singularName: singularKey, isToMany: kind.isToMany) {
                code += ", key: " + SwiftNames.stringLiteral(name)
                key = GRDBNaming.explicitKey(name, isToMany: kind.isToMany)
            }
            code += ")" + (try orderSuffix(ordering, destination: targetCode.destination))
            let staticName = catalog.declareStatic(on: origin, associationName: name, code: code)
            return Declared(
                staticName: staticName, destination: targetCode.destination, isToMany: kind.isToMany,
                singularName: singularKey, key: key, isOrdered: !ordering.isEmpty, isThrough: true)
        }
    }

    /// `.filter(Column("kind") == "novel")` for each declared filter of `definition`
    /// (`hasMany(…).filter(kind = 'novel')` in an associations file): part of the static
    /// association, as GRDB's guides declare `novels = books.filter(…).forKey("novels")`.
    private mutating func declaredFilterCalls(_ definition: Association, destination: TableInfo) throws -> String {
        try definition.filters.map { ".filter(" + (try code($0, table: destination).specific.text) + ")" }.joined()
    }

    /// Declares the direct association `definition` on the record of `origin`: `hasMany(Book.self)`,
    /// with `key:`, `using:` and `.order(…)` only where GRDB's defaults differ.
    mutating func declareDirect(_ definition: Association, from origin: TableInfo, ordering: [Ordering]) throws -> Declared {
        let destination = try table(named: definition.destination)
        let destinationType = catalog.typeName(for: destination)
        let helper: String
        switch definition.kind {
        case .belongsTo: helper = "belongsTo"
        case .hasOne, .hasOneThrough: helper = "hasOne"
        case .hasMany, .hasManyThrough: helper = "hasMany"
        }
        var arguments = [destinationType + ".self"]
        var key = GRDBNaming.defaultKey(destinationTable: destination.name)
        if !GRDBNaming.defaultMatches(key, name: definition.name, singularName: definition.singularName, isToMany: definition.isToMany) {
            arguments.append("key: " + SwiftNames.stringLiteral(definition.name))
            key = GRDBNaming.explicitKey(definition.name, isToMany: definition.isToMany)
        }
        if let foreignKey = foreignKeyCode(definition, origin: origin, destination: destination) {
            arguments.append("using: " + foreignKey)
        }
        let code =
            helper + "(" + arguments.joined(separator: ", ") + ")"
            + (try declaredFilterCalls(definition, destination: destination)) + (try orderSuffix(ordering, destination: destination))
        let name = catalog.declareStatic(on: origin, associationName: definition.name, code: code)
        return Declared(
            staticName: name, destination: destination, isToMany: definition.isToMany,
            singularName: definition.singularName, key: key, isOrdered: !ordering.isEmpty)
    }

    /// The key GRDB gives the declaration of `definition` (`key:` only where its default differs).
    static func declaredKey(_ definition: Association) -> GRDBNaming.Key {
        let key = GRDBNaming.defaultKey(destinationTable: definition.destination)
        guard GRDBNaming.defaultMatches(key, name: definition.name, singularName: definition.singularName, isToMany: definition.isToMany) else {
            return GRDBNaming.explicitKey(definition.name, isToMany: definition.isToMany)
        }
        return key
    }

    /// `ForeignKey(["authorId"], to: ["id"])`, or nil when GRDB finds this foreign key itself: the
    /// association's columns are those of the schema's only foreign key from the child table to
    /// the parent (whether Assoc inferred the association or a declaration names them).
    func foreignKeyCode(_ definition: Association, origin: TableInfo, destination: TableInfo) -> String? {
        let isBelongsTo = definition.kind == .belongsTo
        let child = isBelongsTo ? origin : destination
        let parent = isBelongsTo ? destination : origin
        let childColumns = isBelongsTo ? definition.columns.map(\.origin) : definition.columns.map(\.destination)
        let parentColumns = isBelongsTo ? definition.columns.map(\.destination) : definition.columns.map(\.origin)
        // Inferred or declared alike: GRDB uses the only foreign key from the child to the parent.
        let candidates = child.foreignKeys.filter { $0.destinationTable.lowercased() == parent.name.lowercased() }
        if candidates.count == 1, let only = candidates.first,
            only.originColumns.map({ $0.lowercased() }) == childColumns.map({ $0.lowercased() }),
            only.destinationColumns.map({ $0.lowercased() }) == parentColumns.map({ $0.lowercased() })
        {
            return nil
        }
        return "ForeignKey(\(SwiftNames.stringArray(childColumns)), to: \(SwiftNames.stringArray(parentColumns)))"
    }
}
