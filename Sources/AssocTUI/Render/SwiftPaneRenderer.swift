/// The side pane's Swift tab: the current view as Swift code (`SwiftCodeGenerator`), scrollable
/// with the side pane's scroll offset (`sideScroll`). Long lines are cut, not wrapped, so the code stays pasteable.
enum SwiftPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let widest = SwiftPaneText.widestLine(state)
        let cutLeft = state.side.column > 0 ? "◀ " : ""
        let cutRight = widest - state.side.column > rect.width ? " ▶" : ""
        let content = PaneChrome.drawTitle(
            SideTabBar.title(state) + (state.side.swiftRequestOnly ? " · request only" : ""),
            trailing: (state.side.swiftRequestOnly ? "r whole code  " : "r request only  ") + cutLeft
                + (state.side.isMaximized ? "z back" : "[ ] tabs  z zoom") + cutRight,
            in: rect, focused: state.focus == .side, buffer: &buffer)
        guard !content.isEmpty else { return }
        let lines = SwiftPaneText.lines(state, width: content.width)
        guard !lines.isEmpty else {
            PaneChrome.drawNote(
                state.rows == nil ? "(the Swift code of the open view shows here)" : "(generating…)", in: content, buffer: &buffer)
            return
        }
        for line in 0..<content.height {
            let index = state.side.scroll + line
            guard index < lines.count else { break }
            buffer.put(
                StyledText.dropping(state.side.column, from: lines[index]), at: Point(x: content.x, y: content.y + line),
                maxWidth: content.width)
        }
    }
}
