/// Writes a `Request` as GRDB 7 code over generated record types (`Book.including(required:
/// Book.author)`), declaring on the records the static associations it uses. The code is the
/// body of a function that receives `db` (a followed link fetches its origin record first).
struct SwiftRequestWriter {
    let db: Database
    let resolver: Resolver
    var catalog = SwiftRecordCatalog()
    /// `let bookAlias = TableAlias(name: "b")` for each user alias, in the order of first use.
    var aliases: [(variable: String, name: String)] = []
    /// The table of each user alias (lower-cased name), so that its columns are written as the
    /// record's (`aAlias[Author.Columns.deathDate]`).
    var aliasTables: [String: TableInfo] = [:]
    /// Where the code differs from Assoc's request, and why (written as comments).
    var notes: [String] = []
    /// The names of the root's annotations, in order (nil: unnamed): an ordering by an aggregate
    /// orders by the annotation's name, as GRDB can.
    var rootAnnotationNames: [String?] = []
    /// The root's named annotations while its own refinements are written (nil elsewhere): a
    /// column name that is not a column of the root table names one of them.
    var annotationScope: (table: String, annotations: [(expression: Expression, name: String)])?
    /// Local names already taken in the function body.
    private var locals: Set<String> = ["db", "request"]

    init(db: Database) {
        self.db = db
        self.resolver = Resolver(graph: db.graph)
    }

    func table(named name: String) throws -> TableInfo {
        guard let table = db.schema.table(named: name) else { throw AssocError.unknownTable(name, in: db.schema) }
        return table
    }

    /// A local name from `base`, unique in the function body.
    mutating func local(_ base: String) -> String {
        let name = SwiftNames.unique(SwiftNames.identifier(base), suffix: "Value", reserved: SwiftNames.reservedStaticNames, taken: locals)
        locals.insert(name)
        return name
    }

    /// The function body's parts: the origin record of `record.request(for:)` (fetched by its
    /// key first), `let` statements (the keys a followed link starts from), and the request
    /// expression. Alias declarations are the caller's (`aliasLines`).
    struct Body {
        var record: (variable: String, type: String, key: String, destinationType: String)?
        var statements: [String] = []
        var expression: String

        /// The lines of `makeRequest(_:)`'s body (without the alias lines).
        var functionLines: [String] {
            var lines: [String] = []
            if let record {
                lines.append("guard let \(record.variable) = try \(record.type).fetchOne(db, key: \(record.key)) else {")
                lines.append("    return \(record.destinationType).none()")
                lines.append("}")
            }
            return lines + statements + ["return " + expression]
        }

        /// The request alone, for an app that has its record types: the statements and the
        /// expression, the origin record named in a comment.
        var requestOnlyLines: [String] {
            var lines: [String] = []
            if let record {
                lines.append(
                    "// \(record.variable): the \(record.type) whose key is \(record.key) (try \(record.type).fetchOne(db, key: \(record.key)))")
            }
            return lines + statements + [expression]
        }
    }

    /// The function body: preparations (`guard let genre = …`, `let keys = …`), then the request.
    mutating func body(_ request: Request) throws -> Body {
        try collectAliasTables(of: request)
        if let origin = request.origin, let single = try singleRecordOrigin(origin) {
            // `record.request(for:)`: the origin record first, by its key.
            let baseType = catalog.typeName(for: single.table)
            catalog.makeEncodable(single.table)
            let record = local(Inflector.lowerFirst(baseType))
            let destination = try resolver.rootTable(of: request)
            let destinationType = catalog.typeName(for: destination)
            // The declaration carries the default ordering: GRDB's request(for:) applies it.
            let association = try associationCode(origin.association, from: single.table, fixSingularKey: false)
            var text = "\(record).request(for: \(association.text))"
            for call in try methods(request.relation, table: destination) + limitCalls(request) { text += "\n    ." + call }
            return Body(record: (record, baseType, single.key, destinationType), expression: text)
        }
        var lines: [String] = []
        let text = try expression(request, lines: &lines)
        return Body(statements: lines, expression: text)
    }

    /// The request as one Swift expression; a followed link from several rows adds `let`
    /// statements for the keys it starts from.
    mutating func expression(_ request: Request, lines: inout [String]) throws -> String {
        if let origin = request.origin {
            return try subqueryExpression(request, origin: origin, lines: &lines)
        }
        let root = try resolver.rootTable(of: request)
        let type = catalog.typeName(for: root)
        let calls = try methods(request.relation, table: root) + limitCalls(request)
        guard let first = calls.first else { return type + ".all()" }
        var text = type + "." + first
        if first.hasPrefix("select([]") { text = type + ".all()." + first }
        for call in calls.dropFirst() { text += "\n    ." + call }
        return text
    }

    private func limitCalls(_ request: Request) -> [String] {
        guard let limit = request.limit else { return [] }
        return [request.offset.map { "limit(\(limit), offset: \($0))" } ?? "limit(\(limit))"]
    }

    /// The origin of a followed link when it is one record by its key (`Genre.filter(key: 1)`)
    /// followed through a direct association: GRDB's `record.request(for:)` says it. A through
    /// association is not: GRDB joins its pivot, so a record reached twice would come twice.
    private func singleRecordOrigin(_ origin: RequestOrigin) throws -> (table: TableInfo, key: String)? {
        let base = origin.base
        let relation = base.relation
        guard base.origin == nil, base.limit == nil, base.offset == nil,
            relation.keyFilters.count == 1, let keyFilter = relation.keyFilters.first, !keyFilter.isList,
            keyFilter.keys.count == 1, let key = keyFilter.keys.first,
            relation.filters.isEmpty, relation.joins.isEmpty, relation.selection == nil,
            relation.annotations.isEmpty, relation.havings.isEmpty, relation.alias == nil, !relation.isDistinct
        else { return nil }
        let table = try resolver.rootTable(of: base)
        if case .through = try resolver.definition(of: origin.association, from: table) {
            // Through an ordered pivot, Assoc joins the pivot as GRDB does (OrderedPivotJoins).
            var steps: [AssociationStep] = []
            try resolver.flatten(origin.association, from: table, into: &steps, orderedSteps: true)
            guard Resolver.hasOrderedPivot(steps) else { return nil }
        }
        var copy = self
        return (table, try copy.keyCode(key, table: table))
    }

    /// A followed link from the rows of a request: the destination filtered by the keys the
    /// request selects, one `IN (subquery)` per step (`Album.filter(trackKeys.contains(…))`),
    /// so that each destination record comes once.
    private mutating func subqueryExpression(_ request: Request, origin: RequestOrigin, lines: inout [String]) throws -> String {
        let baseTable = try resolver.rootTable(of: origin.base)
        var steps: [AssociationStep] = []
        try resolver.flatten(origin.association, from: baseTable, into: &steps, orderedSteps: true)
        if Resolver.hasOrderedPivot(steps) {
            throw AssocError.invalid(
                "request(for:) from several rows through an ordered pivot (\(steps.dropLast().map(\.definition.name).joined(separator: ", "))) is not expressible in GRDB's query interface: GRDB's record.request(for:) starts from one record (filter(key:) on the base request)",
                table: baseTable.name)
        }
        notes.append(
            "GRDB's record.request(for:) starts from one record (and joins a through association's pivot, which repeats a record reached twice): the rows are filtered by the keys of the rows they are reached from instead, each record once."
        )
        var previous = ""
        for (index, step) in steps.enumerated() {
            let pairs = step.definition.columns
            guard pairs.count == 1, let pair = pairs.first else {
                throw AssocError.invalid(
                    "request(for:) from several rows through a composite key (\(pairs.map(\.origin).joined(separator: ", "))) is not expressible in GRDB's query interface",
                    table: step.definition.origin)
            }
            let keysText =
                index == 0
                ? try expression(Resolver.keysOnly(of: origin.base, columns: [pair.origin]), lines: &lines) : previous
            let keysName = local(Inflector.singularName(ofTable: step.definition.origin) + "Keys")
            lines.append("let \(keysName) = " + keysText)
            let destination = try table(named: step.definition.destination)
            let type = catalog.typeName(for: destination)
            let column = catalog.columnCode(pair.destination, in: destination) ?? "Column(\(SwiftNames.stringLiteral(pair.destination)))"
            let isLast = index == steps.count - 1
            var next = Request(table: destination.name)
            next.relation = isLast ? step.relation.merging(request.relation) : step.relation
            if !isLast, let following = steps[index + 1].definition.columns.first {
                next = Resolver.keysOnly(of: next, columns: [following.origin])
            }
            var text = type + ".filter(\(keysName).contains(\(column)))"
            for call in try methods(next.relation, table: destination, isRoot: isLast) { text += "\n    ." + call }
            if isLast {
                for call in limitCalls(request) { text += "\n    ." + call }
                return text
            }
            previous = text
        }
        throw AssocError.invalidAssociation(
            origin.association.displayName, table: baseTable.name,
            reason: "association \(quoteForMessage(origin.association.displayName)) has no step")
    }

    /// `let bookAlias = TableAlias(name: "b")` lines for the aliases used.
    var aliasLines: [String] {
        aliases.map { "let \($0.variable) = TableAlias(name: \(SwiftNames.stringLiteral($0.name)))" }
    }

    /// The variable of the user alias `name`, declared on first use.
    mutating func aliasVariable(_ name: String) -> String {
        if let existing = aliases.first(where: { $0.name.lowercased() == name.lowercased() }) { return existing.variable }
        let variable = local(name + "Alias")
        aliases.append((variable, name))
        return variable
    }

    /// The refinement calls of `relation` (without dots), in a fixed order: alias, selection,
    /// annotations, filters, joins, havings, ordering, distinct.
    /// True while writing the joins below an optional join: GRDB refuses a required one there.
    var underOptional = false

    mutating func methods(_ relation: Relation, table: TableInfo, isRoot: Bool = true) throws -> [String] {
        var calls: [String] = []
        let savedScope = annotationScope
        annotationScope = isRoot ? (table.name, annotationNames(relation)) : nil
        defer { annotationScope = savedScope }
        if let alias = relation.alias { calls.append("aliased(\(aliasVariable(alias)))") }
        if let selection = relation.selection {
            let items = try selection.map { item -> String in
                switch item {
                case .allColumns: return ".allColumns"
                case .expression(let e): return try selectionCode(e, table: table)
                }
            }
            calls.append(items.isEmpty ? "select([] as [any SQLSelectable])" : "select(" + items.joined(separator: ", ") + ")")
        }
        if !relation.annotations.isEmpty {
            calls.append("annotated(with: " + (try relation.annotations.map { try selectionCode($0, table: table) }).joined(separator: ", ") + ")")
        }
        for keyFilter in relation.keyFilters {
            let values = try keyFilter.keys.map { try keyCode($0, table: table) }
            calls.append(keyFilter.isList ? "filter(keys: [" + values.joined(separator: ", ") + "])" : "filter(key: " + (values.first ?? "") + ")")
        }
        for filter in relation.filters {
            if case .sql(let snippet, let arguments) = filter {
                calls.append("filter(" + Self.sqlArguments(snippet, arguments) + ")")
            } else {
                calls.append("filter(" + (try code(filter, table: table).specific.text) + ")")
            }
        }
        let pivotKeys = try bridgeKeyRenames(relation, table: table)
        for (index, join) in relation.joins.enumerated() {
            // A prefetch keeps its declaration's default ordering (GRDB applies it there too).
            let association = join.association
            var method = join.method
            if underOptional && method.isRequired {
                // GRDB stops with a fatal error on a required join behind an optional one.
                method = method == .includingRequired ? .includingOptional : .joiningOptional
                let note =
                    "GRDB can not chain a required association behind an optional one (its query interface stops with a fatal error): the code makes it optional, where Assoc keeps the optional association only when the required one matches. Filter the decoded rows in Swift (drop the optional record when its required one is nil), or run Assoc's SQL (`assoc sql`) in an SQLRequest."
                if !notes.contains(note) { notes.append(note) }
            }
            let saved = underOptional
            underOptional = method == .includingAll ? false : (underOptional || !method.isRequired)
            defer { underOptional = saved }
            var code = try associationCode(
                association, from: table, fixSingularKey: method != .includingAll,
                pivotKey: pivotKeys[index])
            if method == .includingAll, let alias = relation.alias {
                code.text += try parentJoin(alias: alias, association: association, parent: table)
            }
            let label = method.rawValue.dropLast(2)  // "including(required"
            calls.append(label + ": " + code.text + ")")
        }
        for having in relation.havings {
            if case .sql(let snippet, let arguments) = having, isRoot {
                calls.append("having(" + Self.sqlArguments(snippet, arguments) + ")")
            } else {
                calls.append("having(" + (try code(having, table: table).specific.text) + ")")
            }
        }
        if let ordering = relation.ordering, !ordering.isEmpty {
            let annotations = isRoot ? annotationNames(relation) : []
            calls.append("order(" + (try ordering.map { try orderingCode($0, table: table, annotations: annotations) }).joined(separator: ", ") + ")")
        }
        if relation.isDistinct { calls.append("distinct()") }
        return calls
    }

    /// The root's annotations with their names (`rootAnnotationNames`): an ordering on one of
    /// them, by its name or by the aggregate itself, orders by the name.
    private func annotationNames(_ relation: Relation) -> [(expression: Expression, name: String)] {
        zip(relation.annotations, rootAnnotationNames).compactMap { expression, name in
            guard let name else { return nil }
            if case .named(let inner, _) = expression { return (inner, name) }
            return (expression, name)
        }
    }

    /// `sql: "length(name) > ?", arguments: [10]`, as GRDB's `filter(sql:arguments:)` takes them
    /// (`arguments` left out when there is none).
    static func sqlArguments(_ snippet: String, _ arguments: [DatabaseValue]) -> String {
        let text = "sql: " + SwiftNames.stringLiteral(snippet)
        guard !arguments.isEmpty else { return text }
        return text + ", arguments: [" + arguments.map(SwiftNames.literal).joined(separator: ", ") + "]"
    }

    /// `1`, `"a"`, `["PlaylistId": 1, "TrackId": 3402]`.
    mutating func keyCode(_ key: KeyFilter.Key, table: TableInfo) throws -> String {
        switch key {
        case .value(let value): return try code(value, table: table).text
        case .columns(let columns):
            return "["
                + (try columns.map { SwiftNames.stringLiteral($0.column) + ": " + (try code($0.value, table: table).text) }).joined(separator: ", ")
                + "]"
        }
    }
}
