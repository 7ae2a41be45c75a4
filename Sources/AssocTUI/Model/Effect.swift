import AssocCore
import AssocInsights

/// What the reducer asks the outside world to do; the app runs it through the data source and
/// feeds the result back as an `Event`.
enum Effect: Sendable, Equatable {
    /// The table list and the association graph.
    case loadTables
    /// `R`: the file re-opened if it was replaced, the schema and associations read again if they
    /// changed, then the view (kept when it still resolves) read again.
    case refresh(RequestView?)
    /// Load the first window of a view (not counted: counting is deferred).
    case openView(RequestView, limit: Int)
    /// Load the window of `limit` rows from `position`, keyset pages starting at the view's
    /// `anchors` (kept in `RowsState`; the page's come back with `pageLoaded`).
    case loadPage(RequestView, at: RowPosition, limit: Int, totalCount: Int?, anchors: PageAnchors = PageAnchors())
    /// Deferred: count the rows of a view.
    case countView(RequestView)
    /// Deferred: where the row a find or jump placed provisionally is (the rows before it, counted).
    case locateRow(RequestView, values: [DatabaseValue])
    /// Deferred: count the rows of a table of the Tables pane.
    case countTable(String)
    /// Deferred, first of all: read the schema the browser opened without (`readSchema`).
    case readSchema
    /// Deferred: count the records of the to-many links of one row.
    case countLinks(LinkCounts, links: [String], columns: [String], values: [DatabaseValue])
    case quit
    /// The Swift code of a view (the side pane's Swift tab): the whole code, or the request alone.
    case swiftCode(RequestView, requestOnly: Bool = false)
    /// The schema map's tree around a table.
    case loadSchemaMap(String)
    /// Writes the rows of a view to a file (the format from its extension), replacing what the
    /// user confirmed, if anything.
    case export(RequestView, path: String, replacing: AtomicFileWriter.Replacing)
    /// Counts the rows an export of a view to the database file `path` would write (asked before it).
    case countSubset(RequestView, path: String)
    /// The request line: the view as request-language text.
    case loadRequestText(RequestView)
    /// Check that a view makes valid SQL before showing it (a filter from the prompt).
    case checkView(RequestView)
    /// Parse request-language text into a view (the request line's Enter).
    case parseRequest(String, from: RequestView?)
    /// The next (previous) row matching `text` after the row at `from`, whose order has the
    /// values `anchor` (nil when that row was never loaded).
    case find(RequestView, text: String, from: RowPosition, backward: Bool, anchor: [DatabaseValue]? = nil)
    /// The first row whose key is at least `key`.
    case jumpToKey(RequestView, key: String)
    /// Row `row` (1-based) of a view not counted yet: read at its index, exactly.
    case goToRow(RequestView, row: Int)
    /// Puts `text` on the clipboard (`what` names it in the message: "the cell", "the SQL").
    case copy(String, what: String)
    /// A text a prompt ran, kept in the history file (`HistoryFile`) for the next runs.
    case saveHistory(PromptState.Kind, String)
    /// A window of a column's frequencies.
    case loadFrequencies(FrequencyQuery, offset: Int, limit: Int)
    /// Whether pages read the labels of their key columns (`L`).
    case readLabels(Bool)
    /// The columns a summary (`I`) covers, and the statement it reads them from.
    case loadSummarySource(RequestView)
    /// Deferred: a part of one column of a summary (the scan, then the grouping; its figures
    /// come as `columnSummarized`).
    case summarizeColumn(RequestView, SummarySource, index: Int, parts: SummaryParts)
    /// The summary was closed: its running column is stopped, the waiting ones dropped.
    case stopSummary
    /// Deferred: the orphans of a belongsTo link (the Links pane's `⚠` mark), within the
    /// deferred counts' budget.
    case countOrphans(Association)
    /// Deferred, last of all: the orphans of a link whose count ran past the budget, counted to
    /// the end (`⚠ ? still counting` until then).
    case finishOrphanCount(Association)
    /// The link left the Links pane: its count to the end is stopped (running) or dropped (waiting).
    case stopOrphanCount(Association)
    /// Deferred, first of all: the cardinality profile of a link (`C`), without a time limit.
    case loadCardinality(Association)
    /// The cardinality view was closed before its profile came: its count is stopped.
    case stopCardinality
    /// Deferred: links the schema does not declare, suggested from the values (the schema map).
    case suggestLinks
    /// A suggested link added to the associations for the session (`+` in the schema map).
    case acceptSuggestion(LinkSuggestion, view: RequestView?)

    /// Deferred effects run only when no key is waiting, after the screen is drawn: the first
    /// screen never waits for a count.
    var isDeferred: Bool {
        switch self {
        case .countView, .locateRow, .countTable, .countLinks, .readSchema, .summarizeColumn, .countOrphans, .finishOrphanCount,
            .loadCardinality, .suggestLinks:
            return true
        default: return false
        }
    }
}

/// Everything that can change the state: a user action, a resize, or a data source result.
enum Event: Sendable, Equatable {
    case action(Action)
    /// A key as the terminal read it, with the terminal's size then: the reducer decides what it
    /// is (a mouse event, a resize, a prompt's key, an action of the keymap, an unbound key).
    case key(KeyEvent, terminalSize: Size)
    case resized(Size)
    case tablesLoaded([TableSummary], graph: AssociationGraph)
    /// The schema read after the first screen: its tables, associations and numeric columns.
    case schemaRead([TableSummary], graph: AssociationGraph)
    case viewOpened(RequestView, page: RowsPage, limit: Int)
    case pageLoaded(RequestView, RowsPage)
    case viewCounted(RequestView, RowCount)
    case tableCounted(String, Int?)
    case linksCounted(LinkCounts)
    case failed(String)
    case swiftGenerated(SwiftCodeState)
    case schemaMapLoaded(String, [SchemaTree.Line])
    /// Links suggested from the values came (the schema map lists those of its table).
    case linksSuggested(LinkSuggestions)
    case export(ExportEvent)
    case mouse(x: Int, y: Int, kind: MouseKind)
    /// A key bound to no action (its label).
    case unboundKey(String)
    /// Open this table at start (`assoc DB --table NAME`).
    case openTable(String)
    /// A key typed while a prompt is open (the export prompt, the filter prompt or the request
    /// line): it edits the text instead of acting.
    case promptKey(KeyEvent)
    case requestTextLoaded(RequestView, String)
    /// The checked or parsed view is valid: show it.
    case viewChecked(RequestView)
    /// The prompt's text was refused: why, and where (1-based column) when known.
    case promptFailed(String, column: Int?)
    /// A query started on the worker thread (the spinner shows `QueryActivity.label`).
    case queryStarted(QueryActivity)
    /// The spinner advances (the loop sends it while a query runs).
    case queryTick
    /// The running query started or stopped waiting for another process's lock.
    case queryWaitingForLock(Bool)
    /// The running query ended; its result follows as its own event.
    case queryFinished
    /// The query of `effect` failed: the previous view stays, with the message.
    case queryFailed(Effect, String)
    /// The query of `effect` was cancelled (Esc, Ctrl-C): the previous view stays.
    case queryCancelled(Effect)
    /// Another connection changed the database (`PRAGMA data_version` moved).
    case dataChanged
    /// Another process changed the schema (`PRAGMA schema_version` moved).
    case schemaChanged
    /// The file was replaced or removed (`.replaced`, `.removed`).
    case fileChanged(SourceChange)
    /// The database was read again (`R`): the view that was shown then.
    case refreshed(SourceRefresh, view: RequestView?)
    /// Where a find went (`result.position` nil: no match that way).
    case found(RequestView, FindResult, from: RowPosition, backward: Bool)
    /// Where a jump went (`result.position` nil: every key is smaller).
    case jumped(RequestView, key: String, FindResult)
    /// Where go to row `row` went (the last row when the view has fewer; nil: it has none).
    case wentToRow(RequestView, row: Int, FindResult)
    /// A digit of the count typed before `G` (`250G`).
    case countDigit(Int)
    /// Where the row a find or jump placed provisionally is.
    case rowLocated(RequestView, RowLocation)
    /// The clipboard's answer to a copy: what the status line says.
    case copied(StatusMessage)
    /// A window of frequencies came.
    case frequenciesLoaded(FrequencyQuery, FrequencyPage, labels: [Int: [DatabaseValue: CellLabel]] = [:])
    /// The columns of a summary came.
    case summarySourceLoaded(RequestView, SummarySource)
    /// One column of a summary came.
    case columnSummarized(RequestView, ColumnSummary)
    /// The orphans of a belongsTo link were counted (or ran past the budget).
    case orphansCounted(OrphanCount)
    /// The cardinality profile of a link came.
    case cardinalityLoaded(CardinalityProfile)
    /// The work of `effect` (a cardinality profile) runs past the deferred counts' budget and goes on.
    case queryPastBudget(Effect)
}
