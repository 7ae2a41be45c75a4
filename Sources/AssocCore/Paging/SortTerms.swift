/// One term of a request's sort that keyset paging can follow: a value every row has, the same
/// at each read.
struct SortTerm {
    var expression: Expression
    /// The scope the value is read in (an include's; empty for the root).
    var path: [String]
    /// The column the value is read from; nil: selected as a hidden value.
    var shownName: String?
    var descending: Bool
    var isNullable: Bool
}

/// The terms of a sort keyset paging follows, or why it cannot.
enum SortTerms {
    case success([SortTerm])
    case failure(UnpageableSort)
}

extension Database {
    /// The terms of `request`'s sort keyset paging follows: columns of the root or of an included
    /// scope (its rows NULL when the include has no match), aggregate annotations, and
    /// expressions of the row (the root's columns, deterministic functions, SQL snippets SQLite
    /// accepts in WHERE), selected as hidden values when the rows do not show them. The reason
    /// otherwise.
    func sortTerms(of request: Request, table: TableInfo) -> SortTerms {
        guard let ordering = request.relation.ordering, !ordering.isEmpty else { return .success([]) }
        var includes: [String: (path: [String], table: String, columns: [RequestScope.Column])] = [:]
        if ordering.contains(where: { if case .aliasedColumn = $0.expression { true } else { false } }),
            let tree = try? scopeTree(of: request)
        {
            func walk(_ scope: RequestScope, _ path: [String]) {
                for child in scope.scopes {
                    let childPath = path + [child.key]
                    if let alias = child.alias { includes[alias.lowercased()] = (childPath, child.table, child.columns) }
                    walk(child, childPath)
                }
            }
            walk(tree, [])
        }
        // DISTINCT compares the selected values: a value selected for paging must not change
        // which rows it folds, so only expressions of a root selected whole may be added.
        let distinct = request.relation.isDistinct
        let wholeRoot = request.relation.selection == nil
        var terms: [SortTerm] = []
        for term in ordering {
            let descending = term.descending == true
            // An annotation (by its name, or by its aggregate): its value is in every row under
            // the annotation's name; the keyset condition goes in HAVING.
            if let annotation = annotation(sortedBy: term.expression, in: request, table: table) {
                terms.append(
                    SortTerm(expression: annotation.expression, path: [], shownName: annotation.name, descending: descending, isNullable: true))
                continue
            }
            switch term.expression {
            case .column(let name):
                guard let column = table.column(named: name) else { return .failure(.annotation) }
                let isRowidAlias = table.primaryKey.kind == .rowidAlias && table.primaryKey.columns.first == column.name
                let shown = isSelected(column.name, in: request)
                if distinct && !shown { return .failure(.distinctOnUnselectedValue) }
                terms.append(
                    SortTerm(
                        expression: term.expression, path: [], shownName: shown ? column.name : nil, descending: descending,
                        isNullable: !column.notNull && !isRowidAlias))
            case .aliasedColumn(let alias, let name):
                if let include = includes[alias.lowercased()],
                    let column = schema.table(named: include.table)?.column(named: name),
                    include.columns.contains(.table(column.name))
                {
                    terms.append(
                        SortTerm(expression: term.expression, path: include.path, shownName: column.name, descending: descending, isNullable: true))
                } else {
                    // A table joined without its columns: the value selected as a hidden value.
                    if distinct { return .failure(.distinctOnUnselectedValue) }
                    terms.append(SortTerm(expression: term.expression, path: [], shownName: nil, descending: descending, isNullable: true))
                }
            default:
                let ofTheRow =
                    distinct
                    ? wholeRoot && isRowExpression(term.expression, of: table)
                    : isRowExpression(term.expression, of: table) || isRowSnippet(term.expression, in: request)
                guard ofTheRow else {
                    if distinct { return .failure(.distinctOnUnselectedValue) }
                    if case .sql = term.expression { return .failure(.changingSnippet) }
                    return .failure(.expression)
                }
                terms.append(SortTerm(expression: term.expression, path: [], shownName: nil, descending: descending, isNullable: true))
            }
        }
        return .success(terms)
    }

    /// Whether `expression` is computed from the root's own columns by deterministic scalar
    /// operations alone (no aggregate, annotation, joined table, SQL snippet or random()).
    func isRowExpression(_ expression: Expression, of table: TableInfo) -> Bool {
        switch expression {
        case .column(let name): return table.column(named: name) != nil
        case .value: return true
        case .unary(_, let inner), .isNull(let inner, _), .collated(let inner, _), .named(let inner, _):
            return isRowExpression(inner, of: table)
        case .binary(_, let lhs, let rhs): return isRowExpression(lhs, of: table) && isRowExpression(rhs, of: table)
        case .inList(let inner, let list, _): return ([inner] + list).allSatisfy { isRowExpression($0, of: table) }
        case .function(let name, let arguments):
            return SQLiteFunctions.isDeterministicScalar(name, argumentCount: arguments.count)
                && arguments.allSatisfy { isRowExpression($0, of: table) }
        case .aliasedColumn, .aggregate, .sql: return false
        }
    }

    /// Whether `expression` is an SQL snippet (`order(sql:)`) with one value per row, the same at
    /// each read: SQLite accepts it in the request's WHERE (no aggregate, no window function, no
    /// annotation's name), and it calls nothing that changes between reads.
    func isRowSnippet(_ expression: Expression, in request: Request) -> Bool {
        guard case .sql(let snippet, _) = expression else { return false }
        let lowered = snippet.lowercased()
        if SQLiteFunctions.changingWords.contains(where: { lowered.contains($0) }) { return false }
        let probe = request.filter(Expression.binary(.or, .isNull(expression, negated: false), .value(1)))
        guard let statement = try? mainStatement(for: probe) else { return false }
        return (try? connection.prepare(statement.sql)) != nil
    }

    /// The aggregate annotation `expression` sorts by, with the name its value is selected under:
    /// `expression` is the annotation's name (not a column of the table) or its aggregate.
    func annotation(sortedBy expression: Expression, in request: Request, table: TableInfo) -> (expression: Expression, name: String)? {
        let annotations = request.relation.annotations
        guard !annotations.isEmpty, annotations.contains(where: \.containsAggregate) else { return nil }
        guard let tree = try? scopeTree(of: request) else { return nil }
        let names = resultColumnNames(of: request)
        for (index, annotation) in annotations.enumerated() {
            guard let position = tree.columns.firstIndex(of: .annotation(index)), position < names.count else { continue }
            let name = names[position]
            var inner = annotation
            while case .named(let unnamed, _) = inner { inner = unnamed }
            guard inner.containsAggregate else { continue }
            switch expression {
            case .column(let column) where column.lowercased() == name.lowercased() && table.column(named: column) == nil:
                return (inner, name)
            case let other where other == inner || other == annotation:
                return (inner, name)
            default:
                continue
            }
        }
        return nil
    }

    /// Whether the root's `column` is among the selected columns of every row.
    func isSelected(_ column: String, in request: Request) -> Bool {
        guard let selection = request.relation.selection else { return true }
        return selection.contains { item in
            if case .allColumns = item { return true }
            if case .expression(.column(let name)) = item { return name.lowercased() == column.lowercased() }
            return false
        }
    }

    /// The names of the columns `request`'s main statement returns; empty when it cannot be prepared.
    package func resultColumnNames(of request: Request) -> [String] {
        guard let statement = try? mainStatement(for: request) else { return [] }
        return (try? connection.prepare(statement.sql).columnNames) ?? []
    }
}
