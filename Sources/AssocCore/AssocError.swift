/// Every error AssocCore throws about requests, associations and row decoding.
/// Each message names the table, column, association or key at fault and, when it can, the fix.
public struct AssocError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        case unknownTable, unknownColumn, unknownAssociation, ambiguousKey, ambiguousAlias, unknownAlias
        case invalidAssociation, invalidRequest, keyCollision, scopeNotFound, emptySelection
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    static func unknownTable(_ name: String, in schema: Schema) -> AssocError {
        let suggestions = closestNames(to: name, among: schema.tables.map(\.name))
        return AssocError(.unknownTable, "no such table: \(quoteForMessage(name))" + didYouMean(suggestions))
    }

    static func unknownAssociation(_ name: String, from table: String, among names: [String]) -> AssocError {
        let suggestions = closestNames(to: name, among: names)
        var message = "table \(quoteForMessage(table)) has no association named \(quoteForMessage(name))"
        if suggestions.isEmpty && !names.isEmpty {
            message += " (its associations: \(names.sorted().joined(separator: ", ")))"
        } else {
            message += didYouMean(suggestions)
        }
        return AssocError(.unknownAssociation, message)
    }

    static func unknownColumn(_ name: String, in table: TableInfo) -> AssocError {
        let suggestions = closestNames(to: name, among: table.columns.map(\.name))
        return AssocError(
            .unknownColumn,
            "table \(quoteForMessage(table.name)) has no column named \(quoteForMessage(name))" + didYouMean(suggestions))
    }
}

func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    return " (did you mean " + suggestions.map { quoteForMessage($0) }.joined(separator: " or ") + "?)"
}

/// Up to three names close to `name` (case-insensitive edit distance), best first.
public func closestNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let target = Array(name.lowercased())
    let scored = candidates.map { candidate -> (String, Int) in
        let distance = editDistance(target, Array(candidate.lowercased()))
        return (candidate, distance)
    }
    let threshold = max(2, target.count / 3)
    return scored
        .filter { $0.1 <= threshold || $0.0.lowercased().hasPrefix(name.lowercased()) && !name.isEmpty }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .prefix(limit)
        .map(\.0)
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for (i, ca) in a.enumerated() {
        current[0] = i + 1
        for (j, cb) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
