import AssocCore

/// One distinct value (or combination of values) of the columns of a request, and how many of
/// its rows hold it.
public struct ValueFrequency: Sendable, Hashable {
    /// The values, one per column grouped by (NULL counts as one).
    public var values: [DatabaseValue]
    /// How many rows hold it.
    public var count: Int
    /// The values read cut (`previewingValuesUpTo:`), by position in `values`: a blob's full size
    /// in bytes, 0 for a text (its full length not read). Empty when every value is whole.
    public var cutLengths: [Int: Int] = [:]

    /// The first value (the only one of a single column's frequencies).
    public var value: DatabaseValue { values.first ?? .null }

    /// `value`, held by `count` rows.
    public init(value: DatabaseValue, count: Int) {
        self.values = [value]
        self.count = count
    }

    /// The combination `values`, held by `count` rows.
    public init(values: [DatabaseValue], count: Int) {
        self.values = values
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
    /// The statement that counted them, with its arguments; with a preview
    /// (`previewingValuesUpTo:`), as it reads without one: the values ran cut in SQL.
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
        try frequencies(of: [expression], in: request, offset: offset, limit: limit)
    }

    /// The frequencies of the combinations of `expressions` (grouped by all of them, as
    /// `frequencies(of:in:offset:limit:)` groups by one): the columns are named `value`,
    /// `value2`, `value3`… and the order is by count, then by each value in turn.
    ///
    /// With `previewingValuesUpTo`, a TEXT longer than that many characters or a BLOB longer
    /// than that many bytes is read cut, in SQL, as `fetchAll(_:previewingCellsUpTo:)` reads
    /// cells (grouping and order still see whole values); `ValueFrequency.cutLengths` says which.
    public func frequencies(
        of expressions: [Expression], in request: Request, offset: Int, limit: Int, previewingValuesUpTo preview: Int? = nil
    ) throws -> FrequencyPage {
        guard !expressions.isEmpty else { throw AssocError.invalid("frequencies need at least one column to group by") }
        let names = expressions.indices.map { $0 == 0 ? "value" : "value\($0 + 1)" }
        let inner = try mainStatement(for: Self.values(of: expressions, named: names, in: request))
        let columns = names.map(quoteIdentifier).joined(separator: ", ")
        // Previews name no column: an alias would shadow the grouped value in ORDER BY.
        let previews = preview.map { limit in names.map { CellPreview.expressions(quoteIdentifier($0), limit: limit) } }
        let selected = previews.map { $0.map(\.cut).joined(separator: ", ") } ?? columns
        let lengths = previews.map { ", " + $0.map { $0.length ?? "NULL" }.joined(separator: ", ") } ?? ""
        func grouping(_ selected: String, _ lengths: String) -> GeneratedStatement {
            GeneratedStatement(
                sql: """
                    SELECT \(selected), COUNT(*) AS "count", SUM(COUNT(*)) OVER () AS "rows", COUNT(*) OVER () AS "values"\(lengths) \
                    FROM (\(inner.sql)) GROUP BY \(columns) ORDER BY "count" DESC, \(columns) LIMIT ? OFFSET ?
                    """,
                arguments: inner.arguments + [.integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))])
        }
        let statement = grouping(selected, lengths)
        let width = expressions.count
        let rowWidth = width + 3 + (preview == nil ? 0 : width)
        var totalRows = 0
        var distinct = 0
        var values: [ValueFrequency] = []
        for row in try run(statement).values where row.count == rowWidth {
            var frequency = ValueFrequency(values: Array(row[0..<width]), count: Self.integer(row[width]))
            if let preview {
                for index in 0..<width {
                    if case .text(let text) = frequency.values[index] {
                        let (cut, isCut) = CellPreview.cut(text, limit: preview)
                        if isCut {
                            frequency.values[index] = .text(cut)
                            frequency.cutLengths[index] = 0
                        }
                    } else if case .integer(let length) = row[width + 3 + index] {
                        frequency.cutLengths[index] = Int(clamping: length)
                    }
                }
            }
            values.append(frequency)
            totalRows = Self.integer(row[width + 1])
            distinct = Self.integer(row[width + 2])
        }
        if values.isEmpty && offset > 0 {
            // Past the end: the totals still matter (the list shrank under the caller).
            let first = try frequencies(of: expressions, in: request, offset: 0, limit: 1)
            totalRows = first.totalRows
            distinct = first.distinctCount
        }
        return FrequencyPage(
            offset: offset, rows: values, totalRows: totalRows, distinctCount: distinct, statement: grouping(columns, ""))
    }

    /// The rows of `request` reduced to the columns `names`, one per expression (an aggregate's
    /// among the annotations, one per row of the request's grouping).
    private static func values(of expressions: [Expression], named names: [String], in request: Request) -> Request {
        var request = request
        let keepsAnnotations = !request.relation.havings.isEmpty
        request.relation.joins = request.relation.joins.compactMap(\.selectingNothing)
        var plain: [Expression] = []
        var aggregates: [Expression] = []
        for (expression, name) in zip(expressions, names) {
            let value = Expression.named(expression, name)
            if expression.containsAggregate { aggregates.append(value) } else { plain.append(value) }
        }
        request.relation.selection = plain.map { .expression($0) }
        request.relation.annotations = aggregates + (keepsAnnotations ? request.relation.annotations : [])
        // Without a limit the order changes nothing the grouping sees.
        if request.limit == nil && request.offset == nil { request.relation.ordering = nil }
        return request
    }

    static func integer(_ value: DatabaseValue) -> Int {
        if case .integer(let number) = value { return Int(clamping: number) }
        return 0
    }
}
