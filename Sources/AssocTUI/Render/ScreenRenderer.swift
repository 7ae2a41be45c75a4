import AssocText

/// The whole screen from the state: a pure function, so tests compare its text with a screen
/// written by hand.
enum ScreenRenderer {
    static func render(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.size.width, height: state.size.height)
        let layout = state.layout
        if let rect = layout.breadcrumb { ChromeRenderer.breadcrumb(state, in: rect, buffer: &buffer) }
        if let separator = layout.separator {
            for y in separator.y..<separator.maxY {
                buffer.put("│", at: Point(x: separator.x, y: y), maxWidth: 1, style: .border)
            }
        }
        for (pane, rect) in layout.panes {
            switch pane {
            case .tables: TablesPaneRenderer.render(state, in: rect, buffer: &buffer)
            case .rows:
                let split = RowsPaneSplit.split(rect, state: state)
                if state.frequency != nil {
                    FrequencyRenderer.render(state, in: split.grid, buffer: &buffer)
                } else if state.summary != nil {
                    SummaryRenderer.render(state, in: split.grid, buffer: &buffer)
                } else {
                    RowsGridRenderer.render(state, in: split.grid, buffer: &buffer)
                }
                if let child = split.child { ChildPaneRenderer.render(state, in: child, buffer: &buffer) }
            case .links: LinksPaneRenderer.render(state, in: rect, buffer: &buffer)
            case .side:
                if state.side.tab == .swift {
                    SwiftPaneRenderer.render(state, in: rect, buffer: &buffer)
                } else {
                    SQLPaneRenderer.render(state, in: rect, buffer: &buffer)
                }
            }
        }
        let body = ScreenLayout.bodyRect(layout, size: state.size)
        switch state.mode {
        case .help(let scroll, _): ChromeRenderer.help(scroll: scroll, in: body, buffer: &buffer)
        case .record(let scroll): RecordViewRenderer.render(state, scroll: scroll, in: body, buffer: &buffer)
        case .messages(let scroll): ChromeRenderer.messageLog(state, scroll: scroll, in: body, buffer: &buffer)
        case .schemaMap: SchemaMapRenderer.render(state, in: body, buffer: &buffer)
        case .cardinality: CardinalityRenderer.render(state, in: body, buffer: &buffer)
        case .jumpList: JumpListRenderer.render(state, in: body, buffer: &buffer)
        case .grid, .frequency, .summary, .prompt, .export: break
        }
        // After the panes and overlays: a long message takes the line above the hint line.
        if let rect = layout.hint { ChromeRenderer.hintLine(state, in: rect, buffer: &buffer) }
        switch state.mode {
        case .export(let prompt):
            guard let rect = layout.hint else { break }
            buffer.fill(rect)
            buffer.put(Self.exportLine(prompt, width: rect.width), at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, style: .message)
        case .prompt(let prompt): PromptRenderer.render(prompt, size: state.size, filterHint: FilterHint.text(state), buffer: &buffer)
        default: break
        }
        return buffer
    }

    /// The export prompt's line in `width` columns. While a name is typed, the name and its cursor
    /// stay in view: the help after it is cut first, then the name's beginning (`…` in its place).
    static func exportLine(_ prompt: ExportPrompt, width: Int) -> String {
        guard case .name = prompt.stage else { return TextWidth.truncate(Sanitizer.sanitize(prompt.line), toWidth: width) }
        let prefix = ExportPrompt.namePrefix
        let field = TextWidth.truncatingStart(Sanitizer.sanitize(prompt.text) + "▏", toWidth: width - TextWidth.width(of: prefix))
        let line = TextWidth.truncate(prefix + field, toWidth: width)
        let separator = "  · "
        let left = width - TextWidth.width(of: line) - TextWidth.width(of: separator)
        guard left > 1 else { return line }
        return line + separator + TextWidth.truncate(Sanitizer.sanitize(prompt.help), toWidth: left)
    }
}
