/// What to run instead of a `PRAGMA`, which own SQL refuses: the same rows through the pragma's
/// table-valued function (`PRAGMA table_info(Track)` → `SELECT * FROM pragma_table_info('Track')`).
enum PragmaHint {
    /// The hint for `sql` when it is a PRAGMA: the equivalent query for one that reads, a word on
    /// the read-only file for one that sets a value; nil for other statements.
    static func hint(for sql: String) -> String? {
        guard SQLText.leadingKeyword(sql) == "PRAGMA" else { return nil }
        let scalars = Array(sql.unicodeScalars)
        var index = SQLText.skipBlanks(scalars, from: 0) + "PRAGMA".count
        index = SQLText.skipBlanks(scalars, from: index)
        // `schema.name` or `name`: letters, digits, `_` and one `.`.
        var name = ""
        while index < scalars.count, scalars[index].isASCII,
            scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || scalars[index] == "_"
                || scalars[index] == "."
        {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard let pragma = parts.last, !pragma.isEmpty, parts.count <= 2 else { return nil }
        let schema = parts.count == 2 ? String(parts[0]) : nil
        index = SQLText.skipBlanks(scalars, from: index)
        if index < scalars.count, scalars[index] == "=" {
            return "a PRAGMA that sets a value never runs here: the file is opened read-only"
        }
        var arguments: [String] = []
        if index < scalars.count, scalars[index] == "(" {
            guard let close = scalars[index...].firstIndex(of: ")") else { return nil }
            let argument = String(String.UnicodeScalarView(scalars[(index + 1)..<close])).trimmingWhitespace()
            if !argument.isEmpty { arguments.append(literal(argument)) }
        }
        if let schema { arguments.append(literal(schema)) }
        let call = "pragma_" + pragma.lowercased() + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
        return "its rows, as a query: SELECT * FROM " + call
    }

    /// A PRAGMA's argument as an SQL literal: a quoted one as it is, a number as it is, a name quoted.
    static func literal(_ argument: String) -> String {
        if let first = argument.first, first == "'" { return argument }
        if let first = argument.first, first == "\"" || first == "`" || first == "[" {
            return "'" + argument.dropFirst().dropLast().replacing("'", with: "''") + "'"
        }
        if Int64(argument) != nil { return argument }
        return "'" + argument.replacing("'", with: "''") + "'"
    }
}
