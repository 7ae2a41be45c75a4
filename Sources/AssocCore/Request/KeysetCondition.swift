/// The condition that keeps the rows coming after a position in an ordering: keyset pagination
/// ("the page after this row") and "the next match after the cursor" need it. NULLs are placed as
/// SQLite orders them: first when ascending, last when descending.
///
///     // ORDER BY "price", "id", after the row (9.5, 42):
///     "price" >= ? AND ("price" > ? OR ("price" = ? AND "id" > ?))
///
/// The leading `"price" >= ?` repeats what the rest implies so that SQLite starts an index range
/// at the position instead of scanning from the first row.
package enum KeysetCondition {
    /// One term of the ordering: an expression, ascending or descending.
    package struct Term: Sendable, Hashable {
        package var expression: Expression
        package var descending: Bool
        /// False for a NOT NULL column or a key: no `IS NULL` case to write.
        package var isNullable: Bool

        package init(_ expression: Expression, descending: Bool, isNullable: Bool = true) {
            self.expression = expression
            self.descending = descending
            self.isNullable = isNullable
        }
    }

    /// The rows strictly after `values` (one per term) in the order `terms`; nil when nothing can
    /// come after (the position is the last possible one), or when the counts differ.
    package static func after(_ values: [DatabaseValue], in terms: [Term]) -> Expression? {
        guard !terms.isEmpty, terms.count == values.count else { return nil }
        guard let rest = chain(Array(zip(terms, values))[...]) else { return nil }
        // The index range start: for ties to break (more than one term), when the first term's
        // position is a value.
        guard terms.count > 1, let first = terms.first, let value = values.first, !value.isNull else { return rest }
        var range: Expression = .binary(first.descending ? .lessOrEqual : .greaterOrEqual, first.expression, .value(value))
        if first.descending && first.isNullable { range = .binary(.or, range, .isNull(first.expression, negated: false)) }
        return .binary(.and, range, rest)
    }

    /// The rows strictly before `values` in the order `terms`: those after it in the reversed order.
    package static func before(_ values: [DatabaseValue], in terms: [Term]) -> Expression? {
        after(values, in: terms.map { Term($0.expression, descending: !$0.descending, isNullable: $0.isNullable) })
    }

    /// The rows strictly after `values` in the order `terms`, as disjoint ranges in that order:
    /// first those equal on every term but the last and after `values` on it, then those equal on
    /// all but the last two and after on the one before, and so on to those after on the first
    /// term. Each range is one index seek (`"categoryId" = ? AND "id" > ?`, then `"categoryId" >
    /// ?`), where the single condition of `after` makes SQLite read the anchor's ties before it:
    /// reading the ranges in turn gives the same rows in the same order. Empty when nothing can
    /// come after.
    package static func afterRanges(_ values: [DatabaseValue], in terms: [Term]) -> [Expression] {
        guard terms.count == values.count else { return [] }
        let pairs = Array(zip(terms, values))
        var ranges: [Expression] = []
        for depth in stride(from: pairs.count, to: 0, by: -1) {
            let prefix = pairs.prefix(depth)
            guard let (term, value) = prefix.last, let later = greater(term, value) else { continue }
            let range = prefix.dropLast().reversed().reduce(later) { condition, pair in
                .binary(.and, equal(pair.0, pair.1), condition)
            }
            ranges.append(range)
        }
        return ranges
    }

    /// The rows strictly before `values` in the order `terms`, as disjoint ranges, nearest first:
    /// the ranges after it in the reversed order.
    package static func beforeRanges(_ values: [DatabaseValue], in terms: [Term]) -> [Expression] {
        afterRanges(values, in: terms.map { Term($0.expression, descending: !$0.descending, isNullable: $0.isNullable) })
    }

    /// `greater(t0) OR (equal(t0) AND (greater(t1) OR (equal(t1) AND …)))`.
    private static func chain(_ pairs: ArraySlice<(Term, DatabaseValue)>) -> Expression? {
        guard let (term, value) = pairs.first else { return nil }
        let later = greater(term, value)
        guard let deeper = chain(pairs.dropFirst()) else { return later }
        let tie = Expression.binary(.and, equal(term, value), deeper)
        guard let later else { return tie }
        return .binary(.or, later, tie)
    }

    /// The rows whose term comes strictly after `value`; nil when none can.
    private static func greater(_ term: Term, _ value: DatabaseValue) -> Expression? {
        let e = term.expression
        switch (term.descending, value.isNull) {
        case (false, false): return .binary(.greater, e, .value(value))
        case (false, true): return .isNull(e, negated: true)  // NULLs first: every value is after
        case (true, false):
            let less = Expression.binary(.less, e, .value(value))
            return term.isNullable ? .binary(.or, less, .isNull(e, negated: false)) : less
        case (true, true): return nil  // NULLs last: nothing is after
        }
    }

    private static func equal(_ term: Term, _ value: DatabaseValue) -> Expression {
        value.isNull ? .isNull(term.expression, negated: false) : .binary(.equal, term.expression, .value(value))
    }
}
