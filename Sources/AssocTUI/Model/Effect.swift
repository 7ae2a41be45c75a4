import AssocCore

/// What the reducer asks the outside world to do; the app runs it through the data source and
/// feeds the result back as an `Event`.
enum Effect: Sendable, Equatable {
    case loadTables
    /// Count the rows of a view and load its first window.
    case openView(BrowserView, limit: Int)
    /// Load the window of `limit` rows from `offset`.
    case loadPage(BrowserView, offset: Int, limit: Int)
    case loadLinks(table: String)
    case quit
}

/// Everything that can change the state: a user action, a resize, or a data source result.
enum Event: Sendable, Equatable {
    case action(Action)
    case resized(Size)
    case tablesLoaded([TableSummary])
    case viewOpened(BrowserView, totalCount: Int, page: RowsPage)
    case pageLoaded(BrowserView, RowsPage)
    case linksLoaded(table: String, [Association])
    case failed(String)
}
