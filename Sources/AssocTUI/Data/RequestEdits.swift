import AssocCore

/// The browser's own edits of a view's request, made of AssocCore's (`Request`'s join and
/// refinement edits): a filter put where it runs, a sort cycled by repeated keys.
extension Request {
    /// `filter` added to the root: to `having` when it holds an aggregate.
    func adding(filter: AssocCore.Expression) -> Request {
        filter.containsAggregate ? having(filter) : self.filter(filter)
    }

    /// `s`: the sort on `expression` cycled, ascending, then descending, then off; the other sort
    /// keys are kept where they are. A column not sorted yet becomes the first key. Returns the
    /// new direction (nil: no longer sorted by it).
    func cyclingSort(on expression: AssocCore.Expression) -> (request: Request, descending: Bool?) {
        cyclingSort(on: expression, addedAt: 0)
    }

    /// `S`: `expression` added as the last sort key (ascending), or, when it already sorts the
    /// view, cycled in place as `s` cycles it.
    func addingSortKey(on expression: AssocCore.Expression) -> (request: Request, descending: Bool?) {
        cyclingSort(on: expression, addedAt: orderings.count)
    }

    private func cyclingSort(on expression: AssocCore.Expression, addedAt position: Int) -> (request: Request, descending: Bool?) {
        var keys = orderings
        guard let index = keys.firstIndex(where: { $0.expression == expression }) else {
            keys.insert(Ordering(expression), at: min(position, keys.count))
            return (order(keys), false)
        }
        if keys[index].descending == true {
            keys.remove(at: index)
            return (keys.isEmpty ? unordered() : order(keys), nil)
        }
        keys[index] = Ordering(expression, descending: true)
        return (order(keys), true)
    }
}
