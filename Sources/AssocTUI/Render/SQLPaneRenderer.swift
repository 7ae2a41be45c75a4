import AssocCore

/// The SQL pane: the statement behind the Rows pane, keywords highlighted, wrapped on word
/// boundaries, followed by its bound arguments.
enum SQLPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let asRan = state.side.sqlAsRan && state.frequency == nil && state.summary == nil
        let content = PaneChrome.drawTitle(
            SideTabBar.title(state) + (asRan ? " · as ran" : ""),
            trailing: state.focus == .side ? (asRan ? "r as planned  " : "r as ran  ") : "",
            in: rect, focused: state.focus == .side, buffer: &buffer)
        guard !content.isEmpty else { return }
        let lines = SQLPaneText.lines(for: state, width: content.width)
        guard !lines.isEmpty else {
            PaneChrome.drawNote("(the SQL of the open view shows here)", in: content, buffer: &buffer)
            return
        }
        for line in 0..<content.height {
            let index = state.side.scroll + line
            guard index < lines.count else { break }
            buffer.put(lines[index], at: Point(x: content.x, y: content.y + line), maxWidth: content.width)
        }
    }
}
