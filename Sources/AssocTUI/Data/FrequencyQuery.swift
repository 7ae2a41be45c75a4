import AssocCore

/// One distinct value of a column in a view, and how many rows hold it.
package struct FrequencyRow: Sendable, Hashable {
    package var value: DatabaseValue
    package var count: Int
}

/// A window of a column's frequencies: the values from `offset` on, most frequent first, with the
/// totals of the whole grouping and the statement that computed it.
package struct FrequencyPage: Sendable, Equatable {
    package var offset: Int
    package var rows: [FrequencyRow]
    /// Rows of the view, and distinct values among them.
    package var totalRows: Int
    package var distinctCount: Int
    package var statement: GeneratedStatement
}

/// The frequencies of one column of a view (`F`): the view's request reduced to that column (its
/// joins and filters kept, so the rows are the view's; prefetches and the other columns left out),
/// grouped by SQLite, most frequent first, paged:
///
///     SELECT "value", COUNT(*) AS "count", SUM(COUNT(*)) OVER () AS "rows", COUNT(*) OVER () AS "values"
///     FROM (SELECT "GenreId" AS "value" FROM "Track" WHERE …)
///     GROUP BY "value" ORDER BY "count" DESC, "value" LIMIT ? OFFSET ?
package struct FrequencyQuery: Sendable, Hashable {
    /// The view's request, with an alias on the column's join when it needed one.
    package var request: Request
    /// The column's expression in `request`.
    package var expression: AssocCore.Expression
    /// The expression is an aggregate (an annotation, a prefetched link's count).
    package var isAggregate: Bool
    /// How the column is named for people: `GenreId`, `album.Title`.
    package var columnLabel: String

    package init(request: Request, expression: AssocCore.Expression, isAggregate: Bool, columnLabel: String) {
        self.request = request
        self.expression = expression
        self.isAggregate = isAggregate
        self.columnLabel = columnLabel
    }

    /// The view's rows reduced to one column named `value`.
    var valuesRequest: Request {
        var request = self.request
        let keepsAnnotations = !request.relation.havings.isEmpty
        request.relation.joins = request.relation.joins.compactMap(\.selectingNothing)
        let value = AssocCore.Expression.named(expression, "value")
        if isAggregate {
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

    /// The grouping statement over the view's statement, for `limit` values from `offset`.
    func statement(inner: GeneratedStatement, offset: Int, limit: Int) -> GeneratedStatement {
        let sql = """
            SELECT "value", COUNT(*) AS "count", SUM(COUNT(*)) OVER () AS "rows", COUNT(*) OVER () AS "values" \
            FROM (\(inner.sql)) GROUP BY "value" ORDER BY "count" DESC, "value" LIMIT ? OFFSET ?
            """
        return GeneratedStatement(sql: sql, arguments: inner.arguments + [.integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))])
    }
}

extension RequestDataSource {
    /// `limit` of the frequencies of `query`'s column from `offset`, most frequent first.
    package func frequencies(_ query: FrequencyQuery, offset: Int, limit: Int) throws -> FrequencyPage {
        try readSchema()
        let inner = try db.mainStatement(for: query.valuesRequest)
        let statement = query.statement(inner: inner, offset: offset, limit: limit)
        let rows = try db.connection.fetchAll(statement.sql, arguments: statement.arguments)
        var totalRows = 0
        var distinct = 0
        var values: [FrequencyRow] = []
        for row in rows where row.count == 4 {
            values.append(FrequencyRow(value: row[0], count: Self.integer(row[1])))
            totalRows = Self.integer(row[2])
            distinct = Self.integer(row[3])
        }
        if values.isEmpty && offset > 0 {
            // Past the end: the totals still matter (the list shrank under the cursor).
            let first = try frequencies(query, offset: 0, limit: 1)
            totalRows = first.totalRows
            distinct = first.distinctCount
        }
        return FrequencyPage(offset: offset, rows: values, totalRows: totalRows, distinctCount: distinct, statement: statement)
    }

    private static func integer(_ value: DatabaseValue) -> Int {
        if case .integer(let number) = value { return Int(clamping: number) }
        return 0
    }
}
