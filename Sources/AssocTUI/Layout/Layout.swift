/// Where everything goes on screen, computed from the terminal size alone (plus which pane has
/// the focus and whether the side pane is shown): a pure function, re-run on every resize.
///
/// At 80×24: breadcrumb on the first line, hint line on the last; a left column (Tables above
/// Links) and, right of a one-cell separator, Rows above the side pane (SQL, Swift).
/// Narrower than 60 columns only the focused pane is shown, full width. Lower than 12 lines the
/// side pane goes; lower than 8 the Links pane goes (focusing it shows it in place of Tables).
/// The left column takes a quarter of the screen (18 to 40 cells), more when its lines need it, up
/// to two fifths (`LeftColumnWidth`); larger screens widen the side pane (up to 10 lines).
struct ScreenLayout: Sendable, Equatable {
    var breadcrumb: Rect?
    var hint: Rect?
    /// The vertical separator between the left column and the right one.
    var separator: Rect?
    var panes: [Pane: Rect]

    static let minimumSplitWidth = 60

    /// `leftContent`: the cells the left column's lines need (nil: a quarter of the screen);
    /// `leftChange`: what the user added to it (see `LeftColumnWidth`).
    static func compute(
        width: Int, height: Int, focus: Pane, showsSidePane: Bool = true, leftContent: Int? = nil, leftChange: Int = 0,
        maximizeSide: Bool = false
    ) -> ScreenLayout {
        let width = max(0, width)
        let height = max(0, height)
        var layout = ScreenLayout(breadcrumb: nil, hint: nil, separator: nil, panes: [:])
        guard width > 0, height > 0 else { return layout }
        var bodyTop = 0
        var bodyHeight = height
        if height >= 2 {
            layout.hint = Rect(x: 0, y: height - 1, width: width, height: 1)
            bodyHeight -= 1
        }
        if height >= 4 {
            layout.breadcrumb = Rect(x: 0, y: 0, width: width, height: 1)
            bodyTop = 1
            bodyHeight -= 1
        }
        let body = Rect(x: 0, y: bodyTop, width: width, height: bodyHeight)
        guard !body.isEmpty else { return layout }

        if maximizeSide {
            layout.panes[.side] = body
            return layout
        }
        if width < minimumSplitWidth {
            layout.panes[focus] = body
            return layout
        }
        let leftWidth = LeftColumnWidth.width(screenWidth: width, content: leftContent, change: leftChange)
        let left = Rect(x: 0, y: body.y, width: leftWidth, height: body.height)
        let right = Rect(x: leftWidth + 1, y: body.y, width: width - leftWidth - 1, height: body.height)
        layout.separator = Rect(x: leftWidth, y: body.y, width: 1, height: body.height)

        // Left column: Tables above Links, or whichever is focused when there is no room for both.
        if body.height >= 8 {
            let tablesHeight = (body.height * 3 + 4) / 5
            layout.panes[.tables] = left.top(tablesHeight)
            layout.panes[.links] = left.droppingTop(tablesHeight)
        } else {
            layout.panes[focus == .links ? .links : .tables] = left
        }
        // Right column: Rows above the side pane.
        if showsSidePane && body.height >= 12 {
            let sideHeight = min(10, max(4, body.height / 4))
            layout.panes[.rows] = right.top(right.height - sideHeight)
            layout.panes[.side] = right.droppingTop(right.height - sideHeight)
        } else {
            layout.panes[focus == .side ? .side : .rows] = right
        }
        return layout
    }
}

extension ScreenLayout {
    /// The screen between the breadcrumb and the hint line.
    static func bodyRect(_ layout: ScreenLayout, size: Size) -> Rect {
        let top = layout.breadcrumb == nil ? 0 : 1
        let bottom = layout.hint == nil ? 0 : 1
        return Rect(x: 0, y: top, width: size.width, height: size.height - top - bottom)
    }
}
