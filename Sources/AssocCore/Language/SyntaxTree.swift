/// Where a syntax node came from in the request text, as UTF-8 byte offsets.
///
/// Ignored by `==` and hashing: two trees that differ only in spelling or spacing
/// (`a==1` versus `a = 1`) compare equal, which is what round-trip checks need.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// UTF-8 byte offsets into the parsed text.
    public var utf8Offsets: Range<Int>

    public init(_ utf8Offsets: Range<Int>) { self.utf8Offsets = utf8Offsets }

    /// The range of nodes built by hand rather than parsed.
    public static let unknown = SourceRange(0..<0)

    public static func == (lhs: SourceRange, rhs: SourceRange) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
    public var description: String { "\(utf8Offsets.lowerBound)..<\(utf8Offsets.upperBound)" }
}

/// A parsed request: `table.method(...).method(...)`.
public struct RequestSyntax: Hashable, Sendable {
    /// The table name, unquoted.
    public var table: String
    public var methods: [MethodSyntax]
    /// Range of the table name.
    public var range: SourceRange

    public init(table: String, methods: [MethodSyntax] = [], range: SourceRange = .unknown) {
        self.table = table
        self.methods = methods
        self.range = range
    }
}

/// An association argument: `books.filter(...).forKey("x")`.
public struct AssociationSyntax: Hashable, Sendable {
    /// The association name, unquoted.
    public var name: String
    public var methods: [MethodSyntax]
    /// Range of the association name.
    public var range: SourceRange

    public init(name: String, methods: [MethodSyntax] = [], range: SourceRange = .unknown) {
        self.name = name
        self.methods = methods
        self.range = range
    }
}

/// How `including(...)` joins and loads an association.
public enum IncludingMode: String, Hashable, Sendable {
    case required, optional, all
}

/// How `joining(...)` joins an association.
public enum JoiningMode: String, Hashable, Sendable {
    case required, optional
}

/// One method call of a request or association.
public enum MethodSyntax: Hashable, Sendable {
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
    public var name: String {
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
public enum KeySyntax: Hashable, Sendable {
    case value(ExpressionSyntax)
    case columns([KeyColumnSyntax])
}

/// `column: value` in a composite key.
public struct KeyColumnSyntax: Hashable, Sendable {
    public var column: String
    public var value: ExpressionSyntax

    public init(column: String, value: ExpressionSyntax) {
        self.column = column
        self.value = value
    }
}

/// One term of `order(...)`.
public struct OrderingSyntax: Hashable, Sendable {
    public enum Direction: Hashable, Sendable { case ascending, descending }
    public var expression: ExpressionSyntax
    public var direction: Direction

    public init(_ expression: ExpressionSyntax, _ direction: Direction = .ascending) {
        self.expression = expression
        self.direction = direction
    }
}

/// One item of `select(...)`: `*` or an expression (possibly `.forKey("name")`).
public enum SelectionSyntax: Hashable, Sendable {
    case allColumns
    case expression(ExpressionSyntax)
}

/// A literal value.
public enum LiteralSyntax: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case bool(Bool)
    case null
}

/// Aggregate functions usable on an association: `books.count`, `books.max(year)`.
public enum AggregateFunction: String, Hashable, Sendable, CaseIterable {
    case count, isEmpty, min, max, average, sum, total

    /// Whether the function takes a parenthesized argument (`min(year)`) or none (`count`).
    public var takesArgument: Bool { self != .count && self != .isEmpty }
}

/// `association.function` or `association.function(argument)`.
public struct AggregateSyntax: Hashable, Sendable {
    public var association: AssociationSyntax
    public var function: AggregateFunction
    public var argument: ExpressionSyntax?

    public init(_ association: AssociationSyntax, _ function: AggregateFunction, _ argument: ExpressionSyntax? = nil) {
        self.association = association
        self.function = function
        self.argument = argument
    }
}

public enum UnaryOperator: Hashable, Sendable {
    /// `-x`
    case negate
    /// `NOT x` or `!x`
    case not
}

public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case or = "OR", and = "AND"
    case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    /// `a ?? b`, SQL `IFNULL(a, b)`.
    case ifNull = "??"
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

/// An expression, with the range of text it was parsed from.
public struct ExpressionSyntax: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
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
    }

    public var kind: Kind
    public var range: SourceRange
    /// Depth of the tree (1 for a leaf); lets the parser refuse trees too deep to walk safely.
    public let depth: Int

    public init(_ kind: Kind, range: SourceRange = .unknown) {
        self.kind = kind
        self.range = range
        self.depth = 1 + kind.childDepth
    }
}

extension ExpressionSyntax.Kind {
    var childDepth: Int {
        switch self {
        case .literal, .column: 0
        case .aggregate(let a): Swift.max(a.argument?.depth ?? 0, a.association.depth)
        case .unary(_, let e), .isNull(let e, _), .forKey(let e, _): e.depth
        case .binary(_, let l, let r), .like(let l, let r, _): Swift.max(l.depth, r.depth)
        case .inList(let e, let list, _): list.reduce(e.depth) { Swift.max($0, $1.depth) }
        case .between(let e, let a, let b, _): Swift.max(e.depth, a.depth, b.depth)
        }
    }
}

// Conveniences for building trees by hand (tests, tools).
extension ExpressionSyntax {
    public static func column(_ name: String, qualifier: String? = nil) -> ExpressionSyntax {
        ExpressionSyntax(.column(name, qualifier: qualifier))
    }
    public static func literal(_ value: LiteralSyntax) -> ExpressionSyntax { ExpressionSyntax(.literal(value)) }
    public static func integer(_ value: Int64) -> ExpressionSyntax { literal(.integer(value)) }
    public static func text(_ value: String) -> ExpressionSyntax { literal(.text(value)) }
    public static func aggregate(_ association: String, _ function: AggregateFunction, _ argument: ExpressionSyntax? = nil) -> ExpressionSyntax {
        ExpressionSyntax(.aggregate(AggregateSyntax(AssociationSyntax(name: association), function, argument)))
    }
    public static func binary(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax) -> ExpressionSyntax {
        ExpressionSyntax(.binary(op, lhs, rhs))
    }
    public static func unary(_ op: UnaryOperator, _ operand: ExpressionSyntax) -> ExpressionSyntax {
        ExpressionSyntax(.unary(op, operand))
    }
    public func forKey(_ key: String) -> ExpressionSyntax { ExpressionSyntax(.forKey(self, key)) }
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
