import AssocCore

/// An aggregate column of a view: `books.count`, `books.max(year)`.
package struct AggregateColumn: Sendable, Hashable {
    /// The to-many association's name.
    package var link: String
    package var function: AggregateFunction
    /// The destination column of min/max/average/sum; nil for count.
    package var column: String?

    package init(link: String, function: AggregateFunction = .count, column: String? = nil) {
        self.link = link
        self.function = function
        self.column = column
    }

    /// The aggregate in the request language's syntax.
    var syntax: ExpressionSyntax {
        ExpressionSyntax(.aggregate(AggregateSyntax(
            AssociationSyntax(name: link), function, column.map { ExpressionSyntax.column($0) })))
    }

    /// `books.count`, `books.max(year)`.
    var label: String { RequestPrinter.print(syntax) }
}

/// One sort term of a view: an expression (a column, an included column through its alias, an
/// aggregate) and its direction; `column` is the grid column it was made from, for the header.
package struct SortTerm: Sendable, Hashable {
    package var ordering: OrderingSyntax
    package var column: String

    package init(_ ordering: OrderingSyntax, column: String) {
        self.ordering = ordering
        self.column = column
    }

    var isDescending: Bool { ordering.direction == .descending }
}

extension ExpressionSyntax {
    /// The table aliases its columns name (`author` in `author.name = 'x'`).
    var qualifiers: Set<String> {
        var result: Set<String> = []
        visit { if case .column(_, let qualifier?) = $0.kind { result.insert(qualifier) } }
        return result
    }

    /// Whether it contains an aggregate (then it belongs to `having`).
    var containsAggregate: Bool {
        var found = false
        visit { if case .aggregate = $0.kind { found = true } }
        return found
    }

    /// Calls `body` on this node and every sub-expression (not inside aggregates' associations).
    func visit(_ body: (ExpressionSyntax) -> Void) {
        body(self)
        switch kind {
        case .literal, .column, .sql: break
        case .aggregate(let aggregate): aggregate.argument?.visit(body)
        case .unary(_, let e), .isNull(let e, _), .forKey(let e, _), .collating(let e, _): e.visit(body)
        case .binary(_, let l, let r), .like(let l, let r, _):
            l.visit(body)
            r.visit(body)
        case .inList(let e, let list, _):
            e.visit(body)
            for item in list { item.visit(body) }
        case .between(let e, let a, let b, _):
            e.visit(body)
            a.visit(body)
            b.visit(body)
        }
    }
}

extension BrowserView {
    /// The table alias of the include at `path` when filters or sorts name it: `author`,
    /// `author_country` (the request language writes `author_country.name`).
    static func aliasName(_ path: [String]) -> String {
        path.joined(separator: "_")
    }

    /// The aliases the filters, havings and sorts use.
    var usedAliases: Set<String> {
        var result: Set<String> = []
        for expression in filters + havings + sorts.map(\.ordering.expression) { result.formUnion(expression.qualifiers) }
        return result
    }

    /// Whether the view has anything beyond a table, a followed link and includes.
    var isRefined: Bool {
        !prefetches.isEmpty || !aggregates.isEmpty || !filters.isEmpty || !havings.isEmpty || !sorts.isEmpty || rawRequest != nil
    }

    /// The view with `link` prefetched, or no longer prefetched when it was.
    func togglingPrefetch(_ link: String) -> BrowserView {
        var copy = self
        if copy.prefetches.contains(link) {
            copy.prefetches.removeAll { $0 == link }
        } else {
            copy.prefetches.append(link)
        }
        return copy
    }

    /// The view with `filter` added, to `having` when it holds an aggregate.
    func adding(filter: ExpressionSyntax) -> BrowserView {
        var copy = self
        if filter.containsAggregate {
            copy.havings.append(filter)
        } else {
            copy.filters.append(filter)
        }
        return copy
    }

    /// The view sorted on `column` by `expression`: ascending first, then descending, then not
    /// sorted. Sorting a new column replaces the previous sort.
    func cyclingSort(_ expression: ExpressionSyntax, column: String) -> BrowserView {
        var copy = self
        if let current = sorts.first(where: { $0.column == column }) {
            copy.sorts = current.isDescending ? [] : [SortTerm(OrderingSyntax(expression, .descending), column: column)]
        } else {
            copy.sorts = [SortTerm(OrderingSyntax(expression, .ascending), column: column)]
        }
        return copy
    }

    /// The aggregates `a` cycles through for `link`: count, then min, max, average and sum of each
    /// numeric column of the destination.
    static func aggregateChoices(link: String, numericColumns: [String]) -> [AggregateColumn] {
        var choices = [AggregateColumn(link: link)]
        for column in numericColumns {
            for function in [AggregateFunction.min, .max, .average, .sum] {
                choices.append(AggregateColumn(link: link, function: function, column: column))
            }
        }
        return choices
    }

    /// The view with the aggregate of `link` moved to its next choice (count when there is none);
    /// after the last choice the aggregate is removed. Returns the new aggregate, nil when removed.
    func cyclingAggregate(link: String, numericColumns: [String]) -> (view: BrowserView, aggregate: AggregateColumn?) {
        var copy = self
        let choices = Self.aggregateChoices(link: link, numericColumns: numericColumns)
        guard let index = aggregates.firstIndex(where: { $0.link == link }) else {
            let first = choices.first ?? AggregateColumn(link: link)
            copy.aggregates.append(first)
            return (copy, first)
        }
        let position = choices.firstIndex(of: aggregates[index]) ?? choices.count - 1
        if position + 1 < choices.count {
            copy.aggregates[index] = choices[position + 1]
            return (copy, choices[position + 1])
        }
        copy.aggregates.remove(at: index)
        return (copy, nil)
    }
}

extension BrowserView {
    /// What the breadcrumb says of the view's refinements: `⇉albums Σalbums.count /Name = 'x' ↑Title`,
    /// or `(typed request)`; nil when there are none.
    var refinementSummary: String? {
        if rawRequest != nil { return "(typed request)" }
        var parts = prefetches.map { "⇉" + $0 }
        parts += aggregates.map { "Σ" + $0.label }
        parts += (filters + havings).map { "/" + RequestPrinter.print($0) }
        parts += sorts.map { ($0.isDescending ? "↓" : "↑") + $0.column }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
