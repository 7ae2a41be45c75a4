/// Checks declarations against a schema and adds them to the associations of their tables: the
/// direct ones first, then the through ones in order, so that a through step names the declared
/// association of its name wherever it is declared, and a through declared on an earlier line.
/// A declaration
/// whose name is the name of an inferred association of its table replaces it; two declarations
/// of one name on one table are an error. Every error names the file, line and column.
enum DeclarationResolver {
    static func apply(
        _ declarations: [AssociationDeclaration], schema: Schema, to byTable: inout [String: [Association]]
    ) throws {
        if declarations.count > AssociationDeclaration.maximumCount {
            throw AssociationDeclaration.tooMany(at: declarations[AssociationDeclaration.maximumCount].location)
        }
        var index = AssociationIndex(byTable)
        let lookup = TableLookup()
        // Moved out, so that the index holds the only reference to each list (no copy on change).
        byTable = [:]
        var declaredAt: [String: AssociationDeclaration.Location] = [:]
        // Direct declarations first: a through step then means the declared association of its
        // name whatever line declares it (as a static association of a GRDB record would).
        let ordered = declarations.filter { $0.through == nil } + declarations.filter { $0.through != nil }
        for declaration in ordered {
            let association = try resolve(declaration, schema: schema, index: &index, lookup: lookup)
            let slot = association.origin.lowercased() + "\u{0}" + association.name
            if let earlier = declaredAt[slot] {
                throw declaration.locations.key.orStart(declaration).error(
                    "table \(quoteForMessage(association.origin)) already has an association \(quoteForMessage(association.name)) declared at \(earlier.file):\(earlier.line): give this one another key"
                )
            }
            declaredAt[slot] = declaration.location
            index.insert(association)
        }
        byTable = index.byTable
    }

    private static func resolve(
        _ declaration: AssociationDeclaration, schema: Schema, index: inout AssociationIndex, lookup: TableLookup
    ) throws -> Association {
        let origin = try table(declaration.origin, at: declaration.locations.origin, in: schema)
        let destination = try table(declaration.destination, at: declaration.locations.destination, in: schema)
        var association: Association
        if let through = declaration.through {
            association = try chain(declaration, steps: through, from: origin, to: destination, schema: schema, index: &index, lookup: lookup)
        } else {
            association = try direct(declaration, from: origin, to: destination, schema: schema, lookup: lookup)
        }
        if let ordering = declaration.ordering {
            try check(ordering, locations: declaration.locations.ordering, in: destination, lookup: lookup)
            association.ordering = ordering
        }
        if !declaration.filters.isEmpty {
            for (filter, location) in zip(declaration.filters, declaration.locations.filters) {
                try check(filter, role: "filter", at: location, in: destination, lookup: lookup)
            }
            association.filters = declaration.filters
            // A filtered association may find no row where its foreign key is NOT NULL.
            association.isRequired = false
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
        _ declaration: AssociationDeclaration, from origin: TableInfo, to destination: TableInfo, schema: Schema,
        lookup: TableLookup
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
        try checkColumns(declaration.using ?? [], at: locations.using, in: child, role: "using:", lookup: lookup)
        try checkColumns(declaration.to ?? [], at: locations.to, in: parent, role: "to:", lookup: lookup)
        if let using = declaration.using, let to = declaration.to, using.count != to.count, let first = locations.to.first {
            throw first.error("using: lists \(using.count) column(s) and to: \(to.count): give one referenced column for each foreign-key column")
        }
        let declared = DeclaredAssociation(
            kind: kind, origin: origin.name, destination: destination.name, key: declaration.key,
            foreignKey: declaration.using.map { ForeignKey($0, to: declaration.to) })
        do {
            return try declared.resolved(in: schema, lookup: lookup)
        } catch AssocError.invalidAssociation(_, _, let reason) {
            throw (locations.using.first ?? locations.start).error(reason)
        }
    }

    private static func checkColumns(
        _ columns: [String], at locations: [AssociationDeclaration.Location], in table: TableInfo, role: String,
        lookup: TableLookup
    ) throws {
        for (column, location) in zip(columns, locations) where lookup.column(named: column, in: table) == nil {
            if column.lowercased() == "rowid" && table.primaryKey.kind != .withoutRowid && table.kind != .view { continue }
            throw location.error(
                "\(role) table \(quoteForMessage(table.name)) has no column named \(quoteForMessage(column))",
                suggestions: closestNames(to: column, among: table.columns.map(\.name)))
        }
    }

    // MARK: Through associations

    /// The chain `steps` from `origin`, nested right to left: `through(pivot: step1, target:
    /// through(pivot: step2, target: …))`, each remainder named by its steps joined with dots.
    /// A chain follows at most `maximumThroughSteps` direct associations, a step that is a through
    /// association counting its own.
    private static func chain(
        _ declaration: AssociationDeclaration, steps names: [String], from origin: TableInfo, to destination: TableInfo,
        schema: Schema, index: inout AssociationIndex, lookup: TableLookup
    ) throws -> Association {
        let locations = declaration.locations.through
        let maximum = AssociationDeclaration.maximumThroughSteps
        var steps: [Association] = []
        var directSteps = 0
        var current = origin
        for (name, location) in zip(names, locations) {
            guard let step = index.association(named: name, of: current.name.lowercased()) else {
                let available = index.associations(of: current.name.lowercased()).map(\.name)
                let suggestions = closestNames(to: name, among: available)
                let listed =
                    suggestions.isEmpty && !available.isEmpty
                    ? " (its associations: \(available.prefix(20).joined(separator: ", ")))" : ""
                throw location.error(
                    "through: table \(quoteForMessage(current.name)) has no association named \(quoteForMessage(name))" + listed,
                    suggestions: suggestions)
            }
            if declaration.method == .hasOne && step.isToMany {
                throw location.error(
                    "hasOne(…, through:) needs a to-one step at every step, and \(quoteForMessage(step.name)) of \(quoteForMessage(current.name)) is a \(step.kind.rawValue): declare the chain with hasMany(…, through: …)"
                )
            }
            guard let next = schema.table(named: step.destination) else {
                throw location.error("no such table: \(quoteForMessage(step.destination)) (the destination of \(quoteForMessage(step.name)))")
            }
            directSteps += directStepCount(of: step, upTo: maximum - directSteps)
            if directSteps > maximum {
                throw location.error(
                    "through: the chain follows more than \(maximum) associations when it reaches \(quoteForMessage(step.name)) (a through step counts its own steps; a chain follows at most \(maximum): with its origin, the 64 tables SQLite joins at most)"
                )
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
        let name =
            declaration.key
            ?? (kind.isToMany ? lookup.inflections.pluralize(destination.name) : lookup.inflections.singularize(destination.name))
        var remainderName = result.name
        for index in stride(from: steps.count - 2, through: 0, by: -1) {
            let pivot = steps[index]
            let isTop = index == 0
            let remainderKind: AssociationKind = pivot.isToMany || result.isToMany ? .hasManyThrough : .hasOneThrough
            remainderName = pivot.name + "." + remainderName
            result = Association(
                name: isTop ? name : remainderName,
                kind: isTop ? kind : remainderKind, origin: pivot.origin, destination: destination.name,
                path: .through(pivot: pivot, target: result), isRequired: pivot.isRequired && result.isRequired,
                source: .declared)
        }
        return result
    }

    /// How many direct associations `association` follows, counted up to just past `limit` (a
    /// through step expands to its own steps, nested as deep as declarations make it).
    private static func directStepCount(of association: Association, upTo limit: Int) -> Int {
        guard case .through(let pivot, let target) = association.path else { return 1 }
        let first = directStepCount(of: pivot, upTo: limit)
        if first > limit { return first }
        return first + directStepCount(of: target, upTo: limit - first)
    }

    // MARK: Orderings and filters

    /// The columns of a default ordering belong to the destination table; no aggregate, no alias.
    private static func check(
        _ ordering: [Ordering], locations: [AssociationDeclaration.Location], in table: TableInfo, lookup: TableLookup
    ) throws {
        for (term, location) in zip(ordering, locations) {
            try check(term.expression, role: "order", at: location, in: table, lookup: lookup)
        }
    }

    /// An expression of a declaration's `role` (`order`, `filter`) reads columns of the
    /// destination table only: no alias, no aggregate, no SQL snippet.
    private static func check(
        _ expression: Expression, role: String, at location: AssociationDeclaration.Location, in table: TableInfo,
        lookup: TableLookup
    ) throws {
        switch expression {
        case .column(let name):
            if lookup.column(named: name, in: table) == nil && name.lowercased() != "rowid" {
                throw location.error(
                    "\(role): table \(quoteForMessage(table.name)) has no column named \(quoteForMessage(name))",
                    suggestions: closestNames(to: name, among: table.columns.map(\.name)))
            }
        case .aliasedColumn, .aggregate, .sql:
            let verb = role == "order" ? "orders by" : "filters on"
            throw location.error(
                "\(role)(…) of a declared association \(verb) columns of \(quoteForMessage(table.name)) (no alias, no aggregate, no SQL snippet)")
        case .value:
            break
        case .unary(_, let operand), .isNull(let operand, _), .named(let operand, _), .collated(let operand, _):
            try check(operand, role: role, at: location, in: table, lookup: lookup)
        case .binary(_, let lhs, let rhs):
            try check(lhs, role: role, at: location, in: table, lookup: lookup)
            try check(rhs, role: role, at: location, in: table, lookup: lookup)
        case .inList(let operand, let list, _):
            try check(operand, role: role, at: location, in: table, lookup: lookup)
            for item in list { try check(item, role: role, at: location, in: table, lookup: lookup) }
        case .function(_, let arguments):
            for argument in arguments { try check(argument, role: role, at: location, in: table, lookup: lookup) }
        }
    }
}

extension AssociationDeclaration.Location {
    /// This location, or the declaration's start when the part is not written (line 0).
    fileprivate func orStart(_ declaration: AssociationDeclaration) -> AssociationDeclaration.Location {
        line == 0 ? declaration.location : self
    }
}
