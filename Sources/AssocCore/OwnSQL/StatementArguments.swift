/// Values for the parameters of a user's own SQL statement (`Database.request(sql:arguments:)`),
/// always bound, never written into the SQL text:
///
/// - positional, for `?` and `?NNN`: `[1, "x"]` gives parameter 1 the value 1, parameter 2 `"x"`;
/// - named, for `:name`, `@name` and `$name`: `[":id": 1]`, or `["id": 1]` for any of the three.
///
/// A count that differs from the statement's parameters, a missing or unused name, or names
/// given to a statement with a lone `?` throws an error saying which.
public struct StatementArguments: Sendable, Hashable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Positional values: the first for parameter 1 (`?` or `?1`), and so on.
    public var values: [DatabaseValue]
    /// Named values, by name with or without its `:`, `@` or `$`.
    public var namedValues: [String: DatabaseValue]

    /// Positional arguments, in parameter order.
    public init(_ values: [DatabaseValue] = []) {
        self.values = values
        self.namedValues = [:]
    }

    /// Named arguments: `StatementArguments(named: [":id": 1])`.
    public init(named values: [String: DatabaseValue]) {
        self.values = []
        self.namedValues = values
    }

    /// `[1, "x", nil]`: positional arguments.
    public init(arrayLiteral elements: DatabaseValue...) {
        self.init(elements)
    }

    /// `[":id": 1, "name": "x"]`: named arguments.
    public init(dictionaryLiteral elements: (String, DatabaseValue)...) {
        self.init(named: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// No arguments.
    public var isEmpty: Bool { values.isEmpty && namedValues.isEmpty }

    /// The value of each parameter in text order, for a statement whose parameters are
    /// `occurrences` (their text as written, in order) and which SQLite numbers through
    /// `statement`; throws `refuse(reason)` on any mismatch.
    func values(
        for occurrences: [String], of statement: Statement, refuse: (String) -> AssocError
    ) throws -> [DatabaseValue] {
        let count = statement.parameterCount
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        guard namedValues.isEmpty || values.isEmpty else {
            throw refuse("arguments are either positional ([1, \"x\"]) or named ([\":id\": 1]), not both")
        }
        var byIndex: [Int: DatabaseValue] = [:]
        if !namedValues.isEmpty {
            var used: Set<String> = []
            for number in (0..<count).map({ $0 + 1 }) {
                guard let name = statement.parameterName(at: number), let prefix = name.first, prefix != "?" else {
                    throw refuse(
                        "parameter \(number) of the statement, \(statement.parameterName(at: number) ?? "?"), has no name, "
                            + "so named arguments cannot reach it: give positional arguments ([1, \"x\"])")
                }
                let bare = String(name.dropFirst())
                guard let key = [name, bare].first(where: { namedValues[$0] != nil }), let value = namedValues[key] else {
                    throw refuse("no argument for the parameter \(name) (give it one: [\"\(name)\": value], or --arg \(name)=value)")
                }
                used.insert(key)
                byIndex[number] = value
            }
            let unused = namedValues.keys.filter { !used.contains($0) }.sorted()
            guard unused.isEmpty else {
                throw refuse(
                    "the statement has no parameter named \(unused.map { quoteForMessage($0) }.joined(separator: ", "))"
                        + (count == 0 ? " (it has no parameters)" : ""))
            }
        } else {
            guard values.count == count else {
                throw refuse(
                    "the statement has \(plural(count, "parameter")) and \(plural(values.count, "argument")) "
                        + "\(values.count == 1 ? "was" : "were") given")
            }
            for (offset, value) in values.enumerated() { byIndex[offset + 1] = value }
        }
        // Each occurrence in text order: a lone `?` is one past the largest index so far.
        var largest = 0
        var ordered: [DatabaseValue] = []
        for text in occurrences {
            let index = text == "?" ? largest + 1 : (statement.parameterIndex(of: text) ?? 0)
            guard let value = byIndex[index] else {
                throw refuse("SQLite does not number the parameter \(text) as expected")
            }
            largest = max(largest, index)
            ordered.append(value)
        }
        return ordered
    }
}
