/// The one map between the request language's operators and aggregate functions and the
/// engine's: `RequestBuilder` reads it one way (text to `Expression`), `RequestSyntax+Request`
/// the other (`Expression` back to text).
extension BinaryOperator {
    /// The engine's operator; nil for `??`, which the engine writes as `IFNULL(a, b)`.
    var engineOperator: Expression.BinaryOperator? {
        switch self {
        case .or: return .or
        case .and: return .and
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessOrEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterOrEqual: return .greaterOrEqual
        case .ifNull: return nil
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .remainder: return .remainder
        }
    }

    /// The language's operator for the engine's `op`; nil for those the language writes another
    /// way (`LIKE`, `IS`).
    init?(engineOperator op: Expression.BinaryOperator) {
        guard let match = Self.allCases.first(where: { $0.engineOperator == op }) else { return nil }
        self = match
    }
}

extension AggregateFunction {
    /// The engine's aggregate function.
    var engineFunction: Aggregate.Function {
        switch self {
        case .count: return .count
        case .isEmpty: return .isEmpty
        case .min: return .min
        case .max: return .max
        case .average: return .average
        case .sum: return .sum
        case .total: return .total
        }
    }

    /// The language's function for the engine's `function`.
    init?(engineFunction function: Aggregate.Function) {
        guard let match = Self.allCases.first(where: { $0.engineFunction == function }) else { return nil }
        self = match
    }
}
