/// One distinct value of a column of a request, and how many of its rows hold it.
public struct ValueFrequency: Sendable, Hashable {
    /// The value (NULL counts as one).
    public var value: DatabaseValue
    /// How many rows hold it.
    public var count: Int

    /// `value`, held by `count` rows.
    public init(value: DatabaseValue, count: Int) {
        self.value = value
        self.count = count
    }
}

/// A window of the frequencies of a column: the values from `offset` on, most frequent first,
/// with the totals of the whole grouping and the statement that computed them.
public struct FrequencyPage: Sendable, Equatable {
    /// The position of the first value among all, most frequent first.
    public var offset: Int
    /// The values of the window, most frequent first, then by value.
    public var rows: [ValueFrequency]
    /// The rows of the request.
    public var totalRows: Int
    /// The distinct values among them.
    public var distinctCount: Int
    /// The statement that counted them, with its arguments.
    public var statement: GeneratedStatement
}

extension Database {
    /// `limit` of the distinct values of `expression` among the rows of `request` from `offset`,
    /// most frequent first (ties by value), with how many rows hold each. The request is reduced
    /// to that value (its joins and filters kept, so the rows are its rows; prefetches and other
    /// columns left out), and SQLite groups it:
    ///
    ///     SELECT "value", COUNT(*) AS "count", SUM(COUNT(*)) OVER () AS "rows", COUNT(*) OVER () AS "values"
    ///     FROM (SELECT "GenreId" AS "value" FROM "Track" WHERE …)
    ///     GROUP BY "value" ORDER BY "count" DESC, "value" LIMIT ? OFFSET ?
    ///
    /// `expression` may name a joined table by its alias; when it holds an aggregate (an
    /// annotation's), the value is one per row of the request's grouping.
    public func frequencies(of expression: Expression, in request: Request, offset: Int, limit: Int) throws -> FrequencyPage {
        let inner = try mainStatement(for: Self.values(of: expression, in: request))
        let statement = GeneratedStatement(
            sql: """
                SELECT "value", COUNT(*) AS "count", SUM(COUNT(*)) OVER () AS "rows", COUNT(*) OVER () AS "values" \
                FROM (\(inner.sql)) GROUP BY "value" ORDER BY "count" DESC, "value" LIMIT ? OFFSET ?
                """,
            arguments: inner.arguments + [.integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))])
        var totalRows = 0
        var distinct = 0
        var values: [ValueFrequency] = []
        for row in try run(statement).values where row.count == 4 {
            values.append(ValueFrequency(value: row[0], count: Self.integer(row[1])))
            totalRows = Self.integer(row[2])
            distinct = Self.integer(row[3])
        }
        if values.isEmpty && offset > 0 {
            // Past the end: the totals still matter (the list shrank under the caller).
            let first = try frequencies(of: expression, in: request, offset: 0, limit: 1)
            totalRows = first.totalRows
            distinct = first.distinctCount
        }
        return FrequencyPage(offset: offset, rows: values, totalRows: totalRows, distinctCount: distinct, statement: statement)
    }

    /// The rows of `request` reduced to one column named `value`.
    private static func values(of expression: Expression, in request: Request) -> Request {
        var request = request
        let keepsAnnotations = !request.relation.havings.isEmpty
        request.relation.joins = request.relation.joins.compactMap(\.selectingNothing)
        let value = Expression.named(expression, "value")
        if expression.containsAggregate {
            request.relation.selection = []
            request.relation.annotations = [value] + (keepsAnnotations ? request.relation.annotations : [])
        } else {
            request.relation.selection = [.expression(value)]
            if !keepsAnnotations { request.relation.annotations = [] }
        }
        // Without a limit the order changes nothing the grouping sees.
        if request.limit == nil && request.offset == nil { request.relation.ordering = nil }
        return request
    }

    private static func integer(_ value: DatabaseValue) -> Int {
        if case .integer(let number) = value { return Int(clamping: number) }
        return 0
    }
}
