import AssocInsights

/// A query running on the worker thread: what the spinner says, and how far it has turned.
struct QueryActivity: Sendable, Equatable {
    var label: String
    var frame: Int = 0
    /// Deferred work (counts): any key interrupts it and does its usual job.
    var isBackground = false
    /// Another process holds the database: the query waits for its lock.
    var isWaitingForLock = false

    static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The status line while the query runs: `⠹ Opening Album… (Esc cancels)`; a count just `⠹ Counting rows of Album…`.
    var text: String {
        let spinner = QueryActivity.frames[((frame % QueryActivity.frames.count) + QueryActivity.frames.count) % QueryActivity.frames.count]
        let waiting = isWaitingForLock ? " waiting: the database is locked by another process" : ""
        return "\(spinner) \(label)…" + waiting + (isBackground ? "" : " (Esc cancels)")
    }

    /// The spinner label of an effect's query.
    static func label(for effect: Effect) -> String {
        switch effect {
        case .loadTables: return "Reading the schema"
        case .refresh: return "Reading the database again"
        case .openView(let view, _): return "Opening \(view.title)"
        case .loadPage(let view, _, _, _, _): return "Loading rows of \(view.title)"
        case .countView(let view): return "Counting rows of \(view.title)"
        case .locateRow(let view, _): return "Counting the rows of \(view.title) before the row reached"
        case .countTable(let name): return "Counting rows of \(name)"
        case .readSchema: return "Reading the schema"
        case .countLinks: return "Counting links"
        case .quit: return "Quitting"
        case .swiftCode: return "Writing the Swift code"
        case .loadSchemaMap(let table): return "Drawing the schema map of \(table)"
        case .export(_, let path, _): return "Exporting to \(path)"
        case .countSubset(_, let path): return "Counting the rows for \(path)"
        case .loadRequestText: return "Writing the request"
        case .checkView: return "Checking the filter"
        case .parseRequest: return "Reading the request"
        case .find(_, let text, _, let backward, _): return (backward ? "Finding back " : "Finding ") + "\"\(text)\""
        case .jumpToKey(_, let key): return "Jumping to key \(key)"
        case .goToRow(_, let row): return "Going to row \(row)"
        case .copy(_, let what): return "Copying \(what)"
        case .saveHistory: return "Keeping the history"
        case .loadFrequencies(let query, _, _): return "Counting the values of \(query.columnLabel)"
        case .readLabels: return "Reading labels"
        case .loadSummarySource(let view): return "Reading the columns of \(view.title)"
        case .summarizeColumn(_, let source, let index, let parts):
            let name = source.columns.indices.contains(index) ? source.columns[index] : "a column"
            let what = parts.contains(.scan) ? "Summarizing" : "Counting the types and values of"
            return "\(what) \(name) (\(index + 1)/\(source.columns.count))"
        case .stopSummary: return "Stopping the summary"
        case .countOrphans(let link), .finishOrphanCount(let link): return "Counting the orphans of \(link.origin).\(link.name)"
        case .stopOrphanCount(let link): return "Stopping the orphan count of \(link.origin).\(link.name)"
        case .stopCardinality: return "Stopping the cardinality count"
        case .loadCardinality(let link): return "Counting the \(link.destination) rows of each \(link.origin) (\(link.name))"
        case .suggestLinks: return "Looking for links in the values"
        case .acceptSuggestion(let link, _): return "Adding the link \(link.origin).\(link.column) → \(link.destination)"
        }
    }
}

/// The part of the state an action replaces when it opens a view: put back when the view's first
/// query fails or is cancelled, so the user is left where they were.
struct RestorePoint: Sendable, Equatable {
    var rows: RowsState?
    var stack: [NavigationEntry]
    var focus: Pane
    var tablesCursor: ListCursor
    var linksCursor: ListCursor
    var linksTable: String?
    var links: [LinkEntry]
    var sideScroll: Int
    /// The level's undo history: a view that never opened leaves no step to undo.
    var history: ViewHistory

    init(_ state: AppState) {
        rows = state.rows
        stack = state.stack
        focus = state.focus
        tablesCursor = state.tablesPane.cursor
        linksCursor = state.linksPane.cursor
        linksTable = state.linksPane.table
        links = state.linksPane.links
        sideScroll = state.side.scroll
        history = state.history
    }

    func restore(into state: inout AppState) {
        state.rows = rows
        state.stack = stack
        state.focus = focus
        state.tablesPane.cursor = tablesCursor.resized(to: state.tablesPane.tables.count)
        state.linksPane.links = links
        state.linksPane.table = linksTable
        state.linksPane.cursor = linksCursor
        state.side.scroll = sideScroll
        state.history = history
    }
}
