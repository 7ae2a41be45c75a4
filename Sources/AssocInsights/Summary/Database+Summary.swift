import AssocCore

extension Database {
    /// The columns of `request`'s rows, named as the rows name them, and the statement a summary
    /// reads them from (prepared, never stepped). Prefetched associations (`including(all:)`)
    /// are other statements: they have no column here.
    public func summarySource(of request: Request) throws -> SummarySource {
        let source = try statementColumns(of: request)
        return SummarySource(columns: source.columns, statement: source.statement, width: source.width)
    }

    /// The summary of column `index` of `source`, in up to three statements over the request's
    /// statement (a common table expression whose columns are named by position, so duplicate
    /// names do not matter), as `parts` asks: one scan for the rows, NULLs, extremes and mean
    /// (`.scan`), one for the storage classes (`.classes`), one grouping for the distinct values
    /// and the most frequent one (`.grouping`). Once a statement runs out of time the later ones
    /// are not run. Each stops after `timeLimit` milliseconds (when given): its figures are then
    /// nil and `ranOutOfTime` is set. `interrupt()` stops it with an error. Parts asked for apart
    /// make one summary with `merging(_:)`.
    ///
    ///     WITH "summarized"("c1", "c2", …) AS (SELECT … FROM "track" …)
    ///     SELECT COUNT(*), COUNT("c2"), MIN("c2"), MAX("c2"),
    ///       AVG(CASE WHEN typeof("c2") IN ('integer', 'real') THEN "c2" END) FROM "summarized"
    public func summarizeColumn(
        _ index: Int, of source: SummarySource, parts: SummaryParts = .all, timeLimit: Int? = nil
    ) throws -> ColumnSummary {
        guard source.columns.indices.contains(index) else {
            throw AssocError.invalid("the request has no column \(index + 1) to summarize (it has \(source.columns.count))")
        }
        var summary = ColumnSummary(name: source.columns[index], index: index)
        if parts.contains(.scan) {
            let scan = Self.scanStatement(index, of: source)
            summary.statements.append(scan)
            guard let row = try runSummarizing(scan, timeLimit: timeLimit) else {
                summary.ranOutOfTime = true
                return summary
            }
            if row.count == 5 {
                let rows = Self.integer(row[0])
                summary.rows = rows
                summary.nulls = rows - Self.integer(row[1])
                summary.minimum = row[2]
                summary.maximum = row[3]
                switch row[4] {
                case .real(let mean): summary.mean = mean
                case .integer(let mean): summary.mean = Double(mean)
                default: summary.mean = nil
                }
            }
        }
        if parts.contains(.classes) {
            let classes = Self.classesStatement(index, of: source)
            summary.statements.append(classes)
            guard let row = try runSummarizing(classes, timeLimit: timeLimit) else {
                summary.ranOutOfTime = true
                return summary
            }
            if row.count == 4 {
                summary.integers = Self.integer(row[0])
                summary.reals = Self.integer(row[1])
                summary.texts = Self.integer(row[2])
                summary.blobs = Self.integer(row[3])
            }
        }
        guard parts.contains(.grouping) else { return summary }
        let grouping = Self.groupingStatement(index, of: source)
        summary.statements.append(grouping)
        guard let top = try runSummarizing(grouping, timeLimit: timeLimit) else {
            summary.ranOutOfTime = true
            return summary
        }
        if top.count == 4 {
            summary.mostFrequent = ValueFrequency(value: top[0], count: Self.integer(top[1]))
            summary.distinct = Self.integer(top[2])
            summary.mostFrequentTies = Self.integer(top[3])
        } else {
            summary.distinct = 0
        }
        return summary
    }

    /// Every column of `request` summarized in turn (`summarizeColumn`), each handed to `each`
    /// as it comes.
    public func summary(of request: Request, timeLimit: Int? = nil, each: (ColumnSummary) throws -> Void) throws {
        let source = try summarySource(of: request)
        for index in source.columns.indices { try each(try summarizeColumn(index, of: source, timeLimit: timeLimit)) }
    }

    /// The first row of `statement` (empty when none), or nil when it ran out of time.
    private func runSummarizing(_ statement: GeneratedStatement, timeLimit: Int?) throws -> [DatabaseValue]? {
        try rowsWithinTimeLimit(statement, timeLimit: timeLimit).map { $0.first ?? [] }
    }

    /// `WITH "summarized"("c1", …) AS (<statement>)`: the request's rows, columns named by position.
    private static func common(_ source: SummarySource) -> String {
        let names = (1...max(1, source.width)).map { quoteIdentifier("c\($0)") }.joined(separator: ", ")
        return "WITH \"summarized\"(\(names)) AS (\(source.statement.sql)) "
    }

    static func scanStatement(_ index: Int, of source: SummarySource) -> GeneratedStatement {
        let column = quoteIdentifier("c\(index + 1)")
        let sql =
            common(source) + "SELECT COUNT(*), COUNT(\(column)), MIN(\(column)), MAX(\(column)), "
            + "AVG(CASE WHEN typeof(\(column)) IN ('integer', 'real') THEN \(column) END) FROM \"summarized\""
        return GeneratedStatement(sql: sql, arguments: source.statement.arguments)
    }

    static func classesStatement(_ index: Int, of source: SummarySource) -> GeneratedStatement {
        let column = quoteIdentifier("c\(index + 1)")
        let classes = ["integer", "real", "text", "blob"].map { "COUNT(CASE WHEN typeof(\(column)) = '\($0)' THEN 1 END)" }
        let sql = common(source) + "SELECT " + classes.joined(separator: ", ") + " FROM \"summarized\""
        return GeneratedStatement(sql: sql, arguments: source.statement.arguments)
    }

    static func groupingStatement(_ index: Int, of source: SummarySource) -> GeneratedStatement {
        let column = quoteIdentifier("c\(index + 1)")
        let sql =
            common(source)
            + "SELECT \"value\", \"count\", COUNT(*) OVER (), SUM(\"count\" = \"top\") OVER () FROM "
            + "(SELECT \"value\", \"count\", MAX(\"count\") OVER () AS \"top\" FROM "
            + "(SELECT \(column) AS \"value\", COUNT(*) AS \"count\" FROM \"summarized\" WHERE \(column) IS NOT NULL GROUP BY \(column))) "
            + "ORDER BY \"count\" DESC, \"value\" LIMIT 1"
        return GeneratedStatement(sql: sql, arguments: source.statement.arguments)
    }
}
