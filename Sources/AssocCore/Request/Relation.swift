/// The refinements of one table in a request tree, as the user wrote them: selection, filters,
/// ordering, alias, and the associations attached to it. Resolution (keys, merges, aliases) happens
/// when SQL is generated, against a schema: the relation itself needs none.
public struct Relation: Sendable, Hashable {
    /// nil: every column of the table (`"t".*`).
    public var selection: [SelectionItem]?
    /// Extra selected expressions, after the selection (`annotated(with:)`).
    public var annotations: [Expression] = []
    /// AND-ed, in the order they were applied.
    public var filters: [Expression] = []
    /// `filter(key:)`: rows by primary key, AND-ed before `filters`.
    public var keyFilters: [KeyFilter] = []
    /// nil: not set. `order()` replaces it.
    public var ordering: [Ordering]?
    /// A user-chosen table alias, for expressions that involve several tables.
    public var alias: String?
    /// Associations attached with a joining method, in the order they were attached.
    public var joins: [Join] = []
    /// AND-ed into HAVING.
    public var havings: [Expression] = []
    public var isDistinct = false

    public init() {}
}

/// One item of a selection.
public enum SelectionItem: Sendable, Hashable {
    /// `"t".*`
    case allColumns
    case expression(Expression)
}

/// How an association is attached to a relation.
public enum JoinMethod: String, Sendable, CaseIterable {
    case includingRequired = "including(required:)"
    case includingOptional = "including(optional:)"
    case joiningRequired = "joining(required:)"
    case joiningOptional = "joining(optional:)"
    case includingAll = "including(all:)"

    /// `including(...)` methods select the associated columns; `joining` selects nothing.
    public var isIncluding: Bool { self != .joiningRequired && self != .joiningOptional }
    /// Required joins drop base rows without a match (inner join).
    public var isRequired: Bool { self == .includingRequired || self == .joiningRequired }
}

/// An association attached to a relation with a joining method.
public struct Join: Sendable, Hashable {
    public var method: JoinMethod
    public var association: AssociationRequest
}

/// The refinement methods shared by requests and associations. Each returns a refined copy.
public protocol RelationRefining {
    var relation: Relation { get set }
}

extension RelationRefining {
    func with(_ change: (inout Relation) -> Void) -> Self {
        var copy = self
        change(&copy.relation)
        return copy
    }

    /// Adds a condition (AND-ed with previous ones). On an association it goes in the ON clause.
    public func filter(_ predicate: ExpressionConvertible) -> Self {
        with { $0.filters.append(predicate.expression) }
    }

    /// Replaces the ordering.
    public func order(_ orderings: OrderingConvertible...) -> Self {
        order(orderings)
    }

    /// Replaces the ordering.
    public func order(_ orderings: [OrderingConvertible]) -> Self {
        with { $0.ordering = orderings.map(\.ordering) }
    }

    /// Replaces the selection. Columns are scoped to this table.
    public func select(_ items: ExpressionConvertible...) -> Self {
        select(items)
    }

    /// Replaces the selection. Columns are scoped to this table.
    public func select(_ items: [ExpressionConvertible]) -> Self {
        with { $0.selection = items.map { .expression($0.expression) } }
    }

    /// Replaces the selection with all columns (`"t".*`) followed by `items`.
    public func select(allColumnsAnd items: [ExpressionConvertible]) -> Self {
        with { $0.selection = [.allColumns] + items.map { .expression($0.expression) } }
    }

    /// Names this table so that expressions elsewhere in the request can refer to it.
    public func aliased(_ alias: TableAlias) -> Self {
        with { $0.alias = alias.name }
    }

    /// Names this table so that expressions elsewhere in the request can refer to it.
    public func aliased(_ name: String) -> Self {
        with { $0.alias = name }
    }

    /// Adds selected expressions, such as aggregates (`books.count`).
    public func annotated(with expressions: ExpressionConvertible...) -> Self {
        with { $0.annotations += expressions.map(\.expression) }
    }

    /// Adds selected expressions, such as aggregates (`books.count`).
    public func annotated(with expressions: [ExpressionConvertible]) -> Self {
        with { $0.annotations += expressions.map(\.expression) }
    }

    /// Adds a HAVING condition, such as `books.count >= 2`.
    public func having(_ predicate: ExpressionConvertible) -> Self {
        with { $0.havings.append(predicate.expression) }
    }

    /// SELECT DISTINCT.
    public func distinct() -> Self {
        with { $0.isDistinct = true }
    }

    /// Fetches the associated record with each row; rows without one are dropped (inner join).
    public func including(required association: AssociationRequest) -> Self {
        attaching(association, .includingRequired)
    }

    /// Fetches the associated record with each row, or nothing when there is none (left join).
    public func including(optional association: AssociationRequest) -> Self {
        attaching(association, .includingOptional)
    }

    /// Joins without selecting the associated columns; rows without a match are dropped.
    public func joining(required association: AssociationRequest) -> Self {
        attaching(association, .joiningRequired)
    }

    /// Joins without selecting the associated columns, keeping rows without a match.
    public func joining(optional association: AssociationRequest) -> Self {
        attaching(association, .joiningOptional)
    }

    /// Fetches all associated records of each row, in one extra statement per association.
    public func including(all association: AssociationRequest) -> Self {
        attaching(association, .includingAll)
    }

    func attaching(_ association: AssociationRequest, _ method: JoinMethod) -> Self {
        with { $0.joins.append(Join(method: method, association: association)) }
    }
}
