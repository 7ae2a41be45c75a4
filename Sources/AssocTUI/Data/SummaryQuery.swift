import AssocCore
import AssocInsights

extension RequestDataSource {
    /// The columns of `view`'s rows a summary covers (`I`), and the statement it reads them from.
    package func summarySource(of view: RequestView) throws -> SummarySource {
        try readSchema()
        return try db.summarySource(of: view.request)
    }

    /// One column of a summary, or a part of it (`Database.summarizeColumn`), each of its statements within the
    /// deferred counts' budget (`ReadLimits.countBudgetMilliseconds`): past it, its figures are unknown.
    package func summarizeColumn(_ index: Int, of source: SummarySource, parts: SummaryParts) throws -> ColumnSummary {
        try readSchema()
        return try db.summarizeColumn(index, of: source, parts: parts, timeLimit: ReadLimits.countBudgetMilliseconds)
    }
}
