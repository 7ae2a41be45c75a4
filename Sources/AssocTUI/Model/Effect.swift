import AssocCore

/// What the reducer asks the outside world to do; the app runs it through the data source and
/// feeds the result back as an `Event`.
enum Effect: Sendable, Equatable {
    /// The table list and the association graph.
    case loadTables
    /// Load the first window of a view (not counted: counting is deferred).
    case openView(BrowserView, limit: Int)
    /// Load the window of `limit` rows from `offset`.
    case loadPage(BrowserView, offset: Int, limit: Int, totalCount: Int?)
    /// Deferred: count the rows of a view.
    case countView(BrowserView)
    /// Deferred: count the rows of a table of the Tables pane.
    case countTable(String)
    /// Deferred: count the records of the to-many links of one row.
    case countLinks(LinkCounts, links: [String], columns: [String], values: [DatabaseValue])
    case quit

    /// Deferred effects run only when no key is waiting, after the screen is drawn: the first
    /// screen never waits for a count.
    var isDeferred: Bool {
        switch self {
        case .countView, .countTable, .countLinks: return true
        default: return false
        }
    }
}

/// Everything that can change the state: a user action, a resize, or a data source result.
enum Event: Sendable, Equatable {
    case action(Action)
    case resized(Size)
    case tablesLoaded([TableSummary], associations: [String: [Association]])
    case viewOpened(BrowserView, page: RowsPage, limit: Int)
    case pageLoaded(BrowserView, RowsPage)
    case viewCounted(BrowserView, RowCount)
    case tableCounted(String, Int?)
    case linksCounted(LinkCounts)
    case failed(String)
    /// A query started on the worker thread (the spinner shows `QueryActivity.label`).
    case queryStarted(QueryActivity)
    /// The spinner advances (the loop sends it while a query runs).
    case queryTick
    /// The running query ended; its result follows as its own event.
    case queryFinished
    /// The query of `effect` failed: the previous view stays, with the message.
    case queryFailed(Effect, String)
    /// The query of `effect` was cancelled (Esc, Ctrl-C): the previous view stays.
    case queryCancelled(Effect)
    /// Another connection changed the database (`PRAGMA data_version` moved).
    case dataChanged
}
