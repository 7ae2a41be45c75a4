/// The mouse, mapped through the pure layout: a click focuses the pane under it and selects the
/// row (and grid column), table, link or side-pane tab there, or a line of the schema map; the
/// wheel scrolls the pane under the pointer by 3 lines (or the popup shown).
extension Reducer {
    /// What is under the cell (`x`, `y`).
    enum MouseTarget: Equatable {
        case pane(Pane)
        /// A line of a list pane's content (index in the list, not on screen).
        case item(Pane, Int)
        case sideTab(SideTab)
        case nothing
    }

    static let wheelStep = 3

    static func mouseTarget(x: Int, y: Int, in state: AppState) -> MouseTarget {
        let point = Point(x: x, y: y)
        for (pane, rect) in state.layout.panes where rect.contains(point) {
            switch pane {
            case .side:
                if y == rect.y, let tab = SideTabBar.tab(atColumn: x, in: rect, state: state) { return .sideTab(tab) }
                return .pane(.side)
            case .tables:
                guard y > rect.y else { return .pane(pane) }
                if let filtered = tableFilterList(state, visible: rect.height - 1) {
                    let line = filtered.cursor.top + (y - rect.y - 1)
                    return line < filtered.shown.count ? .item(.tables, filtered.shown[line]) : .pane(pane)
                }
                let index = state.tablesPane.cursor.top + (y - rect.y - 1)
                return index < state.tablesPane.tables.count ? .item(.tables, index) : .pane(pane)
            case .links:
                guard y > rect.y else { return .pane(pane) }
                let index = state.linksPane.cursor.top + (y - rect.y - 1)
                return index < state.linksPane.links.count ? .item(.links, index) : .pane(pane)
            case .rows:
                // Title line, then the grid's header line.
                guard y > rect.y + 1, let rows = state.rows else { return .pane(pane) }
                let index = rows.cursor.top + (y - rect.y - 2)
                return index < rows.totalCount ? .item(.rows, index) : .pane(pane)
            }
        }
        return .nothing
    }

    static func reduceMouse(_ state: inout AppState, x: Int, y: Int, kind: MouseKind) -> [Effect] {
        if var map = state.schemaMap, kind == .click {
            // A click on a line of the map selects it (Enter then opens or re-centres).
            let body = ScreenLayout.bodyRect(state.layout, size: state.size)
            let index = map.cursor.top + (y - body.y - 1)
            if y > body.y, index < map.lines.count { map.cursor = map.cursor.moved(to: index) }
            state.schemaMap = map
            return []
        }
        if state.mode.coversPanes || state.exportPrompt != nil {
            // Over a popup the wheel scrolls it; clicks are ignored.
            switch kind {
            case .wheelUp: return reduce(&state, .action(.moveUp))
            case .wheelDown: return reduce(&state, .action(.moveDown))
            case .click: return []
            }
        }
        let target = mouseTarget(x: x, y: y, in: state)
        switch kind {
        case .wheelUp, .wheelDown:
            let pane: Pane
            switch target {
            case .pane(let p), .item(let p, _): pane = p
            case .sideTab: pane = .side
            case .nothing: return []
            }
            state.focus = pane
            let step = kind == .wheelUp ? -wheelStep : wheelStep
            return move(&state) { $0.moved(by: step) }
        case .click:
            switch target {
            case .nothing:
                return []
            case .pane(let pane):
                state.focus = pane
                if pane == .rows { selectColumn(&state, atX: x) }
                return []
            case .sideTab(let tab):
                state.focus = .side
                state.side.tab = tab
                state.side.scroll = 0
                return []
            case .item(let pane, let index):
                state.focus = pane
                if pane == .rows { selectColumn(&state, atX: x) }
                return move(&state) { $0.moved(to: index) }
            }
        }
    }
}

extension Reducer {
    /// The grid column drawn at screen column `x`, as the renderer lays the columns out.
    static func gridColumn(atX x: Int, in state: AppState) -> Int? {
        guard let rows = state.rows, let rect = state.layout.panes[.rows] else { return nil }
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows), labels: state.showsLabels)
        let first = GridGeometry.firstColumn(
            showing: rows.column.index, from: rows.column.top, widths: widths, paneWidth: rect.width, pinned: rows.pinnedCount)
        var start = rect.x
        for column in GridGeometry.visibleColumns(from: first, widths: widths, paneWidth: rect.width, pinned: rows.pinnedCount) {
            let end = start + widths[column]
            if x >= start && x < end + GridGeometry.separatorWidth { return column }
            start = end + GridGeometry.separatorWidth
        }
        return nil
    }

    private static func selectColumn(_ state: inout AppState, atX x: Int) {
        guard var rows = state.rows, let column = gridColumn(atX: x, in: state) else { return }
        rows.column = rows.column.moved(to: column)
        state.rows = rows
    }
}

extension Rect {
    /// Whether the cell `point` is inside.
    func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}
