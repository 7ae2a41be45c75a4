/// A fetched row, split into scopes: the root table's columns, then one scope per included
/// association, nested as the request was (`book` → `author` → `country`).
public struct Row: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// This scope's column names, in SELECT order (duplicates kept).
    public let columnNames: [String]
    /// This scope's values, parallel to `columnNames`.
    public let values: [DatabaseValue]
    /// Nested scopes, in request order.
    public internal(set) var scopes: [(key: String, row: Row)]
    /// Rows of `including(all:)` associations, by key.
    public internal(set) var prefetched: [(key: String, rows: [Row])]
    /// What record decoding knows about the rows of the fetch this row comes from, when it is
    /// handed to `FetchableRecord.init(row:)` by `fetchAll`/`fetchOne` (nil otherwise).
    var decodingContext: DecodingContext?
    /// The full lengths of the values a preview read cut, by index (`cutLength(at:)`).
    package var cutLengths: [Int: Int] = [:]

    /// A row of `columnNames` and `values`, with its scopes (joined associations) and prefetched rows.
    package init(
        columnNames: [String], values: [DatabaseValue], scopes: [(key: String, row: Row)] = [],
        prefetched: [(key: String, rows: [Row])] = []
    ) {
        self.columnNames = columnNames
        self.values = values
        self.scopes = scopes
        self.prefetched = prefetched
    }

    /// The value of the first column named `name` (case-insensitive), or nil if there is none.
    public subscript(_ name: String) -> DatabaseValue? {
        if let index = columnNames.firstIndex(of: name) { return values[index] }
        let lowered = name.lowercased()
        guard let index = columnNames.firstIndex(where: { $0.lowercased() == lowered }) else { return nil }
        return values[index]
    }

    /// The direct scope named `key`, or nil when absent or when all its values (nested scopes
    /// included) are NULL: an optional association without a match.
    public func scope(_ key: String) -> Row? {
        guard let row = scopes.first(where: { $0.key == key })?.row, row.containsNonNullValue else { return nil }
        return row
    }

    /// The scope named `key` searched breadth-first through nested scopes, nearest first.
    public func scopeTree(_ key: String) -> Row? {
        anyScope(key).flatMap { $0.containsNonNullValue ? $0 : nil }
    }

    /// The rows prefetched under `key`, searched breadth-first through nested scopes.
    public func prefetchedRows(_ key: String) -> [Row]? {
        for row in breadthFirstScopes {
            if let found = row.prefetched.first(where: { $0.key == key }) { return found.rows }
        }
        return nil
    }

    /// True when a value of this scope or of a nested scope is not NULL.
    @usableFromInline var containsNonNullValue: Bool {
        values.contains { !$0.isNull } || scopes.contains { $0.row.containsNonNullValue }
    }

    /// All values of the row in SELECT order: this scope's, then its scopes', depth-first.
    var unadaptedValues: [(name: String, value: DatabaseValue)] {
        Array(zip(columnNames, values)).map { (name: $0.0, value: $0.1) }
            + scopes.flatMap { $0.row.unadaptedValues }
    }

    /// `[id:1 name:"Alice"]`
    public var description: String {
        "["
            + zip(columnNames, values).enumerated().map { index, item in
                // A blob read cut (a preview) by its full size.
                if case .blob(let bytes) = item.1, let full = cutLength(at: index) {
                    return "\(item.0):Data(\(full < 0 ? "more than \(bytes.count)" : String(full)) bytes)"
                }
                return "\(item.0):\(item.1)"
            }.joined(separator: " ") + "]"
    }

    /// The row and its scopes as a tree, in the style of GRDB's `Row.debugDescription`:
    /// ```
    /// ▿ [id:1 title:"B1"]
    ///   unadapted: [id:1 title:"B1" id:1 name:"Alice"]
    ///   - author: [id:1 name:"Alice"]
    ///   + awards: 2 rows
    /// ```
    public var debugDescription: String {
        if scopes.isEmpty && prefetched.isEmpty { return description }
        var lines = ["▿ " + description]
        if !scopes.isEmpty {
            lines.append("  unadapted: [" + unadaptedValues.map { "\($0.name):\($0.value)" }.joined(separator: " ") + "]")
        }
        appendTree(of: self, indent: "  ", to: &lines)
        return lines.joined(separator: "\n")
    }

    private func appendTree(of row: Row, indent: String, to lines: inout [String]) {
        for (key, scope) in row.scopes.sorted(by: { $0.key < $1.key }) {
            lines.append(indent + "- " + key + ": " + scope.description)
            appendTree(of: scope, indent: indent + "  ", to: &lines)
        }
        for (key, rows) in row.allPrefetchedKeys().map({ ($0, row.prefetchedRows($0) ?? []) }) {
            lines.append(indent + "+ " + key + ": " + (rows.count == 1 ? "1 row" : rows.isEmpty ? "0 row" : "\(rows.count) rows"))
        }
    }

    /// Prefetch keys of this row and its nested scopes, sorted.
    func allPrefetchedKeys() -> [String] {
        var keys = Set(prefetched.map(\.key))
        for scope in scopes { keys.formUnion(scope.row.allPrefetchedKeys()) }
        return keys.sorted()
    }
}
