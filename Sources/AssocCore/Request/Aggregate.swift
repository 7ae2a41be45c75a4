/// An aggregate over a to-many association, usable in `annotated(with:)`, `having(_:)` and any
/// expression: `books.count`, `books.isEmpty`, `books.max(Column("year"))`.
public struct Aggregate: Sendable, Hashable {
    /// The SQL aggregate: `COUNT(DISTINCT key)`, `COUNT(DISTINCT key) = 0`, `MIN`, `MAX`, `AVG`, `SUM`, `TOTAL`.
    enum Function: String, Sendable, Hashable, CaseIterable {
        /// `books.count`: `COUNT(DISTINCT key)` of the associated rows.
        case count
        /// `books.isEmpty`: `COUNT(DISTINCT key) = 0`.
        case isEmpty
        /// `books.min(year)`: `MIN`.
        case min
        /// `books.max(year)`: `MAX`.
        case max
        /// `books.average(price)`: `AVG`.
        case average
        /// `books.sum(price)`: `SUM` (NULL without rows).
        case sum
        /// `books.total(price)`: `TOTAL` (0.0 without rows).
        case total
    }

    /// The SQL aggregate.
    var function: Function
    /// The to-many association aggregated, with its own refinements (`books.filter(…)`).
    package var association: AssociationRequest
    /// The aggregated expression, scoped to the association's table (nil for count and isEmpty).
    var argument: Expression?
    /// Set by resolution: the id of the joined node the aggregate reads.
    var nodeID: Int?

    /// Structural: resolution bookkeeping does not count.
    public static func == (lhs: Aggregate, rhs: Aggregate) -> Bool {
        lhs.function == rhs.function && lhs.association == rhs.association && lhs.argument == rhs.argument
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(function)
        hasher.combine(association)
        hasher.combine(argument)
    }
}

extension AssociationRequest {
    /// `COUNT(DISTINCT <primary key>)`, named `<key>Count` (`bookCount`).
    public var count: Expression { .aggregate(Aggregate(function: .count, association: self, argument: nil)) }
    /// `COUNT(DISTINCT <primary key>) = 0`, named `hasNo<Key>` (`hasNoBook`).
    public var isEmpty: Expression { .aggregate(Aggregate(function: .isEmpty, association: self, argument: nil)) }
    /// `MIN(x)`, named `min<Key><Column>` (`minBookYear`).
    public func min(_ argument: ExpressionConvertible) -> Expression { aggregate(.min, argument) }
    /// `MAX(x)`, named `max<Key><Column>` (`maxBookYear`).
    public func max(_ argument: ExpressionConvertible) -> Expression { aggregate(.max, argument) }
    /// `AVG(x)`, named `average<Key><Column>` (`averageBookPrice`).
    public func average(_ argument: ExpressionConvertible) -> Expression { aggregate(.average, argument) }
    /// `SUM(x)`, named `<key><Column>Sum` (`bookAwardsSum`).
    public func sum(_ argument: ExpressionConvertible) -> Expression { aggregate(.sum, argument) }
    /// `TOTAL(x)`, named like `sum`.
    public func total(_ argument: ExpressionConvertible) -> Expression { aggregate(.total, argument) }

    private func aggregate(_ function: Aggregate.Function, _ argument: ExpressionConvertible) -> Expression {
        .aggregate(Aggregate(function: function, association: self, argument: argument.expression))
    }
}
