/// A text buffer for one SQL statement: its text and the values bound to its `?` placeholders,
/// in text order.
struct SQLBuffer {
    var sql = ""
    var arguments: [DatabaseValue] = []
    /// How deep the expression being written nests: past SQLite's limit the request is refused
    /// before it is written (and before a deep recursion could exhaust the stack).
    var expressionDepth = 0

    mutating func append(_ text: String) {
        sql += text
    }

    mutating func bind(_ value: DatabaseValue) {
        sql += "?"
        arguments.append(value)
    }
}

/// Conditions AND-ed in a WHERE or ON clause. Each is written by a closure told whether it has
/// company (`several`): then a compound condition is parenthesized.
struct SQLConjunction {
    private var terms: [(inout SQLBuffer, _ several: Bool) throws -> Void] = []

    var isEmpty: Bool { terms.isEmpty }

    mutating func add(_ term: @escaping (inout SQLBuffer, _ several: Bool) throws -> Void) {
        terms.append(term)
    }

    /// The conditions, joined by `AND`: flat when they are few, in balanced halves past
    /// `ExpressionPrinter.flatChainLimit` (SQLite nests a flat chain one level per term).
    func write(to w: inout SQLBuffer) throws {
        try write(terms[...], several: terms.count > 1, to: &w)
    }

    private func write(_ slice: ArraySlice<(inout SQLBuffer, _ several: Bool) throws -> Void>, several: Bool, to w: inout SQLBuffer) throws {
        guard slice.count > ExpressionPrinter.flatChainLimit else {
            for (index, term) in slice.enumerated() {
                if index > 0 { w.append(" AND ") }
                try term(&w, several)
            }
            return
        }
        let middle = slice.startIndex + slice.count / 2
        w.append("(")
        try write(slice[..<middle], several: several, to: &w)
        w.append(") AND (")
        try write(slice[middle...], several: several, to: &w)
        w.append(")")
    }
}

/// Writes identifiers between double quotes, doubling embedded quotes: the only way a name
/// ever enters SQL.
package func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
}
