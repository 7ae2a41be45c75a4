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

/// Writes identifiers between double quotes, doubling embedded quotes: the only way a name
/// ever enters SQL.
package func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
}
