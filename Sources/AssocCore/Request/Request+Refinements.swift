/// What refines a request's root table, read-only (its filters, orderings, annotations,
/// selection, aliases), and the edits a browser makes to them besides GRDB's own
/// (`filter(_:)`, `order(_:)`, `annotated(with:)`, `select(_:)`).
extension Request {
    /// The root's `filter(_:)` conditions, in the order they were applied (`filter(key:)` apart).
    package var filters: [Expression] { relation.filters }
    /// The root's `having(_:)` conditions, in the order they were applied.
    package var havings: [Expression] { relation.havings }
    /// The root's `annotated(with:)` expressions, in the order they were added.
    package var annotations: [Expression] { relation.annotations }
    /// The root's ordering (`order(_:)`), empty when unordered.
    package var orderings: [Ordering] { relation.ordering ?? [] }
    /// Whether the request is `distinct()`.
    package var isDistinct: Bool { relation.isDistinct }

    /// The request without its root's filters and havings; its keys (`filter(key:)`) stay.
    ///
    ///     // Table("book").filter(key: 1).filter(Column("year") > 2000).unfiltered()
    ///     SELECT * FROM "book" WHERE "id" = ?
    package func unfiltered() -> Request {
        var copy = self
        copy.relation.filters = []
        copy.relation.havings = []
        return copy
    }

    /// The request without ordering (GRDB's `unordered()`).
    package func unordered() -> Request {
        var copy = self
        copy.relation.ordering = nil
        return copy
    }

    /// The annotation at `index` replaced by `expression`; the request as it is when there is none.
    package func replacingAnnotation(at index: Int, with expression: ExpressionConvertible) -> Request {
        guard relation.annotations.indices.contains(index) else { return self }
        var copy = self
        copy.relation.annotations[index] = expression.expression
        return copy
    }

    /// The request without the annotation at `index`; as it is when there is none.
    package func removingAnnotation(at index: Int) -> Request {
        guard relation.annotations.indices.contains(index) else { return self }
        var copy = self
        copy.relation.annotations.remove(at: index)
        return copy
    }

    // MARK: Selection

    /// What the root selects, as a value to put back with `selecting(_:)`.
    package struct Selection: Sendable, Hashable {
        var items: [SelectionItem]?

        /// Whether it is the default: every column of the table (`"t".*`).
        package var isAllColumns: Bool { items == nil }
    }

    /// What the root selects.
    package var selection: Selection { Selection(items: relation.selection) }

    /// The root selecting `selection` (one read from `selection` before).
    package func selecting(_ selection: Selection) -> Request {
        var copy = self
        copy.relation.selection = selection.items
        return copy
    }

    /// The root selecting the columns of `columns` (its scope's columns, in `Row` order:
    /// `RequestScope.columns`) except the table column `name`, and the expressions it selects;
    /// annotations stay. Nil when nothing would be selected.
    ///
    ///     // Table("book") without "title", its columns id, title, authorId
    ///     SELECT "id", "authorId" FROM "book"
    package func deselecting(column name: String, of columns: [RequestScope.Column]) -> Request? {
        let current = relation.selection
        var items: [SelectionItem] = []
        for column in columns {
            switch column {
            case .table(let table) where table != name:
                items.append(.expression(.column(table)))
            case .selected(let position):
                if let current, current.indices.contains(position) { items.append(current[position]) }
            case .table, .annotation:
                break
            }
        }
        guard !items.isEmpty else { return nil }
        var copy = self
        copy.relation.selection = items
        return copy
    }

    // MARK: Aliases

    /// Every alias the request gives a table, the root's first, then its joins' depth first.
    package var tableAliases: [String] {
        (relation.alias.map { [$0] } ?? []) + joins.compactMap(\.alias)
    }

    /// The aliases the request's expressions name (filters, havings, orderings, annotations,
    /// selections, at every level), lowercased.
    package var referencedAliases: Set<String> {
        var result: Set<String> = []
        func walk(_ relation: Relation) {
            var expressions = relation.filters + relation.havings + relation.annotations
            expressions += (relation.ordering ?? []).map(\.expression)
            for item in relation.selection ?? [] { if case .expression(let e) = item { expressions.append(e) } }
            for expression in expressions { result.formUnion(expression.qualifiers.map { $0.lowercased() }) }
            for join in relation.joins { walk(join.association.relation) }
        }
        walk(relation)
        return result
    }

    /// The aliases the join at `path` and the joins chained from it give their tables.
    package func aliases(underJoinAt path: [Int]) -> [String] {
        guard join(at: path) != nil else { return [] }
        return joins.filter { $0.path.starts(with: path) }.compactMap(\.alias)
    }
}

extension Expression {
    /// The table aliases its columns name (`author["name"]` names `author`).
    package var qualifiers: Set<String> {
        switch self {
        case .aliasedColumn(let alias, _): return [alias]
        case .unary(_, let e), .isNull(let e, _), .named(let e, _), .collated(let e, _): return e.qualifiers
        case .binary(_, let l, let r): return l.qualifiers.union(r.qualifiers)
        case .inList(let e, let list, _): return list.reduce(e.qualifiers) { $0.union($1.qualifiers) }
        case .function(_, let arguments): return arguments.reduce([]) { $0.union($1.qualifiers) }
        case .aggregate, .column, .value, .sql: return []
        }
    }
}
