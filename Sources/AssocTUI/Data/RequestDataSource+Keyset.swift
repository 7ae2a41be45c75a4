import AssocCore

/// How a view pages by keyset: the values its order is on, which of them are selected under
/// hidden names, and why a view pages with OFFSET when it cannot.
extension RequestDataSource {
    /// Why `request`'s order keeps it from paging by keyset (a value not every row has, or one
    /// that changes between reads), nil when its order allows it.
    func offsetPagingReason(_ request: Request) -> String? {
        if sortColumns(of: request) == nil { return unpageableSortReason(request) }
        return nil
    }

    /// One term of a sort keyset paging can follow: a column of the root, or of an include (its
    /// scope path), with its direction.
    struct SortColumn {
        var expression: AssocCore.Expression
        var path: [String]
        var name: String
        var descending: Bool
        var isNullable: Bool
        /// Read under a hidden name (`hiddenSortName`): an expression, or a column the
        /// selection leaves out.
        var isHidden = false
    }

    /// The name the value of sort term `index` is selected under when the grid does not show it.
    static func hiddenSortName(_ index: Int) -> String { "assoc:sort\(index)" }

    /// SQLite's scalar functions that give the same result for the same arguments: a sort on them
    /// pages by keyset (the value of each row is selected under a hidden name).
    private static let deterministicFunctions: Set<String> = [
        "abs", "char", "coalesce", "glob", "hex", "ifnull", "iif", "instr", "length", "like", "lower", "ltrim",
        "max", "min", "nullif", "octet_length", "printf", "format", "quote", "replace", "round", "rtrim", "sign",
        "substr", "substring", "trim", "typeof", "unicode", "upper", "unhex", "concat", "concat_ws"
    ]

    /// Whether `expression` is computed from the root's own columns by deterministic scalar
    /// operations alone (no aggregate, annotation, joined table, SQL snippet or random()).
    private func isRowExpression(_ expression: AssocCore.Expression, of table: TableInfo) -> Bool {
        switch expression {
        case .column(let name): return table.column(named: name) != nil
        case .value: return true
        case .unary(_, let inner), .isNull(let inner, _), .collated(let inner, _), .named(let inner, _):
            return isRowExpression(inner, of: table)
        case .binary(_, let lhs, let rhs): return isRowExpression(lhs, of: table) && isRowExpression(rhs, of: table)
        case .inList(let inner, let list, _): return ([inner] + list).allSatisfy { isRowExpression($0, of: table) }
        case .function(let name, let arguments):
            let name = name.lowercased()
            // One-argument min and max are aggregates.
            if (name == "min" || name == "max") && arguments.count < 2 { return false }
            return Self.deterministicFunctions.contains(name) && arguments.allSatisfy { isRowExpression($0, of: table) }
        case .aliasedColumn, .aggregate, .sql: return false
        }
    }

    /// Whether `expression` is an SQL snippet (`order(sql:)`) with one value per row, the same
    /// at each read: SQLite accepts it in the request's WHERE (no aggregate, no window function,
    /// no annotation's name), and it calls nothing that changes between reads (`random()`, the
    /// current time).
    private func isRowSnippet(_ expression: AssocCore.Expression, in request: Request) -> Bool {
        guard case .sql(let snippet, _) = expression else { return false }
        let lowered = snippet.lowercased()
        if Self.changingWords.contains(where: { lowered.contains($0) }) { return false }
        let probe = request.filter(AssocCore.Expression.binary(.or, .isNull(expression, negated: false), .value(1)))
        guard let statement = try? db.mainStatement(for: probe) else { return false }
        return (try? db.connection.prepare(statement.sql)) != nil
    }

    /// What makes an SQL snippet's value change from one read to the next.
    private static let changingWords = ["random", "changes(", "last_insert_rowid", "'now'", "\"now\"", "current_"]

    /// Why the request's order cannot be paged by keyset.
    private func unpageableSortReason(_ request: Request) -> String {
        let table = db.schema.table(named: request.table)
        if request.relation.isDistinct { return "distinct() sorted by a value its rows do not select" }
        for term in request.relation.ordering ?? [] {
            switch term.expression {
            case .sql: return "sorted by an SQL snippet that is not one value per row (an aggregate, random(), the time)"
            case .column(let name):
                guard let column = table?.column(named: name) else { return "sorted by an annotation" }
                if !isSelected(column.name, in: request) { return "sorted by a column left out of the selection" }
            default: return "sorted by an expression"
            }
        }
        return "sorted view"
    }

    /// The columns the request sorts on, each selected in its rows: the root's, or those of an
    /// included scope (through its alias; its rows are in that scope, NULL when the include has
    /// no match). Nil when a term is something else (an expression, an aggregate, an annotation,
    /// a table joined without its columns).
    private func sortColumns(of request: Request) -> [SortColumn]? {
        guard let ordering = request.relation.ordering, !ordering.isEmpty else { return [] }
        guard let table = db.schema.table(named: request.table) else { return nil }
        var includes: [String: (path: [String], table: String, columns: [RequestScope.Column])] = [:]
        if ordering.contains(where: { if case .aliasedColumn = $0.expression { true } else { false } }),
            let tree = try? db.scopeTree(of: request)
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
        var columns: [SortColumn] = []
        for term in ordering {
            // An annotation (by its name, or by its aggregate as `s` writes it): its value is in
            // every row under the annotation's name; the keyset condition goes in HAVING.
            if let annotation = annotation(sortedBy: term.expression, in: request, table: table) {
                columns.append(
                    SortColumn(
                        expression: annotation.expression, path: [], name: annotation.name,
                        descending: term.descending == true, isNullable: true))
                continue
            }
            switch term.expression {
            case .column(let name):
                guard let column = table.column(named: name) else { return nil }
                let isRowidAlias = table.primaryKey.kind == .rowidAlias && table.primaryKey.columns.first == column.name
                let shown = isSelected(column.name, in: request)
                if distinct && !shown { return nil }
                columns.append(
                    SortColumn(
                        expression: term.expression, path: [], name: shown ? column.name : Self.hiddenSortName(columns.count),
                        descending: term.descending == true, isNullable: !column.notNull && !isRowidAlias, isHidden: !shown))
            case .aliasedColumn(let alias, let name):
                if let include = includes[alias.lowercased()],
                    let column = db.schema.table(named: include.table)?.column(named: name),
                    include.columns.contains(.table(column.name))
                {
                    // A column of an included scope: read there.
                    columns.append(
                        SortColumn(
                            expression: term.expression, path: include.path, name: column.name,
                            descending: term.descending == true, isNullable: true))
                } else {
                    // A table joined without its columns (or the columnless pivot of a through
                    // include merged with it): the value selected under a hidden name.
                    if distinct { return nil }
                    columns.append(
                        SortColumn(
                            expression: term.expression, path: [], name: Self.hiddenSortName(columns.count),
                            descending: term.descending == true, isNullable: true, isHidden: true))
                }
            default:
                // An expression of the row (the root's columns, or an SQL snippet SQLite accepts
                // in WHERE): its value selected under a hidden name.
                let ofTheRow =
                    distinct
                    ? wholeRoot && isRowExpression(term.expression, of: table)
                    : isRowExpression(term.expression, of: table) || isRowSnippet(term.expression, in: request)
                guard ofTheRow else { return nil }
                columns.append(
                    SortColumn(
                        expression: term.expression, path: [], name: Self.hiddenSortName(columns.count),
                        descending: term.descending == true, isNullable: true, isHidden: true))
            }
        }
        return columns
    }

    /// The aggregate annotation `expression` sorts by, with the name its value is selected under:
    /// `expression` is the annotation's name (not a column of the table) or its aggregate.
    private func annotation(
        sortedBy expression: AssocCore.Expression, in request: Request, table: TableInfo
    ) -> (expression: AssocCore.Expression, name: String)? {
        let annotations = request.relation.annotations
        guard !annotations.isEmpty, annotations.contains(where: \.containsAggregate) else { return nil }
        // The names the annotations are selected under, from the root's columns in row order.
        guard let tree = try? db.scopeTree(of: request) else { return nil }
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
    private func isSelected(_ column: String, in request: Request) -> Bool {
        guard let selection = request.relation.selection else { return true }
        return selection.contains { item in
            if case .allColumns = item { return true }
            if case .expression(.column(let name)) = item { return name.lowercased() == column.lowercased() }
            return false
        }
    }

    /// How `request` pages by keyset, nil when it must use OFFSET. Keyset paging needs no limit of
    /// the request's own, an order on values every row has (root columns, included columns,
    /// expressions of the row, aggregate annotations), then the root's key, then the keys of the
    /// tables whose rows a to-many join repeats (`Database.repeatedRowKeyTerms`); the values not
    /// shown are selected under hidden names. `repeatsKey`: `db.rowsCanRepeatRootKey(request)`
    /// when the caller knows it already.
    func pagingKeyset(for request: Request, repeatsKey: Bool? = nil) -> PagingKeyset? {
        guard let key = pagingKey(of: request.table), let sorted = sortColumns(of: request) else { return nil }
        var joinKeys: [RepeatedRowKey] = []
        if repeatsKey ?? ((try? db.rowsCanRepeatRootKey(request)) != false) {
            guard let keys = try? db.repeatedRowKeyTerms(of: request), !keys.isEmpty else { return nil }
            joinKeys = keys
        }
        var keyset = PagingKeyset(
            terms: sorted.map { KeysetCondition.Term($0.expression, descending: $0.descending, isNullable: $0.isNullable) },
            names: sorted.map(\.name), paths: sorted.map(\.path), keyColumns: key.columns,
            hiddenTerms: sorted.filter(\.isHidden).map { PagingKeyset.HiddenTerm(name: $0.name, expression: $0.expression) },
            joinKeyCount: joinKeys.count)
        // The order the request has without writing it (a followed link's default ordering, an
        // ordered pivot's): after the view's sort, before the key, as GRDB orders the rows.
        let implicit = (try? db.implicitOrderingTerms(of: request)) ?? []
        for (index, term) in implicit.enumerated() {
            keyset.appendHidden(term.term, name: Self.hiddenImplicitOrderName(index), label: term.label)
        }
        // The key ends the order (ties of the sort), unless the sort already ends with it, shown,
        // and no join repeats it.
        let sortEnd = sorted.suffix(key.columns.count)
        let endsWithKey =
            sortEnd.count == key.columns.count
            && zip(sortEnd, key.columns).allSatisfy { sort, column in
                sort.path.isEmpty && !sort.isHidden && sort.name.lowercased() == column.lowercased()
            }
        // Rows a required to-many join repeats: the key's value read from the joined table's
        // column equal to it, so that the order follows that table's index.
        let standIns = joinKeys.isEmpty ? nil : (try? db.rootKeyStandIns(of: request)) ?? nil
        if !endsWithKey || !joinKeys.isEmpty || !implicit.isEmpty {
            for (index, column) in key.columns.enumerated() {
                if let standIn = standIns?[column] {
                    keyset.appendHidden(standIn.term, name: Self.hiddenStandInName(index), label: standIn.table + "." + standIn.column)
                } else if column != key.rowid && isSelected(column, in: request) {
                    keyset.terms.append(
                        KeysetCondition.Term(
                            .column(column), descending: false, isNullable: key.nullableColumns.contains(column)))
                    keyset.names.append(column)
                    keyset.paths.append([])
                } else {
                    keyset.appendHidden(
                        KeysetCondition.Term(.column(column), descending: false, isNullable: key.nullableColumns.contains(column)),
                        name: Self.hiddenKeyName(index, isRowid: column == key.rowid), label: column)
                }
            }
        }
        for (index, joinKey) in joinKeys.enumerated() {
            // A joined key column already in the order (the root's key read from it) adds nothing.
            if keyset.terms.contains(where: { $0.expression == joinKey.term.expression }) {
                keyset.joinKeyCount -= 1
                continue
            }
            keyset.appendHidden(joinKey.term, name: Self.hiddenJoinKeyName(index), label: joinKey.table + "." + joinKey.column)
        }
        return keyset
    }

    /// The name the joined column standing in for the root's `index`th key column is selected under.
    static func hiddenStandInName(_ index: Int) -> String { "assoc:keyjoin\(index)" }

    /// The name the value of the `index`th implicit ordering term is selected under.
    static func hiddenImplicitOrderName(_ index: Int) -> String { "assoc:order\(index)" }

    /// The name the key of the `index`th table a join repeats is selected under.
    static func hiddenJoinKeyName(_ index: Int) -> String { "assoc:join\(index)" }
}
