extension Pager {
    /// The index of the first row after row `index` (the last one before it when `backward`) for
    /// which `condition` holds, counted as `page(at:size:)` counts; nil when there is none. With
    /// the statement that looked, for the user to see what it cost.
    ///
    /// Works on any pager, keyset or OFFSET: the rows of the totally ordered request past `index`
    /// (those before it, backward) are read in order, each with the condition's value only, and
    /// counted up to the first match: SQLite reads every row in between, a scan, not an index
    /// seek. (Numbering them with `row_number() OVER ()` in SQL cost 4× the scan on 10,000,000
    /// rows: the window buffers each row.)
    package func firstRow(
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
        // The OFFSET keeps SQLite from flattening the ordered rows into the outer query: they come
        // in the request's order.
        let statement = GeneratedStatement(
            sql: "SELECT CASE WHEN " + quoteIdentifier(name) + " THEN 1 ELSE 0 END FROM (" + inner.sql + ")",
            arguments: inner.arguments)
        guard count != 0 else { return (nil, statement) }
        let found = try db.perform { _ -> Int? in
            let prepared = try db.prepareLogged(statement)
            var position = 0
            var last: Int?
            while try prepared.step() {
                if prepared.value(at: 0) == .integer(1) {
                    if !backward { return position }
                    last = position
                }
                position += 1
            }
            return last
        }
        return (found.map { start + $0 }, statement)
    }
}
