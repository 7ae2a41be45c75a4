import AssocCore
import AssocInsights

/// One distinct value of a column in a view, and how many rows hold it.
package typealias FrequencyRow = ValueFrequency

/// The frequencies of one column of a view (`F`), or of the combinations of several (the pinned
/// columns, then the current one): which columns of which request. AssocCore counts them
/// (`Database.frequencies(of:in:offset:limit:)`).
package struct FrequencyQuery: Sendable, Hashable {
    /// The view's request, with an alias on each column's join when it needed one.
    package var request: Request
    /// The columns' expressions in `request`, grouped by in this order (the current column last).
    package var expressions: [AssocCore.Expression]
    /// How the columns are named for people: `GenreId`, `album.Title`.
    package var columnLabels: [String]

    /// The frequencies of one column.
    package init(request: Request, expression: AssocCore.Expression, isAggregate: Bool, columnLabel: String) {
        self.init(request: request, expressions: [expression], columnLabels: [columnLabel])
    }

    /// The frequencies of the combinations of several columns.
    package init(request: Request, expressions: [AssocCore.Expression], columnLabels: [String]) {
        self.request = request
        self.expressions = expressions
        self.columnLabels = columnLabels
    }

    /// The column (the current one, when several are grouped).
    package var expression: AssocCore.Expression { expressions.last ?? .value(.null) }
    /// The columns for a title or a message: `GenreId`, `MediaTypeId, GenreId`.
    package var columnLabel: String { columnLabels.joined(separator: ", ") }
}

extension RequestDataSource {
    /// `limit` of the frequencies of `query`'s columns from `offset`, most frequent first, long
    /// values read cut as the grid's cells are (`ReadLimits.cellPreview`).
    package func frequencies(_ query: FrequencyQuery, offset: Int, limit: Int) throws -> FrequencyPage {
        try readSchema()
        return try db.frequencies(
            of: query.expressions, in: query.request, offset: offset, limit: limit, previewingValuesUpTo: ReadLimits.cellPreview)
    }
}

extension RequestDataSource {
    /// The labels of `page`'s key values (`1 · Rock`), by grouped column: each column of the view's
    /// table that a single-column belongsTo labels, read as the grid reads its labels (one
    /// statement per column, a key without a parent row marked). Labels never fail the page.
    package func frequencyLabels(_ query: FrequencyQuery, page: FrequencyPage) -> [Int: [DatabaseValue: CellLabel]] {
        let labelings = db.keyLabelings(of: query.request.table)
        var result: [Int: [DatabaseValue: CellLabel]] = [:]
        for (position, expression) in query.expressions.enumerated() {
            guard case .column(let name) = expression,
                let labeling = labelings.first(where: { $0.column.lowercased() == name.lowercased() })
            else { continue }
            let values = page.rows.map { position < $0.values.count ? $0.values[position] : DatabaseValue.null }
            guard let read = try? db.fetchLabels(labeling, for: values) else { continue }
            var labels = read.labels.mapValues(CellLabel.text)
            for orphan in read.orphans { labels[orphan] = .noParent(labeling.parent) }
            result[position] = labels
        }
        return result
    }
}
