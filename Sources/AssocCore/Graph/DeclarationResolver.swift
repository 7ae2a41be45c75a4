/// Checks declarations against a schema and adds them to the associations of their tables, in
/// order: a through step may name an association declared on an earlier line. A declaration
/// whose name is the name of an inferred association of its table replaces it; two declarations
/// of one name on one table are an error. Every error names the file, line and column.
enum DeclarationResolver {
    static func apply(
        _ declarations: [AssociationDeclaration], schema: Schema, to byTable: inout [String: [Association]]
    ) throws {
        var declaredAt: [String: AssociationDeclaration.Location] = [:]
        for declaration in declarations {
            let association = try resolve(declaration, schema: schema, byTable: byTable)
            let table = association.origin.lowercased()
            let slot = table + "\u{0}" + association.name
            if let earlier = declaredAt[slot] {
                throw declaration.locations.key.orStart(declaration).error(
                    "table \(quoteForMessage(association.origin)) already has an association \(quoteForMessage(association.name)) declared at \(earlier.file):\(earlier.line): give this one another key")
            }
            declaredAt[slot] = declaration.location
            var associations = byTable[table] ?? []
            if let index = associations.firstIndex(where: { $0.name == association.name }) {
                associations[index] = association
            } else {
                associations.append(association)
            }
            byTable[table] = associations
        }
    }

    private static func resolve(
        _ declaration: AssociationDeclaration, schema: Schema, byTable: [String: [Association]]
    ) throws -> Association {
        let origin = try table(declaration.origin, at: declaration.locations.origin, in: schema)
        let destination = try table(declaration.destination, at: declaration.locations.destination, in: schema)
        var association: Association
        if let through = declaration.through {
            association = try chain(declaration, steps: through, from: origin, to: destination, schema: schema, byTable: byTable)
        } else {
            association = try direct(declaration, from: origin, to: destination, schema: schema)
        }
        if let ordering = declaration.ordering {
            try check(ordering, locations: declaration.locations.ordering, in: destination)
            association.ordering = ordering
        }
        return association
    }

    private static func table(_ name: String, at location: AssociationDeclaration.Location, in schema: Schema) throws -> TableInfo {
        guard let table = schema.table(named: name) else {
            throw location.error(
                "no such table: \(quoteForMessage(name))",
                suggestions: closestNames(to: name, among: schema.tables.map(\.name)))
        }
        return table
    }

    // MARK: Direct associations

    private static func direct(
        _ declaration: AssociationDeclaration, from origin: TableInfo, to destination: TableInfo, schema: Schema
    ) throws -> Association {
        let kind: AssociationKind
        switch declaration.method {
        case .belongsTo: kind = .belongsTo
        case .hasOne: kind = .hasOne
        case .hasMany: kind = .hasMany
        }
        // belongsTo: the origin holds the foreign key; hasOne/hasMany: the destination does.
        let (child, parent) = kind == .belongsTo ? (origin, destination) : (destination, origin)
        let locations = declaration.locations
        try checkColumns(declaration.using ?? [], at: locations.using, in: child, role: "using:")
        try checkColumns(declaration.to ?? [], at: locations.to, in: parent, role: "to:")
        if let using = declaration.using, let to = declaration.to, using.count != to.count, let first = locations.to.first {
            throw first.error("using: lists \(using.count) column(s) and to: \(to.count): give one referenced column for each foreign-key column")
        }
        let declared = DeclaredAssociation(
            kind: kind, origin: origin.name, destination: destination.name, key: declaration.key,
            foreignKey: declaration.using.map { ForeignKey($0, to: declaration.to) })
        do {
            return try declared.resolved(in: schema)
        } catch AssocError.invalidAssociation(_, _, let reason) {
            throw (locations.using.first ?? locations.start).error(reason)
        }
    }

    private static func checkColumns(
        _ columns: [String], at locations: [AssociationDeclaration.Location], in table: TableInfo, role: String
    ) throws {
        for (column, location) in zip(columns, locations) where table.column(named: column) == nil {
            if column.lowercased() == "rowid" && table.primaryKey.kind != .withoutRowid && table.kind != .view { continue }
            throw location.error(
                "\(role) table \(quoteForMessage(table.name)) has no column named \(quoteForMessage(column))",
                suggestions: closestNames(to: column, among: table.columns.map(\.name)))
        }
    }

    // MARK: Through associations

    /// The chain `steps` from `origin`, nested right to left: `through(pivot: step1, target:
    /// through(pivot: step2, target: …))`, each remainder named by its steps joined with dots.
    private static func chain(
        _ declaration: AssociationDeclaration, steps names: [String], from origin: TableInfo, to destination: TableInfo,
        schema: Schema, byTable: [String: [Association]]
    ) throws -> Association {
        let locations = declaration.locations.through
        var steps: [Association] = []
        var current = origin
        for (name, location) in zip(names, locations) {
            let candidates = byTable[current.name.lowercased()] ?? []
            let exact = candidates.first { $0.name == name }
            let folded = candidates.filter { $0.name.lowercased() == name.lowercased() }
            guard let step = exact ?? (folded.count == 1 ? folded.first : nil) else {
                let available = candidates.map(\.name)
                let suggestions = closestNames(to: name, among: available)
                let listed = suggestions.isEmpty && !available.isEmpty
                    ? " (its associations: \(available.prefix(20).joined(separator: ", ")))" : ""
                throw location.error(
                    "through: table \(quoteForMessage(current.name)) has no association named \(quoteForMessage(name))" + listed,
                    suggestions: suggestions)
            }
            if declaration.method == .hasOne && step.isToMany {
                throw location.error(
                    "hasOne(…, through:) needs a to-one step at every step, and \(quoteForMessage(step.name)) of \(quoteForMessage(current.name)) is a \(step.kind.rawValue): declare the chain with hasMany(…, through: …)")
            }
            guard let next = schema.table(named: step.destination) else {
                throw location.error("no such table: \(quoteForMessage(step.destination)) (the destination of \(quoteForMessage(step.name)))")
            }
            steps.append(step)
            current = next
        }
        guard current.name.lowercased() == destination.name.lowercased() else {
            throw (locations.last ?? declaration.locations.destination).error(
                "the through: chain ends at table \(quoteForMessage(current.name)), not at \(quoteForMessage(destination.name))")
        }
        guard var result = steps.last, steps.count >= 2 else {
            throw (locations.first ?? declaration.locations.start).error(
                "through: needs at least two associations (for one, declare a direct association with using:)")
        }
        let kind: AssociationKind = declaration.method == .hasOne ? .hasOneThrough : .hasManyThrough
        for index in stride(from: steps.count - 2, through: 0, by: -1) {
            let pivot = steps[index]
            let isTop = index == 0
            let remainderKind: AssociationKind = pivot.isToMany || result.isToMany ? .hasManyThrough : .hasOneThrough
            let defaultName = kind.isToMany ? Inflector.pluralize(destination.name) : Inflector.singularize(destination.name)
            result = Association(
                name: isTop ? (declaration.key ?? defaultName) : steps[index...].map(\.name).joined(separator: "."),
                kind: isTop ? kind : remainderKind, origin: pivot.origin, destination: destination.name,
                path: .through(pivot: pivot, target: result), isRequired: pivot.isRequired && result.isRequired,
                source: .declared)
        }
        return result
    }

    // MARK: Orderings

    /// The columns of a default ordering belong to the destination table; no aggregate, no alias.
    private static func check(_ ordering: [Ordering], locations: [AssociationDeclaration.Location], in table: TableInfo) throws {
        for (term, location) in zip(ordering, locations) {
            try check(term.expression, at: location, in: table)
        }
    }

    private static func check(_ expression: Expression, at location: AssociationDeclaration.Location, in table: TableInfo) throws {
        switch expression {
        case .column(let name):
            if table.column(named: name) == nil && name.lowercased() != "rowid" {
                throw location.error(
                    "order: table \(quoteForMessage(table.name)) has no column named \(quoteForMessage(name))",
                    suggestions: closestNames(to: name, among: table.columns.map(\.name)))
            }
        case .aliasedColumn, .aggregate:
            throw location.error("order(…) of a declared association orders by columns of \(quoteForMessage(table.name)) (no alias, no aggregate)")
        case .value, .sql:
            break
        case .unary(_, let operand), .isNull(let operand, _), .named(let operand, _), .collated(let operand, _):
            try check(operand, at: location, in: table)
        case .binary(_, let lhs, let rhs):
            try check(lhs, at: location, in: table)
            try check(rhs, at: location, in: table)
        case .inList(let operand, let list, _):
            try check(operand, at: location, in: table)
            for item in list { try check(item, at: location, in: table) }
        case .function(_, let arguments):
            for argument in arguments { try check(argument, at: location, in: table) }
        }
    }
}

private extension AssociationDeclaration.Location {
    /// This location, or the declaration's start when the part is not written (line 0).
    func orStart(_ declaration: AssociationDeclaration) -> AssociationDeclaration.Location {
        line == 0 ? declaration.location : self
    }
}
