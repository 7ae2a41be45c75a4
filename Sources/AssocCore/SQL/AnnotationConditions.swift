/// Conditions on the name of an aggregate annotation:
/// `Album.annotated(with: tracks.count).filter(trackCount > 20)`. SQLite computes aggregates after
/// WHERE ("misuse of aggregate"), so such a condition belongs in HAVING. Each top-level AND term
/// of the request's filters that names aggregate annotations and no other column moves there; a
/// term that mixes them with columns (`trackCount > 20 OR Title = 'x'`) is refused, naming the
/// `having(…)` that says it.
enum AnnotationConditions {
    /// What a condition refers to.
    enum Reference: Equatable {
        /// No aggregate annotation: it stays in WHERE.
        case rows
        /// Aggregate annotations only (the first one named): it goes to HAVING.
        case aggregates(String)
        /// An aggregate annotation (named) and columns of the rows.
        case mixed(String)
    }

    /// The names of `root`'s annotations that hold an aggregate, lower-cased → as selected; a
    /// name that is also a column of the table means the column (as `ExpressionPrinter` reads it).
    static func aggregateNames(of root: QueryNode, keys: [Int: String], finalID: (Int) -> Int) -> [String: String] {
        var names: [String: String] = [:]
        for annotation in root.annotations where annotation.containsAggregate {
            guard let name = SQLGenerator.name(of: annotation, keys: keys, finalID: finalID),
                root.table.column(named: name) == nil, name.lowercased() != "rowid"
            else { continue }
            names[name.lowercased()] = name
        }
        return names
    }

    /// What `condition` refers to, given the aggregate annotation names (lower-cased keys).
    static func reference(of condition: Expression, aggregateNames: [String: String]) -> Reference {
        var aggregate: String?
        var other = false
        visit(condition, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other)
        guard let aggregate else { return .rows }
        return other ? .mixed(aggregate) : .aggregates(aggregate)
    }

    private static func visit(_ expression: Expression, aggregateNames: [String: String], aggregate: inout String?, other: inout Bool) {
        switch expression {
        case .column(let name):
            if let annotation = aggregateNames[name.lowercased()] {
                if aggregate == nil { aggregate = annotation }
            } else {
                other = true
            }
        case .aliasedColumn, .sql:
            other = true
        case .aggregate(let value):
            if aggregate == nil { aggregate = value.association.displayName }
        case .value:
            break
        case .unary(_, let e), .isNull(let e, _), .named(let e, _), .collated(let e, _):
            visit(e, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other)
        case .binary(_, let l, let r):
            visit(l, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other)
            visit(r, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other)
        case .inList(let e, let list, _):
            visit(e, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other)
            for item in list { visit(item, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other) }
        case .function(_, let arguments):
            for argument in arguments { visit(argument, aggregateNames: aggregateNames, aggregate: &aggregate, other: &other) }
        }
    }

    /// `filters` split into what stays in WHERE and what goes to HAVING, term by term (top-level
    /// AND), in order. Throws on a term that mixes an aggregate annotation with columns.
    static func split(
        _ filters: [Expression], aggregateNames: [String: String], table: String
    ) throws -> (filters: [Expression], havings: [Expression]) {
        guard !aggregateNames.isEmpty else { return (filters, []) }
        var kept: [Expression] = []
        var moved: [Expression] = []
        for filter in filters {
            var stays: [Expression] = []
            for term in SQLGenerator.flattenAnd(filter) {
                switch reference(of: term, aggregateNames: aggregateNames) {
                case .rows: stays.append(term)
                case .aggregates: moved.append(term)
                case .mixed(let name): throw mixedError(term, annotation: name, table: table)
                }
            }
            if stays.count == SQLGenerator.flattenAnd(filter).count {
                kept.append(filter)
            } else if let first = stays.first {
                kept.append(stays.dropFirst().reduce(first) { .binary(.and, $0, $1) })
            }
        }
        return (kept, moved)
    }

    /// The refusal of a condition that mixes the aggregate annotation `annotation` with columns.
    static func mixedMessage(_ term: Expression, annotation: String) -> String {
        let text = (try? term.languageText()) ?? "…"
        return
            "\(quoteForMessage(annotation)) is an aggregate (known after grouping, in HAVING), mixed here with columns of the rows: write having(\(text)), or split the condition with AND"
    }

    static func mixedError(_ term: Expression, annotation: String, table: String) -> AssocError {
        .invalid(mixedMessage(term, annotation: annotation), table: table)
    }
}

extension Database {
    /// `request` with each condition on an aggregate annotation's name moved from `filter` to
    /// `having` (`annotated(with: tracks.count).filter(trackCount > 20)` becomes
    /// `….having(trackCount > 20)`), as SQL generation does: what the request prints then says
    /// what runs. Throws for a condition that mixes such a name with columns.
    package func movingAnnotationConditionsToHaving(_ request: Request) throws -> Request {
        let names = try aggregateAnnotationNames(of: request)
        let split = try AnnotationConditions.split(request.relation.filters, aggregateNames: names, table: request.table)
        guard !split.havings.isEmpty else { return request }
        var copy = request
        copy.relation.filters = split.filters
        copy.relation.havings += split.havings
        return copy
    }

    /// The root's aggregate annotation names of `request` (lower-cased → as selected).
    func aggregateAnnotationNames(of request: Request) throws -> [String: String] {
        guard request.relation.annotations.contains(where: \.containsAggregate) else { return [:] }
        let query = try ResolvedQuery(request, graph: graph)
        var ordered: [QueryNode] = []
        var keys: [Int: String] = [:]
        SQLGenerator.collect(query.root, key: "", into: &ordered, keys: &keys)
        return AnnotationConditions.aggregateNames(of: query.root, keys: keys, finalID: query.mergedIDs.finalID)
    }
}
