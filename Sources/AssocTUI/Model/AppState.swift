import AssocCore

/// A line of feedback under the panes: information or an error.
struct StatusMessage: Sendable, Equatable {
    var text: String
    var isError: Bool
}

/// Where the user was before opening a view: restored by Back.
struct NavigationEntry: Sendable, Equatable {
    var rows: RowsState?
    var focus: Pane
    var tablesCursor: ListCursor
    var linksCursor: ListCursor
    var sideScroll: Int
    /// The undo and redo history of that level's view.
    var history = ViewHistory()
    /// The view opened from here started a new trail (a table opened from the Tables pane): the
    /// breadcrumb shows the levels from that view on.
    var nextStartsTrail = false
}

/// The views a breadcrumb level went through: `u` goes back to the one before the last change
/// (include, toggle, remove, prefetch, aggregate, filter, sort, typed request), Ctrl-R forward again.
struct ViewHistory: Sendable, Equatable {
    /// A view the level went through, with where the cursor was in it (nil when its positions
    /// were relative to a jump's row): `u` puts the cursor back there.
    struct Step: Sendable, Equatable {
        var view: RequestView
        var cursor: ListCursor?
        var column: ListCursor?
        /// The view's keyset anchors around the cursor: back there, its rows are read by key.
        var anchors = PageAnchors()
        /// What the change from this view to the next one did ("Included artist"), for the
        /// message of `u` and Ctrl-R.
        var change: String?

        /// The view of `rows`, with its cursor.
        init(_ rows: RowsState, change: String? = nil) {
            view = rows.view
            self.change = change.map(Self.withoutNote)
            cursor = rows.relative == nil && !rows.endIsProvisional ? rows.cursor : nil
            if let cursor { anchors = rows.anchors.near(cursor.index, within: 2 * PagePlan.maximumSkip) }
            column = rows.column
        }

        /// A change's message without its trailing note: "Included artist (optional: LEFT JOIN)"
        /// → "Included artist"; a condition's own parentheses (`x IN (1, 2)`) stay.
        static func withoutNote(_ text: String) -> String {
            guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return text }
            let note = text[open.upperBound...]
            let noteWords: Set<String> = ["undoes", "JOIN", "row", "rows", "again", "narrower", "became", "shows"]
            let words = note.split(separator: " ").map { $0.filter { $0 != ")" && $0 != "," } }
            guard words.contains(where: noteWords.contains) else { return text }
            return String(text[..<open.lowerBound])
        }
    }

    var undo: [Step] = []
    var redo: [Step] = []
    /// The last change was a typed request (`:`): Esc (or Backspace) goes back to the view it replaced.
    var lastChangeIsTypedRequest = false
    /// The level Back just left (at most one), with whether it had started a new trail: `u`
    /// opens it again, its cursor where it was. Any other change forgets it.
    var left: [NavigationEntry] = []
    var leftStartedTrail = false
    /// This level was opened again by `u` after Back: leaving it once more is not offered to
    /// `u` again, so that the next `u` reaches the changes under it (no endless back and forth).
    var reopenedByUndo = false
    /// Past this many changes the oldest are forgotten.
    static let limit = 200

    /// `old` was replaced by a change: it can be undone; what was undone can no longer be redone.
    mutating func record(_ old: RowsState, change: String? = nil) {
        undo.append(Step(old, change: change))
        if undo.count > Self.limit { undo.removeFirst(undo.count - Self.limit) }
        redo = []
        lastChangeIsTypedRequest = false
        left = []
        reopenedByUndo = false
    }
}

/// Everything the browser shows, as one value. Changed only by `Reducer.reduce`.
struct AppState: Sendable, Equatable {
    var title: String
    var size: Size
    var tablesPane = TablesPaneState()
    var rows: RowsState?
    /// The associations of the schema (a table's inferred when first asked for).
    var graph = AssociationGraph(schema: Schema(tables: []))
    var linksPane = LinksPaneState()
    /// The orphans of the belongsTo links shown so far (`⚠ 525 orphans`).
    var orphans = OrphanMarks()
    /// Links suggested from the values, looked for once when the schema map first opens.
    var suggestedLinks = SuggestedLinks.notAsked
    var side = SidePaneState()
    var focus: Pane = .tables
    var child = ChildPaneState()
    var stack: [NavigationEntry] = []
    /// The undo and redo history of the current level's view.
    var history = ViewHistory()
    /// What was typed in the `:` and `/` prompts this run, oldest first (↑ and ↓ walk it).
    var promptHistory: [PromptState.Kind: [String]] = [:]
    /// What has the screen and the keys: the grid, a prompt, a popup… (one at a time).
    var mode: Mode = .grid
    var message: StatusMessage?
    /// Every message shown this run, oldest first (the last `messageLogLimit`), for Ctrl-P.
    var messageLog: [StatusMessage] = []
    static let messageLogLimit = 100
    var isFinished = false
    /// `L`: key columns show their parent's label beside the value (`1 · AC/DC`).
    var showsLabels = true
    /// The query running on the worker thread, if any (spinner and Esc-cancels hint).
    var activity: QueryActivity?
    /// What the screen was before the action whose view is loading: restored if it fails or is cancelled.
    var restorePoint: RestorePoint?
    /// What another process did since the last refresh (`R`): data changed, the file replaced or
    /// gone. Shown on the message line until `R`, again after keys that clear it.
    var changeNotice: StatusMessage?
    /// The count typed before `G` (`250G`: go to row 250), shown on the status line; Esc clears it.
    var pendingCount: Int?
    /// Cells the user added to (or took from) the left column with `<` and `>`.
    var leftWidthChange = 0
    /// Another process changed something since the last refresh.
    var dataChanged: Bool { changeNotice != nil }

    /// Keys edit text (a prompt or the jump list is open) instead of acting.
    var takesText: Bool { mode.takesText }

    init(title: String, size: Size) {
        self.title = title
        self.size = size
    }

    var layout: ScreenLayout {
        let content = max(tablesPane.contentWidth, linksPane.contentWidth)
        return ScreenLayout.compute(
            width: size.width, height: size.height, focus: focus, showsSidePane: side.isShown,
            leftContent: content > 0 ? content : nil, leftChange: leftWidthChange, maximizeSide: side.isMaximized && side.isShown)
    }

    /// Lines of content a pane shows (its title line, and the grid header, excluded); at least 1.
    func visibleLines(_ pane: Pane) -> Int {
        let height = pane == .rows ? RowsPaneSplit.gridHeight(self) : layout.panes[pane]?.height ?? 0
        return max(1, height - (pane == .rows ? 2 : 1))
    }

    /// The table whose links the Links pane should show: the open view's, else the selected one.
    var contextTable: String? {
        if let rows { return rows.view.table }
        return selectedTable?.name
    }

    /// The table selected in the Tables pane.
    var selectedTable: TableSummary? {
        guard tablesPane.cursor.hasSelection, tablesPane.cursor.index < tablesPane.tables.count else { return nil }
        return tablesPane.tables[tablesPane.cursor.index]
    }

    /// The link selected in the Links pane.
    var selectedLink: LinkEntry? {
        guard linksPane.cursor.hasSelection, linksPane.cursor.index < linksPane.links.count else { return nil }
        return linksPane.links[linksPane.cursor.index]
    }

    /// The counts of the selected row's to-many links, when computed.
    var selectedLinkCounts: [String: Int]? {
        guard let rows, let counts = linksPane.counts, counts.view == rows.view, counts.rowIndex == rows.cursor.index else {
            return nil
        }
        return counts.counts
    }
}
