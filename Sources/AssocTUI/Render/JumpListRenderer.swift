import AssocText
/// The jump list overlay: a title naming where the paths start, the typed text, one line per
/// reachable table (name, hops, path), and the keys on the last line.
enum JumpListRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let list = state.jumpList, rect.height >= 3, rect.width >= 8 else { return }
        buffer.fill(rect)
        let shown = list.shown
        let from = list.rowLabel.map { " · " + $0 } ?? ""
        let content = PaneChrome.drawTitle(
            "Jump from \(Sanitizer.sanitize(list.origin))\(from)",
            trailing: "\(shown.count) of \(list.targets.count) path\(list.targets.count == 1 ? "" : "s")",
            in: rect, focused: true, buffer: &buffer)
        PromptRenderer.drawText(
            list.query, prefix: " " + list.query.kind.prefix + " ", at: Point(x: content.x, y: content.y), width: content.width,
            buffer: &buffer)
        let listRect = Rect(x: content.x, y: content.y + 1, width: content.width, height: max(0, content.height - 2))
        if shown.isEmpty {
            PaneChrome.drawNote(" No reachable table matches: Backspace widens the list", in: listRect, buffer: &buffer)
        }
        let nameWidth = min(max(8, rect.width / 3), shown.map { TextWidth.width(of: Sanitizer.sanitize($0.table)) }.max() ?? 0)
        for line in 0..<listRect.height {
            let index = list.cursor.top + line
            guard index < shown.count else { break }
            let target = shown[index]
            let point = Point(x: listRect.x + 1, y: listRect.y + line)
            let name = TextWidth.pad(TextWidth.truncate(Sanitizer.sanitize(target.table), toWidth: nameWidth), toWidth: nameWidth)
            let hops = target.hops == 1 ? "1 hop " : "\(target.hops) hops"
            buffer.put(
                [StyledText(name, .header), StyledText("  " + hops + "  ", .dim), StyledText(Sanitizer.sanitize(target.pathText), .link)],
                at: point, maxWidth: listRect.width - 1)
            if index == list.cursor.index { buffer.highlight(Rect(x: listRect.x, y: point.y, width: listRect.width, height: 1)) }
        }
        let keys = keyLine(list)
        buffer.put(
            TextWidth.truncate(keys, toWidth: content.width), at: Point(x: content.x, y: rect.maxY - 1),
            maxWidth: content.width, style: .hint)
    }

    /// What Enter and Ctrl-A open, in words.
    static func keyLine(_ list: JumpListState) -> String {
        let every = list.viewRowCount.map { "all \($0) row\($0 == 1 ? "" : "s")" } ?? "every row"
        if let row = list.rowLabel {
            return "Enter: records linked to \(row) · Ctrl-A: to \(every) · type to narrow · Esc closes"
        }
        return "Enter: records linked to \(every) · type to narrow · Esc closes"
    }
}
