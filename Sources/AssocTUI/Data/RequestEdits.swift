import AssocCore

/// The browser's own edits of a view's request, made of AssocCore's (`Request`'s join and
/// refinement edits): a filter put where it runs, a sort cycled by repeated keys.
extension Request {
    /// `filter` added to the root: to `having` when it holds an aggregate.
    func adding(filter: AssocCore.Expression) -> Request {
        filter.containsAggregate ? having(filter) : self.filter(filter)
    }

    /// Sorted on `expression`: ascending first, then descending, then the sort removed. Sorting on
    /// another expression replaces the previous order. Returns the new direction (nil: unsorted).
    func cyclingSort(on expression: AssocCore.Expression) -> (request: Request, descending: Bool?) {
        if let first = orderings.first, first.expression == expression {
            if first.descending == true { return (unordered(), nil) }
            return (order(Ordering(expression, descending: true)), true)
        }
        return (order(Ordering(expression)), false)
    }
}
