import AssocCore
import AssocText

/// The rows of the view on screen: a loaded window of rows, the cursor over all rows of the
/// view, the selected column (whose `top` is the first visible column) and the SQL that ran.
struct RowsState: Sendable, Equatable {
    var view: RequestView
    /// Root columns, then included ones (`author.name`), then prefetch counts.
    var columns: [GridColumn] = []
    var rootColumnCount = 0
    /// The last page as the data source gave it, before the presentation (hidden, pinned
    /// columns) made `columns` and `rows` from it: a presentation change needs no query. What
    /// the view knows of its last read (scopes, key, statements, paging) is read from it.
    var page: RowsPage?
    /// The scopes of the view's rows and where the request writes them (from the last page).
    var scopeTree: RequestScope? { page?.scopeTree }
    /// How many of `columns` are pinned at the left.
    var pinnedCount = 0
    /// The root table's primary key columns (for row labels).
    var keyColumns: [String] { page?.keyColumns ?? [] }
    /// The loaded window: rows `pageOffset ..< pageOffset + rows.count` of the view.
    var rows: [[DatabaseValue]] = []
    /// Per loaded row (parallel to `rows`, empty when nothing was cut): the full length of each
    /// value read cut, by column index.
    var cutLengths: [[Int: Int]] = []
    var pageOffset: Int = 0
    /// The row count when `isCounted`; until then the rows known to exist (the cursor stops there).
    var totalCount: Int = 0
    /// What is known of the row count, and what the cursor's positions count from.
    var count = RowsCount.counting(goesLast: false)
    var cursor = ListCursor()
    var column = ListCursor()
    /// The statements of the last page (as planned, and exactly as they ran), and the one that
    /// counted the rows.
    var statements: [GeneratedStatement] { page?.statements ?? [] }
    var ranStatements: [GeneratedStatement] { page?.ranStatements ?? [] }
    var countStatement: GeneratedStatement?
    /// How the last page was read (the view's paging method, keyset or OFFSET and why).
    var reading: PageReading? { page?.reading }
    var isLoading = true
    /// The text of the last find (`f`), which `n` and `N` look for again.
    var findText: String?
    /// The statement of the last find on a view without a key (it numbers the rows past the
    /// cursor): the SQL pane shows it, and what it costs.
    var findStatement: GeneratedStatement?
    /// The index of the row positions count from, when it is not the first row's (room above
    /// it: see `RowLine`).
    var zero = 0
    /// What the cursor's indices stand for: indices from the first row, or positions back from
    /// the last row (`G` before the count, until it arrives: `settleEnd`) or from the row a find
    /// or jump reached (`relative`).
    var line: RowLine {
        switch count {
        case .counting, .counted: return .fromFirst
        case .fromLast: return RowLine(origin: .last, zero: zero)
        case .fromFound: return RowLine(origin: .found, zero: zero)
        }
    }
    /// Whether `totalCount` is the row count.
    var isCounted: Bool { count == .counted }
    /// `G` was pressed before the count was known on a view without a key: it goes once counted.
    var pendingLast: Bool { count == .counting(goesLast: true) }
    /// `G` was pressed before the count was known: positions count back from the last row.
    var endIsProvisional: Bool { count == .fromLast }
    /// The row a find or jump placed at `RowPosition.found(0)` before the rows in front of it
    /// were counted (the title shows `?`), until a deferred count or a read reaching the first
    /// row says where it is (`settleRelativeFrame`).
    var relative: RelativeFrame? {
        if case .fromFound(let frame) = count { return frame }
        return nil
    }
    /// The values of the view's order seen at row positions (where keyset pages start), and the
    /// row of the relative frame: sent with each page asked for, a page's added when it comes.
    var anchors = PageAnchors()
    /// After an include or a prefetch: bring the columns of the join at this path into view.
    var revealJoinPath: [Int]?
    /// Per loaded row (parallel to `rows`): the records of each prefetched link.
    var prefetched: [[PrefetchedRows]] = []

    init(view: RequestView) {
        self.view = view
    }

    /// The cursor's row, as the pager places it.
    var cursorPosition: RowPosition { line.position(at: cursor.index) }

    /// The row count, when known: the pager reads a view's last rows backwards from it.
    var countIfKnown: Int? { isCounted ? totalCount : nil }

    /// The index of `position` on the cursor's line; nil when it counts from a row the line does
    /// not (a page of a frame the cursor left while it was read).
    func index(of position: RowPosition) -> Int? {
        if let index = line.index(of: position) { return index }
        // Counted back from an end the count has settled meanwhile.
        if position.origin == .last, isCounted { return totalCount - 1 + position.offset }
        return nil
    }

    /// Keeps room above the cursor (and `position`, when given) on a line whose origin's index is
    /// not known: within half the room of index 0, everything moves down by the room.
    mutating func keepRoomAbove(_ position: RowPosition? = nil) {
        guard line.origin != .first else { return }
        var lowest = min(cursor.top, cursor.index)
        if let position, let index = line.index(of: position) { lowest = min(lowest, index) }
        guard lowest < RowLine.room / 2 else { return }
        let shift = (RowLine.room / 2 - lowest + RowLine.room - 1) / RowLine.room * RowLine.room
        zero += shift
        pageOffset += shift
        totalCount += shift
        cursor = ListCursor(count: totalCount, index: cursor.index + shift, top: cursor.top + shift)
    }

    /// The row whose order has `values` takes the cursor at `RowPosition.found(0)`: the loaded
    /// rows (of another frame) go, the rows known to exist are the row itself until pages come.
    mutating func enterRelativeFrame(at values: [DatabaseValue], visible: Int) {
        let known = relative?.count ?? countIfKnown
        count = .fromFound(RelativeFrame(values: values, count: known))
        zero = RowLine.room
        rows = []
        prefetched = []
        anchors.startFoundFrame(at: values)
        let position = line.zero
        pageOffset = position
        totalCount = position + 1
        cursor = ListCursor(count: totalCount, index: position, top: cursor.top).scrolledToShowSelection(visible: visible)
    }

    /// Back to real positions without knowing the relative ones (`g`, `G`): the loaded rows go; the
    /// row count is the one counted meanwhile, if any.
    mutating func leaveRelativeFrame() {
        guard let frame = relative else { return }
        anchors.leaveFoundFrame()
        rows = []
        prefetched = []
        pageOffset = 0
        if let known = frame.count {
            count = .counted
            totalCount = known
        } else {
            count = .counting(goesLast: false)
            totalCount = 1
        }
        cursor = cursor.resized(to: totalCount)
    }

    /// The row of the relative frame is at `location.position`: every relative position moves by
    /// the same amount, so the same rows stay on the same lines. False when `location` is of
    /// another row (an earlier jump's).
    @discardableResult
    mutating func settleRelativeFrame(_ location: RowLocation, visible: Int) -> Bool {
        guard let frame = relative, frame.values == location.values else { return false }
        anchors.settleFoundFrame(foundAt: location.position)
        let shift = location.position - zero
        pageOffset = max(0, pageOffset + shift)
        if let known = frame.count {
            count = .counted
            totalCount = known
        } else {
            count = .counting(goesLast: false)
            totalCount = max(1, totalCount + shift, pageOffset + rows.count)
        }
        cursor = ListCursor(count: totalCount, index: cursor.index + shift, top: cursor.top + shift)
            .scrolledToShowSelection(visible: visible)
        return true
    }

    /// The view has `counted` rows: positions that counted back from the provisional end become
    /// indices, the same rows on the same lines; a `G` waiting for the count goes to the last row.
    /// False while positions count from a found row (the count waits for its position).
    @discardableResult
    mutating func settleCount(_ counted: Int, visible: Int) -> Bool {
        switch count {
        case .fromFound(var frame):
            frame.count = counted
            count = .fromFound(frame)
            return false
        case .fromLast:
            let last = line
            func settled(_ index: Int) -> Int { counted - 1 + last.position(at: index).offset }
            pageOffset = max(0, settled(pageOffset))
            cursor = ListCursor(count: counted, index: settled(cursor.index), top: settled(cursor.top))
                .scrolledToShowSelection(visible: visible)
        case .counting, .counted:
            break
        }
        let goesLast = pendingLast
        count = .counted
        totalCount = counted
        cursor = cursor.resized(to: counted)
        if goesLast { cursor = cursor.moved(to: cursor.lastIndex) }
        return true
    }

    /// A `G` waiting for the count no longer does (the count was stopped, or another key moved).
    mutating func stopGoingLast() {
        if pendingLast { count = .counting(goesLast: false) }
    }

    /// The cursor's position over the row count, for titles: `42/1000`, `42/200+…` while
    /// counting, `last−3/…` near a provisional end, `?/1000` while the position of the row a
    /// find or jump reached is being counted.
    var counterLabel: String {
        if let relative { return "?/" + (relative.count.map(String.init) ?? "…") }
        if isCounted { return "\(cursor.index + 1)/\(totalCount)" }
        guard endIsProvisional else { return "\(cursor.index + 1)/\(totalCount)+…" }
        let back = -cursorPosition.offset
        return back == 0 ? "last/…" : "last−\(back)/…"
    }

    /// Row `index` of the view when it is loaded, nil otherwise.
    func row(at index: Int) -> [DatabaseValue]? {
        let local = index - pageOffset
        guard local >= 0, local < rows.count else { return nil }
        return rows[local]
    }

    /// The full length of the value at `column` of row `index` when the page read it cut (the
    /// browser reads `ReadLimits.cellPreview` of a value), nil when it is whole.
    func cutLength(at index: Int, column: Int) -> Int? {
        let local = index - pageOffset
        guard local >= 0, local < cutLengths.count else { return nil }
        return cutLengths[local][column]
    }

    /// The selected row, when loaded.
    var selectedRow: [DatabaseValue]? { cursor.hasSelection ? row(at: cursor.index) : nil }

    /// The root table's columns and values of the selected row (what following a link needs).
    var selectedRootRow: (columns: [String], values: [DatabaseValue])? {
        guard let row = selectedRow else { return nil }
        var names: [String] = []
        var values: [DatabaseValue] = []
        for (column, value) in zip(columns, row) where column.isRoot {
            names.append(column.name)
            values.append(value)
        }
        return (names, values)
    }

    /// Whether rows `range` are all in the loaded window.
    func isLoaded(_ range: Range<Int>) -> Bool {
        let clipped = range.clamped(to: 0..<max(0, totalCount))
        if clipped.isEmpty { return true }
        return clipped.lowerBound >= pageOffset && clipped.upperBound <= pageOffset + rows.count
    }

    /// `#1 AC/DC`: the primary key of the selected row and its first text value, for breadcrumbs.
    var selectedRowLabel: String {
        guard let root = selectedRootRow else { return "row \(cursor.index + 1)" }
        var key: [String] = []
        for name in keyColumns {
            guard let index = root.columns.firstIndex(of: name) else { continue }
            key.append(RowsState.plain(root.values[index]))
        }
        var label = key.isEmpty ? "row \(cursor.index + 1)" : "#" + key.joined(separator: ",")
        for (name, value) in zip(root.columns, root.values) where !keyColumns.contains(name) {
            if case .text(let text) = value {
                label += " " + TextWidth.truncate(Sanitizer.sanitize(String(text.prefix(100))), toWidth: 24)
                break
            }
        }
        return label
    }

    /// A value as plain text: text as it is, other values as the grid shows them.
    static func plain(_ value: DatabaseValue) -> String {
        switch value {
        case .text(let text): return text
        default: return ValueFormatter.cell(value).text
        }
    }
}

/// What the rows pane knows of its view's row count, and what the cursor's positions count
/// from: one state where four flags could disagree.
enum RowsCount: Sendable, Equatable {
    /// Not counted yet: `totalCount` is the rows known to exist. `goesLast`: `G` on a view with no
    /// key to page on waits for the count.
    case counting(goesLast: Bool)
    /// Counted: `totalCount` is the row count.
    case counted
    /// `G` before the count, on a view paged by key: positions count back from the last row.
    case fromLast
    /// A find or jump placed its row before the rows in front of it were counted: positions count
    /// from it.
    case fromFound(RelativeFrame)
}

/// The row a find or jump reached (the values of the view's order there) and the view's row count
/// when known: the frame of positions relative to that row.
struct RelativeFrame: Sendable, Equatable {
    var values: [DatabaseValue]
    var count: Int?
}
