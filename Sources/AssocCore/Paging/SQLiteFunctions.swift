/// What SQLite's functions promise about their results, as paging needs it.
enum SQLiteFunctions {
    /// SQLite's scalar functions that give the same result for the same arguments: a sort on
    /// them pages by keyset (each row's value selected as a `HiddenValue`).
    static let deterministic: Set<String> = [
        "abs", "char", "coalesce", "glob", "hex", "ifnull", "iif", "instr", "length", "like", "lower", "ltrim",
        "max", "min", "nullif", "octet_length", "printf", "format", "quote", "replace", "round", "rtrim", "sign",
        "substr", "substring", "trim", "typeof", "unicode", "upper", "unhex", "concat", "concat_ws"
    ]

    /// What makes an SQL snippet's value change from one read to the next.
    static let changingWords = ["random", "changes(", "last_insert_rowid", "'now'", "\"now\"", "current_"]

    /// Whether `name` called with `arguments` arguments is one of the `deterministic` scalar
    /// functions (one-argument min and max are aggregates).
    static func isDeterministicScalar(_ name: String, argumentCount: Int) -> Bool {
        let name = name.lowercased()
        if (name == "min" || name == "max") && argumentCount < 2 { return false }
        return deterministic.contains(name)
    }
}
