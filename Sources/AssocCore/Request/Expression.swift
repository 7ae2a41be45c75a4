/// A SQL expression in a request: columns, values (always bound as parameters), operators,
/// functions and association aggregates. Columns without an alias are scoped to the table of the
/// request or association they refine, as in GRDB (`Book.including(required:
/// Book.author.filter(Column("name") == "A"))` filters on the author's name).
public indirect enum Expression: Sendable, Hashable {
    /// A column of the table the expression is attached to.
    case column(String)
    /// A column of the table known by a user alias (`aliased("a")`): `"a"."col"`.
    case aliasedColumn(alias: String, column: String)
    /// A value, bound as a `?` parameter.
    case value(DatabaseValue)
    /// `NOT x`, `-x`.
    case unary(UnaryOperator, Expression)
    /// `a = b`, `a AND b`, `a + b`, `a LIKE b`…
    case binary(BinaryOperator, Expression, Expression)
    /// `x IS NULL` / `x IS NOT NULL`.
    case isNull(Expression, negated: Bool)
    /// `x IN (…)` / `x NOT IN (…)`; an empty list is written `0` (or `1` when negated).
    case inList(Expression, [Expression], negated: Bool)
    /// A SQL function call: `IFNULL(a, b)`, `ABS(x)`, `LENGTH(x)`.
    case function(String, [Expression])
    /// An aggregate over a to-many association: `books.count`, `books.max(year)`.
    case aggregate(Aggregate)
    /// An expression with a name, written `expr AS "name"` when selected (`forKey(_:)`).
    case named(Expression, String)
    /// `x COLLATE NOCASE`: compared and ordered with a collation (`collating(_:)`).
    case collated(Expression, Collation)
    /// An SQL snippet standing for one expression, with the values of its `?` placeholders:
    /// `filter(sql: "length(name) > ?", arguments: [10])`. Checked to be one expression when SQL
    /// is generated (no `;`, no comment, balanced parentheses, one argument per `?`), and
    /// written in parentheses.
    case sql(String, arguments: [DatabaseValue])

    /// Unary operators.
    public enum UnaryOperator: String, Sendable, Hashable {
        /// `NOT x`.
        case not = "NOT"
        /// `-x`.
        case negate = "-"
    }

    /// Binary operators, written as in SQL.
    public enum BinaryOperator: String, Sendable, Hashable {
        /// `=`
        case equal = "="
        /// `<>`
        case notEqual = "<>"
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
        /// `AND`
        case and = "AND"
        /// `OR`
        case or = "OR"
        /// `+`
        case add = "+"
        /// `-`
        case subtract = "-"
        /// `*`
        case multiply = "*"
        /// `/`
        case divide = "/"
        /// `%`
        case remainder = "%"
        /// `LIKE`
        case like = "LIKE"
        /// `NOT LIKE`
        case notLike = "NOT LIKE"
        /// `IS` (NULL-safe equality)
        case `is` = "IS"
        /// `IS NOT` (NULL-safe inequality)
        case isNot = "IS NOT"
    }
}

/// What can stand where an expression is expected: columns, expressions and Swift values.
public protocol ExpressionConvertible {
    /// The value as a request expression.
    var expression: Expression { get }
}

extension Expression: ExpressionConvertible {
    /// The expression itself.
    public var expression: Expression { self }

    /// Names the expression: `expr AS "name"` in a selection, and the row's column name.
    public func forKey(_ name: String) -> Expression {
        .named(self, name)
    }
}

extension DatabaseValue: ExpressionConvertible {
    /// The value, bound as a parameter.
    public var expression: Expression { .value(self) }
}

/// `Int` values in expressions, bound as INTEGER parameters.
extension Int: ExpressionConvertible {
    /// The integer, bound as a parameter.
    public var expression: Expression { .value(.integer(Int64(self))) }
}

/// `Int64` values in expressions, bound as INTEGER parameters.
extension Int64: ExpressionConvertible {
    /// The integer, bound as a parameter.
    public var expression: Expression { .value(.integer(self)) }
}

/// `Double` values in expressions, bound as REAL parameters.
extension Double: ExpressionConvertible {
    /// The double, bound as a parameter.
    public var expression: Expression { .value(.real(self)) }
}

/// `String` values in expressions, bound as TEXT parameters.
extension String: ExpressionConvertible {
    /// The text, bound as a parameter.
    public var expression: Expression { .value(.text(self)) }
}

// Bool is deliberately not ExpressionConvertible: `Column("x") != nil` would otherwise compile as
// the standard library's Optional comparison (a Bool) and silently filter nothing.

/// Optional values in expressions: nil is NULL.
extension Optional: ExpressionConvertible where Wrapped: ExpressionConvertible {
    /// The value, or NULL for nil.
    public var expression: Expression { self?.expression ?? .value(.null) }
}

/// A column, scoped to the table of the request or association it refines.
public struct Column: ExpressionConvertible, Sendable {
    /// The column name, as written.
    public var name: String

    /// The column `name` of the table the expression is used on.
    public init(_ name: String) {
        self.name = name
    }

    /// The column as an expression.
    public var expression: Expression { .column(name) }
}

/// One term of an ORDER BY clause.
public struct Ordering: Sendable, Hashable {
    /// The ordered expression.
    package var expression: Expression
    /// nil: no direction written; true: DESC; false: explicit ASC.
    package var descending: Bool?

    /// `expression ASC` (`descending` false), `expression DESC` (true), or `expression` (nil).
    public init(_ expression: ExpressionConvertible, descending: Bool? = nil) {
        self.expression = expression.expression
        self.descending = descending
    }
}

/// What can stand in an `order(...)` call.
public protocol OrderingConvertible {
    /// The value as an ORDER BY term.
    var ordering: Ordering { get }
}

extension Ordering: OrderingConvertible {
    /// The ordering itself.
    public var ordering: Ordering { self }
}

/// A column of a table known by a user alias, for filters and orderings that involve several tables.
public struct TableAlias: Sendable, Hashable {
    /// The alias, as given to `aliased(_:)`.
    public var name: String

    /// An alias named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// `alias["column"]`: the column of the aliased table.
    public subscript(_ column: String) -> Expression {
        .aliasedColumn(alias: name, column: column)
    }
}

// MARK: - Operators
//
// Each operator needs a column or an expression on at least one side, so that comparing two
// plain Swift values (`"a" == "b"`) keeps its ordinary meaning in code that imports AssocCore.

/// Swift values bound as parameters (`Int`, `Int64`, `Double`, `String`, `DatabaseValue` and their
/// optionals): what may stand on the left of an operator whose right side is a column or an
/// expression (`1 < Column("a")`). Neither a column nor an expression conforms, so each operator
/// needs two overloads, not three, and `1 == 2` keeps its ordinary meaning.
public protocol SQLValueExpressible: ExpressionConvertible {}
extension DatabaseValue: SQLValueExpressible {}
extension Int: SQLValueExpressible {}
extension Int64: SQLValueExpressible {}
extension Double: SQLValueExpressible {}
extension String: SQLValueExpressible {}
extension Optional: SQLValueExpressible where Wrapped: SQLValueExpressible {}

/// Columns and expressions: the values that make an operator build SQL.
public protocol SQLSpecificExpressible: ExpressionConvertible {}
extension Column: SQLSpecificExpressible, OrderingConvertible {}
extension Expression: SQLSpecificExpressible, OrderingConvertible {}

extension SQLSpecificExpressible {
    /// Ascending order on the column or expression (no direction written).
    public var ordering: Ordering { Ordering(expression) }
    /// Descending ordering on this column or expression.
    public var desc: Ordering { Ordering(expression, descending: true) }
    /// Ascending ordering on this column or expression.
    public var asc: Ordering { Ordering(expression, descending: false) }
}

func makeBinary(_ op: Expression.BinaryOperator, _ lhs: Expression, _ rhs: Expression) -> Expression {
    switch (op, lhs, rhs) {
    case (.equal, _, .value(.null)): return .isNull(lhs, negated: false)
    case (.equal, .value(.null), _): return .isNull(rhs, negated: false)
    case (.notEqual, _, .value(.null)): return .isNull(lhs, negated: true)
    case (.notEqual, .value(.null), _): return .isNull(rhs, negated: true)
    default: return .binary(op, lhs, rhs)
    }
}

/// `lhs = rhs` (`IS NULL` when one side is nil or NULL). A column or expression on the left; a column, an expression or a value on the right.
public func == <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.equal, lhs.expression, rhs.expression)
}

/// `lhs = rhs` (`IS NULL` when one side is nil or NULL). A Swift value on the left, a column or expression on the right.
public func == <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.equal, lhs.expression, rhs.expression)
}

/// `lhs <> rhs` (`IS NOT NULL` when one side is nil or NULL). A column or expression on the left; a column, an expression or a value on the right.
public func != <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.notEqual, lhs.expression, rhs.expression)
}

/// `lhs <> rhs` (`IS NOT NULL` when one side is nil or NULL). A Swift value on the left, a column or expression on the right.
public func != <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.notEqual, lhs.expression, rhs.expression)
}

/// `lhs < rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func < <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.less, lhs.expression, rhs.expression)
}

/// `lhs < rhs`. A Swift value on the left, a column or expression on the right.
public func < <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.less, lhs.expression, rhs.expression)
}

/// `lhs <= rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func <= <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.lessOrEqual, lhs.expression, rhs.expression)
}

/// `lhs <= rhs`. A Swift value on the left, a column or expression on the right.
public func <= <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.lessOrEqual, lhs.expression, rhs.expression)
}

/// `lhs > rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func > <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.greater, lhs.expression, rhs.expression)
}

/// `lhs > rhs`. A Swift value on the left, a column or expression on the right.
public func > <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.greater, lhs.expression, rhs.expression)
}

/// `lhs >= rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func >= <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.greaterOrEqual, lhs.expression, rhs.expression)
}

/// `lhs >= rhs`. A Swift value on the left, a column or expression on the right.
public func >= <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.greaterOrEqual, lhs.expression, rhs.expression)
}

/// `lhs + rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func + <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.add, lhs.expression, rhs.expression)
}

/// `lhs + rhs`. A Swift value on the left, a column or expression on the right.
public func + <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.add, lhs.expression, rhs.expression)
}

/// `lhs - rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func - <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.subtract, lhs.expression, rhs.expression)
}

/// `lhs - rhs`. A Swift value on the left, a column or expression on the right.
public func - <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.subtract, lhs.expression, rhs.expression)
}

/// `lhs * rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func * <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.multiply, lhs.expression, rhs.expression)
}

/// `lhs * rhs`. A Swift value on the left, a column or expression on the right.
public func * <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.multiply, lhs.expression, rhs.expression)
}

/// `lhs / rhs`. A column or expression on the left; a column, an expression or a value on the right.
public func / <L: SQLSpecificExpressible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.divide, lhs.expression, rhs.expression)
}

/// `lhs / rhs`. A Swift value on the left, a column or expression on the right.
public func / <L: SQLValueExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.divide, lhs.expression, rhs.expression)
}

/// `lhs AND rhs`: columns or expressions (conditions) on both sides.
public func && <L: SQLSpecificExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.and, lhs.expression, rhs.expression)
}

/// `lhs OR rhs`: columns or expressions (conditions) on both sides.
public func || <L: SQLSpecificExpressible, R: SQLSpecificExpressible>(lhs: L, rhs: R) -> Expression {
    makeBinary(.or, lhs.expression, rhs.expression)
}

/// `isEmpty == false`: booleans compare as SQLite stores them, 1 and 0.
public func == <L: SQLSpecificExpressible>(lhs: L, rhs: Bool) -> Expression {
    .binary(.equal, lhs.expression, .value(.integer(rhs ? 1 : 0)))
}

/// `isEmpty != true`: booleans compare as SQLite stores them, 1 and 0.
public func != <L: SQLSpecificExpressible>(lhs: L, rhs: Bool) -> Expression {
    .binary(.notEqual, lhs.expression, .value(.integer(rhs ? 1 : 0)))
}

/// `x == nil` is `x IS NULL`.
public func == <L: SQLSpecificExpressible>(lhs: L, rhs: _OptionalNilComparisonType) -> Expression {
    .isNull(lhs.expression, negated: false)
}

/// `x != nil` is `x IS NOT NULL`.
public func != <L: SQLSpecificExpressible>(lhs: L, rhs: _OptionalNilComparisonType) -> Expression {
    .isNull(lhs.expression, negated: true)
}

/// `NOT operand`.
public prefix func ! <T: SQLSpecificExpressible>(operand: T) -> Expression {
    .unary(.not, operand.expression)
}

/// `-operand`.
public prefix func - <T: SQLSpecificExpressible>(operand: T) -> Expression {
    .unary(.negate, operand.expression)
}

/// `IFNULL(lhs, rhs)`. Keeps an aggregate's default name (`minPlayerScore`).
public func ?? (lhs: Expression, rhs: ExpressionConvertible) -> Expression {
    .function("IFNULL", [lhs, rhs.expression])
}

extension ExpressionConvertible {
    /// `self LIKE pattern`.
    public func like(_ pattern: ExpressionConvertible) -> Expression {
        .binary(.like, expression, pattern.expression)
    }

    /// `self IN (values…)`.
    public func `in`(_ values: [ExpressionConvertible]) -> Expression {
        .inList(expression, values.map(\.expression), negated: false)
    }

    /// `x COLLATE NOCASE`: the expression compared and ordered with `collation`:
    ///
    ///     Column("name").collating(.nocase) == "alice"   // "name" COLLATE NOCASE = ?
    ///     book.order(Column("title").collating(.nocase))  // ORDER BY "title" COLLATE NOCASE
    public func collating(_ collation: Collation) -> Expression {
        .collated(expression, collation)
    }

    /// `self IS NULL`.
    public var isNull: Expression { .isNull(expression, negated: false) }
    /// `self IS NOT NULL`.
    public var isNotNull: Expression { .isNull(expression, negated: true) }
}

extension Expression {
    /// Adds the lower-cased names of the aliases this expression refers to.
    func collectAliases(into aliases: inout Set<String>) {
        switch self {
        case .aliasedColumn(let alias, _): aliases.insert(alias.lowercased())
        case .unary(_, let e), .isNull(let e, _), .named(let e, _), .collated(let e, _): e.collectAliases(into: &aliases)
        case .binary(_, let l, let r):
            l.collectAliases(into: &aliases)
            r.collectAliases(into: &aliases)
        case .inList(let e, let list, _):
            e.collectAliases(into: &aliases)
            for item in list { item.collectAliases(into: &aliases) }
        case .function(_, let arguments):
            for argument in arguments { argument.collectAliases(into: &aliases) }
        case .aggregate(let aggregate): aggregate.argument?.collectAliases(into: &aliases)
        case .column, .value, .sql: break
        }
    }
}
