/// The breadcrumb (first line), the hint or message line (last line), and the help overlay.
enum ChromeRenderer {
    /// `title › artists › albums`: the views on the navigation stack, then the current one.
    static func breadcrumb(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var spans = [StyledText(state.title, .title)]
        let views = state.stack.compactMap { $0.rows?.view } + (state.rows.map { [$0.view] } ?? [])
        for view in views {
            if let rowLabel = view.rowLabel {
                spans.append(StyledText(" › ", .dim))
                spans.append(StyledText(rowLabel, .dim))
            }
            spans.append(StyledText(" › ", .dim))
            spans.append(StyledText(view.title))
            let includes = ViewSummary.includes(of: view.request)
            if !includes.isEmpty { spans.append(StyledText(" [" + includes.joined(separator: " ") + "]", .link)) }
            if let summary = ViewSummary.refinements(of: view.request) { spans.append(StyledText(" " + summary, .dim)) }
        }
        buffer.put(spans, at: Point(x: rect.x, y: rect.y), maxWidth: rect.width)
    }

    /// The message when there is one, else the keys of the hint line from the keymap.
    static func hintLine(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        // A background count's spinner never hides a message.
        if let activity = state.activity, !activity.isBackground || state.message == nil {
            buffer.put(TextWidth.truncate(activity.text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y),
                       maxWidth: rect.width, style: .message)
            return
        }
        if let message = state.message {
            buffer.put(TextWidth.truncate(message.text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y),
                       maxWidth: rect.width, style: message.isError ? .error : .message)
            return
        }
        var spans: [StyledText] = []
        for (offset, hint) in Keymap.hints.enumerated() {
            if offset > 0 { spans.append(StyledText("  ", .hint)) }
            spans.append(StyledText(hint.key, .hintKey))
            spans.append(StyledText(" " + hint.text, .hint))
        }
        buffer.put(spans, at: Point(x: rect.x, y: rect.y), maxWidth: rect.width)
    }

    /// The help screen over `rect`, scrolled by `scroll` lines.
    static func help(scroll: Int, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect)
        let content = PaneChrome.drawTitle("Help: keys by group", trailing: "Esc closes", in: rect, focused: true, buffer: &buffer)
        let lines = HelpContent.lines
        let start = min(max(0, scroll), max(0, lines.count - 1))
        for line in 0..<content.height {
            let index = start + line
            guard index < lines.count else { break }
            buffer.put(lines[index], at: Point(x: content.x + 1, y: content.y + line), maxWidth: content.width - 1)
        }
    }
}
