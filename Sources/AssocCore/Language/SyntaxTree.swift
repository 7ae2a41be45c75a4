/// Where a syntax node came from in the request text, as UTF-8 byte offsets.
///
/// Ignored by `==` and hashing: two trees that differ only in spelling or spacing
/// (`a==1` versus `a = 1`) compare equal, which is what round-trip checks need.
package struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// UTF-8 byte offsets into the parsed text.
    package var utf8Offsets: Range<Int>

    package init(_ utf8Offsets: Range<Int>) { self.utf8Offsets = utf8Offsets }

    /// The range of nodes built by hand rather than parsed.
    package static let unknown = SourceRange(0..<0)

    package static func == (lhs: SourceRange, rhs: SourceRange) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
    package var description: String { "\(utf8Offsets.lowerBound)..<\(utf8Offsets.upperBound)" }
}

/// A parsed request: `table.method(...).method(...)`.
package struct RequestSyntax: Hashable, Sendable {
    /// The table name, unquoted.
    package var table: String
    package var methods: [MethodSyntax]
    /// Range of the table name.
    package var range: SourceRange

    package init(table: String, methods: [MethodSyntax] = [], range: SourceRange = .unknown) {
        self.table = table
        self.methods = methods
        self.range = range
    }
}

/// An association argument: `books.filter(...).forKey("x")`.
package struct AssociationSyntax: Hashable, Sendable {
    /// The association name, unquoted.
    package var name: String
    package var methods: [MethodSyntax]
    /// Range of the association name.
    package var range: SourceRange

    package init(name: String, methods: [MethodSyntax] = [], range: SourceRange = .unknown) {
        self.name = name
        self.methods = methods
        self.range = range
    }
}

/// How `including(...)` joins and loads an association.
package enum IncludingMode: String, Hashable, Sendable {
    case required, optional, all
}

/// How `joining(...)` joins an association.
package enum JoiningMode: String, Hashable, Sendable {
    case required, optional
}

/// One method call of a request or association.
package enum MethodSyntax: Hashable, Sendable {
    case including(IncludingMode, AssociationSyntax)
    case joining(JoiningMode, AssociationSyntax)
    case filter(ExpressionSyntax)
    case order([OrderingSyntax])
    case select([SelectionSyntax])
    /// `limit(n)` or `limit(n, offset: m)`; both non-negative.
    case limit(Int, offset: Int?)
    case distinct
    case forKey(String)
    case aliased(String)
    case annotated([ExpressionSyntax])
    case having(ExpressionSyntax)
    /// `request(for: association)`: the records the association reaches from the rows so far,
    /// each once; later methods refine those records.
    case requestFor(AssociationSyntax)
    /// `filter(key: 1)`, `filter(key: [a: 1, b: 2])` (a composite key), `filter(keys: [1, 2])`:
    /// rows by primary key (`plural`: the `keys:` form).
    case filterKey([KeySyntax], plural: Bool)

    /// The method name as written in requests.
    package var name: String {
        switch self {
        case .including: "including"
        case .joining: "joining"
        case .filter: "filter"
        case .order: "order"
        case .select: "select"
        case .limit: "limit"
        case .distinct: "distinct"
        case .forKey: "forKey"
        case .aliased: "aliased"
        case .annotated: "annotated"
        case .having: "having"
        case .requestFor: "request"
        case .filterKey: "filter"
        }
    }
}

/// One primary key value of `filter(key:)`: a value for a one-column key, or each column's value.
package enum KeySyntax: Hashable, Sendable {
    case value(ExpressionSyntax)
    case columns([KeyColumnSyntax])
}

/// `column: value` in a composite key.
package struct KeyColumnSyntax: Hashable, Sendable {
    package var column: String
    package var value: ExpressionSyntax

    package init(column: String, value: ExpressionSyntax) {
        self.column = column
        self.value = value
    }
}

/// One term of `order(...)`.
package struct OrderingSyntax: Hashable, Sendable {
    package enum Direction: Hashable, Sendable { case ascending, descending }
    package var expression: ExpressionSyntax
    package var direction: Direction

    package init(_ expression: ExpressionSyntax, _ direction: Direction = .ascending) {
        self.expression = expression
        self.direction = direction
    }
}

/// One item of `select(...)`: `*` or an expression (possibly `.forKey("name")`).
package enum SelectionSyntax: Hashable, Sendable {
    case allColumns
    case expression(ExpressionSyntax)
}

/// A literal value.
package enum LiteralSyntax: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case bool(Bool)
    case null
}

/// Aggregate functions usable on an association: `books.count`, `books.max(year)`.
package enum AggregateFunction: String, Hashable, Sendable, CaseIterable {
    case count, isEmpty, min, max, average, sum, total

    /// Whether the function takes a parenthesized argument (`min(year)`) or none (`count`).
    package var takesArgument: Bool { self != .count && self != .isEmpty }
}

/// `association.function` or `association.function(argument)`.
package struct AggregateSyntax: Hashable, Sendable {
    package var association: AssociationSyntax
    package var function: AggregateFunction
    package var argument: ExpressionSyntax?

    package init(_ association: AssociationSyntax, _ function: AggregateFunction, _ argument: ExpressionSyntax? = nil) {
        self.association = association
        self.function = function
        self.argument = argument
    }
}

package enum UnaryOperator: Hashable, Sendable {
    /// `-x`
    case negate
    /// `NOT x` or `!x`
    case not
}

package enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case or = "OR"
    case and = "AND"
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// `a ?? b`, SQL `IFNULL(a, b)`.
    case ifNull = "??"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

/// An expression, with the range of text it was parsed from.
package struct ExpressionSyntax: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
        case literal(LiteralSyntax)
        /// A column, optionally qualified by a table alias: `p.price`.
        case column(String, qualifier: String?)
        case aggregate(AggregateSyntax)
        case unary(UnaryOperator, ExpressionSyntax)
        case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax)
        /// `x IS NULL`, or `x IS NOT NULL` when negated.
        case isNull(ExpressionSyntax, negated: Bool)
        /// `x IN (a, b)`, or `x NOT IN (...)` when negated.
        case inList(ExpressionSyntax, [ExpressionSyntax], negated: Bool)
        /// `x LIKE pattern`, or `x NOT LIKE pattern` when negated.
        case like(ExpressionSyntax, ExpressionSyntax, negated: Bool)
        /// `x BETWEEN a AND b`, or `x NOT BETWEEN a AND b` when negated.
        case between(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax, negated: Bool)
        /// `x.forKey("name")`: names a selected or annotated value.
        case forKey(ExpressionSyntax, String)
        /// `x.collating(nocase)`: compared and ordered with a collation (its canonical name).
        case collating(ExpressionSyntax, String)
        /// `sql: 'length(Name) > ?', arguments: [10]`: an SQL snippet standing for one expression
        /// (only as the whole argument of `filter`, `having`, `order` and `select`).
        case sql(String, arguments: [LiteralSyntax])
    }

    package var kind: Kind
    package var range: SourceRange
    /// Depth of the tree (1 for a leaf); lets the parser refuse trees too deep to walk safely.
    package let depth: Int

    package init(_ kind: Kind, range: SourceRange = .unknown) {
        self.kind = kind
        self.range = range
        self.depth = 1 + kind.childDepth
    }
}

extension ExpressionSyntax.Kind {
    var childDepth: Int {
        switch self {
        case .literal, .column, .sql: 0
        case .aggregate(let a): Swift.max(a.argument?.depth ?? 0, a.association.depth)
        case .unary(_, let e), .isNull(let e, _), .forKey(let e, _), .collating(let e, _): e.depth
        case .binary(_, let l, let r), .like(let l, let r, _): Swift.max(l.depth, r.depth)
        case .inList(let e, let list, _): list.reduce(e.depth) { Swift.max($0, $1.depth) }
        case .between(let e, let a, let b, _): Swift.max(e.depth, a.depth, b.depth)
        }
    }
}

// Conveniences for building trees by hand (tests, tools).
extension ExpressionSyntax {
    package static func column(_ name: String, qualifier: String? = nil) -> ExpressionSyntax {
        ExpressionSyntax(.column(name, qualifier: qualifier))
    }
    package static func literal(_ value: LiteralSyntax) -> ExpressionSyntax { ExpressionSyntax(.literal(value)) }
    package static func integer(_ value: Int64) -> ExpressionSyntax { literal(.integer(value)) }
    package static func text(_ value: String) -> ExpressionSyntax { literal(.text(value)) }
    package static func aggregate(_ association: String, _ function: AggregateFunction, _ argument: ExpressionSyntax? = nil) -> ExpressionSyntax {
        ExpressionSyntax(.aggregate(AggregateSyntax(AssociationSyntax(name: association), function, argument)))
    }
    package static func binary(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax) -> ExpressionSyntax {
        ExpressionSyntax(.binary(op, lhs, rhs))
    }
    package static func unary(_ op: UnaryOperator, _ operand: ExpressionSyntax) -> ExpressionSyntax {
        ExpressionSyntax(.unary(op, operand))
    }
    package func forKey(_ key: String) -> ExpressionSyntax { ExpressionSyntax(.forKey(self, key)) }
}

extension AssociationSyntax {
    /// Depth of the expressions inside (an aggregate on a filtered association nests them in its expression).
    var depth: Int { methods.reduce(0) { Swift.max($0, $1.depth) } }
}

extension MethodSyntax {
    var depth: Int {
        switch self {
        case .including(_, let a): a.depth + 1
        case .joining(_, let a), .requestFor(let a): a.depth + 1
        case .filter(let e), .having(let e): e.depth
        case .filterKey(let keys, _):
            keys.reduce(0) { deepest, key in
                switch key {
                case .value(let e): return Swift.max(deepest, e.depth)
                case .columns(let columns): return columns.reduce(deepest) { Swift.max($0, $1.value.depth) }
                }
            }
        case .order(let terms): terms.reduce(0) { Swift.max($0, $1.expression.depth) }
        case .select(let items):
            items.reduce(0) {
                if case .expression(let e) = $1 { return Swift.max($0, e.depth) }
                return $0
            }
        case .annotated(let items): items.reduce(0) { Swift.max($0, $1.depth) }
        case .limit, .distinct, .forKey, .aliased: 0
        }
    }
}
