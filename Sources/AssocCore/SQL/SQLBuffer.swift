/// A text buffer for one SQL statement: its text and the values bound to its `?` placeholders,
/// in text order.
struct SQLBuffer {
    var sql = ""
    var arguments: [DatabaseValue] = []

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

    /// The conditions, joined by `AND`.
    func write(to w: inout SQLBuffer) throws {
        for (index, term) in terms.enumerated() {
            if index > 0 { w.append(" AND ") }
            try term(&w, terms.count > 1)
        }
    }
}

/// Writes identifiers between double quotes, doubling embedded quotes: the only way a name
/// ever enters SQL.
package func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
}
