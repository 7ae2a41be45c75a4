/// The refinements of one table in a request tree, as the user wrote them: selection, filters,
/// ordering, alias, and the associations attached to it. Opaque: read a request through its own
/// properties (`Request.joins`, `filters`, `orderings`…) and edit it with its methods. Resolution
/// (keys, merges, aliases) happens when SQL is generated, against a schema.
public struct Relation: Sendable, Hashable {
    /// nil: every column of the table (`"t".*`).
    package var selection: [SelectionItem]?
    /// Extra selected expressions, after the selection (`annotated(with:)`).
    package var annotations: [Expression] = []
    /// AND-ed, in the order they were applied.
    package var filters: [Expression] = []
    /// `filter(key:)`: rows by primary key, AND-ed before `filters`.
    package var keyFilters: [KeyFilter] = []
    /// nil: not set. `order()` replaces it.
    package var ordering: [Ordering]?
    /// A user-chosen table alias, for expressions that involve several tables.
    package var alias: String?
    /// Associations attached with a joining method, in the order they were attached.
    package var joins: [Join] = []
    /// AND-ed into HAVING.
    package var havings: [Expression] = []
    /// Set by `distinct()`: `SELECT DISTINCT`.
    package var isDistinct = false

    /// A relation without refinement: all columns, no condition.
    package init() {}
}

/// One item of a selection.
package enum SelectionItem: Sendable, Hashable {
    /// `"t".*`
    case allColumns
    /// An expression (a column, or any expression named with `forKey(_:)`).
    case expression(Expression)
}

/// How an association is attached to a relation.
package enum JoinMethod: String, Sendable, CaseIterable {
    /// Inner join, the associated columns selected.
    case includingRequired = "including(required:)"
    /// Left join, the associated columns selected (NULL without a match).
    case includingOptional = "including(optional:)"
    /// Inner join, nothing selected (for filters and orderings).
    case joiningRequired = "joining(required:)"
    /// Left join, nothing selected.
    case joiningOptional = "joining(optional:)"
    /// Prefetch: the associated rows fetched by another statement, in a list per row.
    case includingAll = "including(all:)"

    /// `including(...)` methods select the associated columns; `joining` selects nothing.
    package var isIncluding: Bool { self != .joiningRequired && self != .joiningOptional }
    /// Required joins drop base rows without a match (inner join).
    package var isRequired: Bool { self == .includingRequired || self == .joiningRequired }
}

/// An association attached to a relation with a joining method.
package struct Join: Sendable, Hashable {
    /// How the association is attached.
    package var method: JoinMethod
    /// The association, with its own refinements.
    package var association: AssociationRequest

    /// `association` attached with `method` (what `including`/`joining` append to `joins`).
    package init(method: JoinMethod, association: AssociationRequest) {
        self.method = method
        self.association = association
    }
}

/// The refinement methods shared by requests, associations and tables. Each returns a refined
/// copy: a request or an association refines into its own type, a ``Table`` into a ``Request``
/// for its rows (`Table("book").filter(…)` is `Table("book").all.filter(…)`).
public protocol RelationRefining {
    /// What the refinements return: `Self` for requests and associations, `Request` for a table.
    associatedtype Refined: RelationHolding
    /// What the refinements apply to: the request or association itself, or all rows of a table.
    var all: Refined { get }
}

/// A request or an association: a value that holds its refinements, opaque outside AssocCore.
public protocol RelationHolding: RelationRefining where Refined == Self {
    /// The refinements so far.
    var relation: Relation { get set }
}

extension RelationHolding {
    /// The request or association itself, as a table's `all` is the request for its rows.
    public var all: Self { self }
}

extension RelationRefining {
    func with(_ change: (inout Relation) -> Void) -> Refined {
        var copy = all
        change(&copy.relation)
        return copy
    }

    /// `WHERE condition` (AND-ed with the previous ones); on an association, in its ON clause:
    ///
    ///     book.filter(Column("year") >= 2000)    // SELECT * FROM "book" WHERE "year" >= ?
    public func filter(_ predicate: ExpressionConvertible) -> Refined {
        with { $0.filters.append(predicate.expression) }
    }

    /// `ORDER BY …`, replacing the previous ordering. A column named like an annotation orders
    /// by it, and an aggregate joins as an annotation does:
    ///
    ///     album.order(album.tracks.count.desc)   // … ORDER BY COUNT(DISTINCT "track"."id") DESC
    public func order(_ orderings: OrderingConvertible...) -> Refined {
        order(orderings)
    }

    /// `ORDER BY …`, replacing the previous ordering (see `order(_:)` above): for orderings
    /// known at run time.
    public func order(_ orderings: [OrderingConvertible]) -> Refined {
        with { $0.ordering = orderings.map(\.ordering) }
    }

    /// `SELECT items`, replacing the selection; columns are scoped to this table:
    ///
    ///     book.select(Column("title"))           // SELECT "title" FROM "book"
    public func select(_ items: ExpressionConvertible...) -> Refined {
        select(items)
    }

    /// `SELECT items`, replacing the selection (see `select(_:)` above): for columns known at
    /// run time.
    public func select(_ items: [ExpressionConvertible]) -> Refined {
        with { $0.selection = items.map { .expression($0.expression) } }
    }

    /// `SELECT "t".*, items`: all columns, then `items`.
    package func select(allColumnsAnd items: [ExpressionConvertible]) -> Refined {
        with { $0.selection = [.allColumns] + items.map { .expression($0.expression) } }
    }

    /// `… "a" …`: names this table so that expressions elsewhere in the request can refer to it
    /// (`alias["column"]`).
    public func aliased(_ alias: TableAlias) -> Refined {
        with { $0.alias = alias.name }
    }

    /// `… "name" …`: `aliased(TableAlias(name))`.
    public func aliased(_ name: String) -> Refined {
        with { $0.alias = name }
    }

    /// `SELECT *, expressions`: adds selected expressions, such as aggregates:
    ///
    ///     author.annotated(with: author.books.count)
    ///     // SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "author"
    ///     // LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id"
    public func annotated(with expressions: ExpressionConvertible...) -> Refined {
        with { $0.annotations += expressions.map(\.expression) }
    }

    /// `SELECT *, expressions` (see `annotated(with:)` above): for aggregates known at run time.
    public func annotated(with expressions: [ExpressionConvertible]) -> Refined {
        with { $0.annotations += expressions.map(\.expression) }
    }

    /// `WHERE (snippet)`: an SQL snippet standing for one condition, its `?` bound to `arguments`
    /// (GRDB's `filter(sql:arguments:)`):
    ///
    ///     track.filter(sql: "length(Name) > ?", arguments: [10])   // WHERE (length(Name) > ?)
    public func filter(sql: String, arguments: [DatabaseValue] = []) -> Refined {
        filter(Expression.sql(sql, arguments: arguments))
    }

    /// `HAVING (snippet)`: an SQL snippet on aggregates.
    public func having(sql: String, arguments: [DatabaseValue] = []) -> Refined {
        having(Expression.sql(sql, arguments: arguments))
    }

    /// `ORDER BY (snippet)`, a trailing `ASC` or `DESC` taken as the direction:
    /// `order(sql: "length(Name) DESC")`.
    public func order(sql: String, arguments: [DatabaseValue] = []) -> Refined {
        let (expression, descending) = SQLSnippet.splitDirection(sql)
        return order(Ordering(Expression.sql(expression, arguments: arguments), descending: descending))
    }

    /// `SELECT (snippet)`: one selected expression written in SQL (name it with `forKey` on
    /// `Expression.sql` when needed).
    public func select(sql: String, arguments: [DatabaseValue] = []) -> Refined {
        select(Expression.sql(sql, arguments: arguments))
    }

    /// `HAVING condition`, on aggregates: `author.having(author.books.count >= 2)`.
    public func having(_ predicate: ExpressionConvertible) -> Refined {
        with { $0.havings.append(predicate.expression) }
    }

    /// `SELECT DISTINCT …`.
    public func distinct() -> Refined {
        with { $0.isDistinct = true }
    }

    /// `JOIN`, selecting the associated record with each row; rows without one are dropped:
    ///
    ///     book.including(required: book.author)
    ///     // SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId"
    public func including(required association: AssociationRequest) -> Refined {
        attaching(association, .includingRequired)
    }

    /// `LEFT JOIN`, selecting the associated record with each row, or NULLs when there is none.
    public func including(optional association: AssociationRequest) -> Refined {
        attaching(association, .includingOptional)
    }

    /// `JOIN` without selecting the associated columns (to filter or order on them).
    public func joining(required association: AssociationRequest) -> Refined {
        attaching(association, .joiningRequired)
    }

    /// `LEFT JOIN` without selecting the associated columns.
    public func joining(optional association: AssociationRequest) -> Refined {
        attaching(association, .joiningOptional)
    }

    /// All associated records of each row, fetched by one more statement per association:
    ///
    ///     author.including(all: author.books)
    ///     // SELECT * FROM "author"
    ///     // SELECT *, "authorId" FROM "book" WHERE "authorId" IN (?, ?, ?)  -- the authors' ids
    public func including(all association: AssociationRequest) -> Refined {
        attaching(association, .includingAll)
    }

    func attaching(_ association: AssociationRequest, _ method: JoinMethod) -> Refined {
        with { $0.joins.append(Join(method: method, association: association)) }
    }
}
