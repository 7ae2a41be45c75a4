import AssocCore

/// The Tables pane: the database's tables and views with their counts, and the selection.
struct TablesPaneState: Sendable, Equatable {
    var tables: [TableSummary] = []
    var cursor = ListCursor()
    /// The cells the pane's lines need (set when the tables load).
    var contentWidth = 0
}

/// The Links pane: the associations of `table`, then those of its view's includes, and the
/// record counts of the selected row's to-many links.
struct LinksPaneState: Sendable, Equatable {
    var links: [LinkEntry] = []
    /// The table whose links are listed.
    var table: String?
    var cursor = ListCursor()
    /// The name of the link selected when a view was opened: the pane starts there.
    var preferredName: String?
    /// The table of the view the user left when that view was opened.
    var cameFrom: String?
    /// Record counts of the to-many links of the selected row, and the row they were asked for.
    var counts: LinkCounts?
    var countsAsked: LinkCounts?
    /// The cells the pane's lines need (set with the links).
    var contentWidth = 0
}

/// The side pane under the Rows pane: its tab (the SQL of the view, or its Swift code), scroll
/// and size.
struct SidePaneState: Sendable, Equatable {
    /// Shown at all (`b` toggles it).
    var isShown = true
    /// Takes the whole body (`z`).
    var isMaximized = false
    var tab: SideTab = .sql
    /// The first line shown (SQL or Swift, whichever tab is current).
    var scroll = 0
    /// The first column shown (the Swift code's lines are cut, not wrapped).
    var column = 0
    /// The Swift code of the current view (asked once per view), the view it was asked for, and
    /// whether it asked for the request alone.
    var swiftCode: SwiftCodeState?
    var swiftCodeAsked: RequestView?
    var swiftCodeAskedRequestOnly = false
    /// `r`: the Swift tab shows the request alone, not the whole code.
    var swiftRequestOnly = false
    /// `r` on the SQL tab: the statements exactly as they ran for the page on screen (each cell
    /// cut in SQL, the keyset bounds bound), not the readable plan.
    var sqlAsRan = false
}

/// The child pane beside the grid: the prefetched records of the selected row.
struct ChildPaneState: Sendable, Equatable {
    /// The pane has the keys, not the grid (the Rows pane focused).
    var isFocused = false
    /// The selected record and scroll; reset when the selected row changes.
    var cursor = ListCursor()
    /// The row whose records `cursor` is over.
    var row: Int?
}
