/// The group number of each distinct prefetch key. Single integer and text keys (the usual
/// primary and foreign keys) are hashed as plain `Int64`s and `String`s until another kind of
/// key shows up; lookups answer exactly as a dictionary keyed by `PrefetchKey` would.
struct PrefetchGroups {
    private var integers: [Int64: Int] = [:]
    private var texts: [String: Int] = [:]
    private var others: [PrefetchKey: Int]?
    /// The most keys expected (the parent rows): reserved by the first key, so that the table
    /// does not grow key by key.
    private let capacity: Int

    init(capacity: Int = 0) {
        self.capacity = capacity
    }

    func group(of key: PrefetchKey) -> Int? {
        if let others { return others[key] }
        switch key {
        case .single(.integer(let value)): return integers[value]
        case .single(.text(let value)): return texts[value]
        default: return nil
        }
    }

    mutating func insert(_ key: PrefetchKey, group: Int) {
        if others == nil {
            switch key {
            case .single(.integer(let value)):
                if integers.isEmpty { integers.reserveCapacity(capacity) }
                integers[value] = group
                return
            case .single(.text(let value)):
                if texts.isEmpty { texts.reserveCapacity(capacity) }
                texts[value] = group
                return
            default:
                break
            }
            var all: [PrefetchKey: Int] = [:]
            all.reserveCapacity(integers.count + texts.count + 1)
            for (value, number) in integers { all[.single(.integer(value))] = number }
            for (value, number) in texts { all[.single(.text(value))] = number }
            integers = [:]
            texts = [:]
            others = all
        }
        others?[key] = group
    }
}

/// The key of a parent row in a prefetch: one value (the usual case, hashed without an array)
/// or several for composite keys.
enum PrefetchKey: Hashable, Sendable {
    case single(DatabaseValue)
    case composite([DatabaseValue])

    init(_ values: [DatabaseValue]) {
        if values.count == 1, let value = values.first { self = .single(value) } else { self = .composite(values) }
    }

    var values: [DatabaseValue] {
        switch self {
        case .single(let value): return [value]
        case .composite(let values): return values
        }
    }

    /// The first value (the only one of a single-column key); NULL for an empty key.
    var first: DatabaseValue {
        switch self {
        case .single(let value): return value
        case .composite(let values): return values.first ?? .null
        }
    }

    var containsBlob: Bool {
        func isBlob(_ value: DatabaseValue) -> Bool { if case .blob = value { return true } else { return false } }
        switch self {
        case .single(let value): return isBlob(value)
        case .composite(let values): return values.contains(where: isBlob)
        }
    }

    /// SQLite's order of the values, column by column (`DatabaseValue.sqliteOrder`).
    static func sqliteOrder(_ lhs: PrefetchKey, _ rhs: PrefetchKey) -> Bool {
        switch (lhs, rhs) {
        case (.single(let a), .single(let b)):
            return DatabaseValue.sqliteOrder(a, b)
        default:
            for (a, b) in zip(lhs.values, rhs.values) {
                if DatabaseValue.sqliteOrder(a, b) { return true }
                if DatabaseValue.sqliteOrder(b, a) { return false }
            }
            return false
        }
    }
}

extension PrefetchKey {
    /// Distinct keys in SQLite's order (`sqliteOrder`). The usual keys are sorted without comparing
    /// enums: integers as `Int64`s, then ASCII text as strings (whose order is then the order of
    /// their bytes, as SQLite's); any other key sorts them all by `sqliteOrder`.
    static func sortedInSQLiteOrder(_ keys: [PrefetchKey]) -> [PrefetchKey] {
        var integers: [Int64] = []
        var texts: [String] = []
        for key in keys {
            switch key {
            case .single(.integer(let value)): integers.append(value)
            case .single(.text(let value)) where value.utf8.allSatisfy({ $0 < 0x80 }): texts.append(value)
            default: return keys.sorted(by: sqliteOrder)
            }
        }
        var sorted: [PrefetchKey] = []
        sorted.reserveCapacity(keys.count)
        for value in integers.sorted() { sorted.append(.single(.integer(value))) }
        for value in texts.sorted() { sorted.append(.single(.text(value))) }
        return sorted
    }
}
