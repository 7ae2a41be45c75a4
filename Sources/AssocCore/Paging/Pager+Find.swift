extension Pager {
    /// The index of the first row after row `index` (the last one before it when `backward`) for
    /// which `condition` holds, counted as `page(at:size:)` counts; nil when there is none. With
    /// the statement that looked, for the user to see what it cost.
    ///
    /// Works on any pager, keyset or OFFSET: SQLite numbers the rows of the totally ordered
    /// request past `index` with `row_number()` and stops at the first match, so it reads every row
    /// in between (all the rows before `index`, backward): a scan, not an index seek.
    public func firstRow(
        where condition: Expression, after index: Int, backward: Bool = false
    ) throws -> (index: Int?, statement: GeneratedStatement) {
        let window = RequestWindow(request)
        let start = backward ? 0 : max(0, index + 1)
        let count = backward ? window.clamp(max(0, index), at: 0) : window.length.map { max(0, $0 - start) } ?? -1
        var ordered = window.unlimited.orderedTotally()
        // A name no column of the rows has (SQLite would read the first column of a name).
        let taken = Set(db.resultColumnNames(of: ordered).map { $0.lowercased() })
        var name = "assoc_find_match"
        while taken.contains(name) { name += "_" }
        ordered.hiddenValues.append(HiddenValue(role: .findMatch(name: name), expression: condition))
        let inner = try db.mainStatement(for: ordered.limit(count, offset: window.start + start))
        // The OFFSET keeps SQLite from flattening the ordered rows into the numbering query: they
        // come to `row_number()` in the request's order.
        let statement = GeneratedStatement(
            sql: "SELECT \"n\" FROM (SELECT row_number() OVER () AS \"n\", " + quoteIdentifier(name)
                + " AS \"m\" FROM (" + inner.sql + ")) WHERE \"m\"" + (backward ? " ORDER BY \"n\" DESC" : "") + " LIMIT 1",
            arguments: inner.arguments)
        guard count != 0 else { return (nil, statement) }
        let found = try db.run(statement)
        guard case .integer(let number)? = found.values.first?.first else { return (nil, statement) }
        return (start + Int(number) - 1, statement)
    }
}
