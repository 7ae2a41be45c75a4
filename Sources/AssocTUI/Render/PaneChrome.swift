import AssocText
/// The parts every pane shares: a title line, the message shown when a pane is empty, and the
/// lines of a list pane.
enum PaneChrome {
    /// Draws `title` on the first line of `rect` followed by a rule ("─ Tables ── 11 ─", heavy
    /// "━ Rows: Album ━━" when the pane has the focus),
    /// with `trailing` right-aligned; returns the rectangle left for content. A `counter` trailing
    /// text (where the user is: "1/6 · col 2/5") is never cut for the title: the title is cut instead.
    @discardableResult
    static func drawTitle(
        _ title: String, trailing: String = "", counter: Bool = false, in rect: Rect, focused: Bool, buffer: inout ScreenBuffer
    ) -> Rect {
        guard !rect.isEmpty else { return rect }
        let y = rect.y
        // The focused pane's rule is heavy: its focus shows without colours too.
        let rule = focused ? "━" : "─"
        buffer.put(
            String(repeating: rule, count: rect.width), at: Point(x: rect.x, y: y), maxWidth: rect.width,
            style: focused ? .focusedBorder : .border)
        // A counter is what the user reads to know where they are: it keeps its room and the title
        // is cut instead, down to a few cells of its own. Other trailing text gets half the line.
        let titleMinimum = min(TextWidth.width(of: title), 6)
        let trailingRoom = counter ? max(0, rect.width - titleMinimum - 6) : max(0, rect.width / 2)
        let trailingText = trailing.isEmpty || trailingRoom == 0 ? "" : " " + TextWidth.truncate(trailing, toWidth: trailingRoom) + " "
        let trailingWidth = TextWidth.width(of: trailingText)
        // Layout: rule, " title ", rules, " trailing ", rule.
        let titleRoom = trailingWidth > 0 ? rect.width - trailingWidth - 4 : rect.width - 3
        let titleText = " " + TextWidth.truncate(title, toWidth: max(0, titleRoom)) + " "
        let used = buffer.put(
            titleText, at: Point(x: rect.x + 1, y: y), maxWidth: rect.width - 1,
            style: focused ? .focusedTitle : .title)
        if trailingWidth > 0, 1 + used + trailingWidth <= rect.width - 1 {
            buffer.put(trailingText, at: Point(x: rect.maxX - trailingWidth - 1, y: y), maxWidth: trailingWidth, style: .title)
        }
        return rect.droppingTop(1)
    }

    /// A dim note on the first content line (an empty list, nothing opened yet).
    static func drawNote(_ text: String, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.put(TextWidth.truncate(text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, style: .dim)
    }

    /// A list pane (Tables, Links): its title with the item count, `empty` when there is no item,
    /// else one line per visible item from the cursor's top, the cursor's line filled when the pane
    /// has the focus. `drawItem` draws item `index` at `origin` within `width` cells, given
    /// whether its line is highlighted (the focused cursor) and whether it is the cursor's.
    static func drawList(
        title: String, count: Int, empty: String, cursor: ListCursor, focused: Bool, in rect: Rect,
        buffer: inout ScreenBuffer,
        drawItem: (_ index: Int, _ origin: Point, _ width: Int, _ highlighted: Bool, _ selected: Bool, inout ScreenBuffer) -> Void
    ) {
        let content = drawTitle(title, trailing: String(count), counter: true, in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty else { return }
        if count == 0 {
            drawNote(empty, in: content, buffer: &buffer)
            return
        }
        for line in 0..<content.height {
            let index = cursor.top + line
            guard index < count else { break }
            let y = content.y + line
            let selected = index == cursor.index
            let highlighted = selected && focused
            if highlighted { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), highlighted: true) }
            drawItem(index, Point(x: content.x, y: y), content.width, highlighted, selected, &buffer)
        }
    }
}
