import AssocText

/// The breadcrumb (first line), the hint or message line (last line), and the help overlay.
enum ChromeRenderer {
    /// `title › artists › albums`: the views on the navigation stack, then the current one.
    static func breadcrumb(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var segments: [[StyledText]] = []
        // The trail starts at the last table opened from the Tables pane (Backspace still goes back further).
        let trailStart = (state.stack.lastIndex { $0.nextStartsTrail }).map { $0 + 1 } ?? 0
        let views = state.stack[trailStart...].compactMap { $0.rows?.view } + (state.rows.map { [$0.view] } ?? [])
        for view in views {
            if let rowLabel = view.rowLabel {
                segments.append([StyledText(" › ", .dim), StyledText(rowLabel, .dim)])
            }
            var segment = [StyledText(" › ", .dim), StyledText(view.title)]
            let includes = ViewSummary.includes(of: view.request)
            if !includes.isEmpty { segment.append(StyledText(" [" + includes.joined(separator: " ") + "]", .link)) }
            if let summary = ViewSummary.refinements(of: view.request) { segment.append(StyledText(" " + summary, .dim)) }
            segments.append(segment)
        }
        // Too wide: the oldest levels give way to "…", the current view stays (cut on its right
        // only when it alone is wider than the screen).
        let title = [StyledText(state.title, .title)]
        func width(_ spans: [StyledText]) -> Int { spans.reduce(0) { $0 + TextWidth.width(of: Sanitizer.sanitize($1.text)) } }
        var dropped = 0
        while dropped < segments.count - 1,
            width(title) + (dropped > 0 ? 2 : 0) + width(Array(segments[dropped...].joined())) > rect.width
        {
            dropped += 1
        }
        var spans = title
        if dropped > 0 { spans.append(StyledText(" …", .dim)) }
        spans += segments[dropped...].joined()
        buffer.put(spans, at: Point(x: rect.x, y: rect.y), maxWidth: rect.width)
    }

    /// The keys of the record view (`v`), in its hint line and in what an idle key there says.
    static let recordHints: [(key: String, text: String)] = [
        ("← →", "previous / next record"), ("↑ ↓", "scroll"), ("g", "top"), ("L", "labels"), ("Esc", "close")
    ]

    /// The keys of a view that takes the grid's place or covers the panes (its line of the help's
    /// extras), nil for the grid, the record view (`recordHints`) and the text-taking modes.
    static func modeKeys(_ mode: Mode) -> String? {
        let name: String
        switch mode {
        case .frequency: name = "frequencies"
        case .summary: name = "summary"
        case .cardinality: name = "cardinality"
        case .schemaMap: name = "schema map"
        case .help, .messages: return "↑ ↓ PgUp PgDn scroll · Esc closes"
        case .grid, .record, .jumpList, .prompt, .export: return nil
        }
        return HelpContent.extras.first { $0.0 == name }?.1
    }

    /// The message when there is one, else the keys of the hint line from the keymap.
    static func hintLine(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        // A background count's spinner never hides a message.
        if let activity = state.activity, !activity.isBackground || state.message == nil {
            buffer.put(
                TextWidth.truncate(activity.text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y),
                maxWidth: rect.width, style: .message)
            return
        }
        if let count = state.pendingCount {
            // The count typed so far (`250` of `250G`).
            let text = "\(count)  G: go to row \(count) · Esc: cancel the count"
            buffer.put(TextWidth.truncate(text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, style: .message)
            return
        }
        if let message = state.message {
            // Too long for one line: the line above (the body's last) takes its beginning; past two
            // lines it ends with "…", and Ctrl-P shows it whole.
            let lines = messageLines(message.text, width: rect.width, room: rect.y > 0 ? 2 : 1)
            for (offset, line) in lines.enumerated() {
                let y = rect.y - (lines.count - 1 - offset)
                buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1))
                buffer.put(line, at: Point(x: rect.x, y: y), maxWidth: rect.width, style: message.isError ? .error : .message)
            }
            return
        }
        var spans: [StyledText] = []
        if case .record = state.mode {
            // The record view has keys of its own: the grid's would do nothing there.
            for (offset, hint) in recordHints.enumerated() {
                if offset > 0 { spans.append(StyledText("  ", .hint)) }
                spans.append(StyledText(hint.key, .hintKey))
                spans.append(StyledText(" " + hint.text, .hint))
            }
            buffer.put(spans, at: Point(x: rect.x, y: rect.y), maxWidth: rect.width)
            return
        }
        if let keys = modeKeys(state.mode) {
            // A view over the panes has keys of its own: the grid's would do something else there.
            buffer.put(TextWidth.truncate(keys, toWidth: rect.width), at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, style: .hint)
            return
        }
        // The link `+ - t p a` act on, whole: the Links pane may cut its name.
        let link = (state.focus == .links || state.focus == .rows) && state.rows != nil ? state.selectedLink : nil
        if let link, state.focus == .links {
            spans.append(StyledText(link.namePath.joined(separator: "."), .link))
            spans.append(StyledText(" \(link.association.kind.rawValue) \(link.association.destination)  ", .hint))
        }
        // Include keys act on an open view: the start screen leaves them out.
        let hints = state.rows == nil ? Keymap.hints.filter { $0.key != "+" && $0.key != "t" } : Keymap.hints
        for (offset, hint) in hints.enumerated() {
            if offset > 0 { spans.append(StyledText("  ", .hint)) }
            spans.append(StyledText(hint.key, .hintKey))
            var text = " " + hint.text
            if let link, (hint.key == "+" && !link.association.isToMany && !link.isIncluded) || (hint.key == "t" && link.isIncluded) {
                text += " " + link.association.name
            }
            spans.append(StyledText(text, .hint))
        }
        buffer.put(spans, at: Point(x: rect.x, y: rect.y), maxWidth: rect.width)
    }

    /// A message in at most `room` lines of `width`, cut at word boundaries, the last line ending
    /// with "… (Ctrl-P)" when the message is longer still.
    static func messageLines(_ text: String, width: Int, room: Int) -> [String] {
        let text = Sanitizer.sanitize(text)
        guard width > 0, room > 0 else { return [] }
        guard TextWidth.width(of: text) > width else { return [text] }
        var lines = TextWrap.lines(text, width: width)
        if lines.count > room {
            let more = "… (Ctrl-P)"
            lines = Array(lines.prefix(room))
            let last = lines[lines.count - 1]
            lines[lines.count - 1] = TextWidth.truncate(last, toWidth: max(0, width - TextWidth.width(of: more))) + more
        }
        return lines
    }

    /// The messages of this run, newest first, wrapped (Ctrl-P), scrolled by `scroll` lines.
    static func messageLog(_ state: AppState, scroll: Int, in rect: Rect, buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect)
        let content = PaneChrome.drawTitle(
            "Messages", trailing: "\(state.messageLog.count) · newest first · Esc closes", in: rect, focused: true, buffer: &buffer)
        let lines = messageLogLines(state, width: content.width - 1)
        if lines.isEmpty { PaneChrome.drawNote(" No message yet", in: content, buffer: &buffer) }
        // Never past the last screenful (a taller terminal after a resize shows more, not less).
        let start = min(max(0, scroll), max(0, lines.count - content.height))
        for line in 0..<content.height {
            let index = start + line
            guard index < lines.count else { break }
            buffer.put([lines[index]], at: Point(x: content.x + 1, y: content.y + line), maxWidth: content.width - 1)
        }
    }

    /// The message log's lines at `width`: each message wrapped, errors in their role.
    static func messageLogLines(_ state: AppState, width: Int) -> [StyledText] {
        state.messageLog.reversed().flatMap { message in
            TextWrap.lines(Sanitizer.sanitize(message.text), width: max(1, width - 2)).enumerated().map { offset, line in
                StyledText((offset == 0 ? "• " : "  ") + line, message.isError ? .error : .normal)
            }
        }
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
