import AssocCore

/// One distinct value of a column in a view, and how many rows hold it.
package typealias FrequencyRow = ValueFrequency

/// The frequencies of one column of a view (`F`): which column of which request. AssocCore counts
/// them (`Database.frequencies(of:in:offset:limit:)`).
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
}

extension RequestDataSource {
    /// `limit` of the frequencies of `query`'s column from `offset`, most frequent first.
    package func frequencies(_ query: FrequencyQuery, offset: Int, limit: Int) throws -> FrequencyPage {
        try readSchema()
        return try db.frequencies(of: query.expression, in: query.request, offset: offset, limit: limit)
    }
}
