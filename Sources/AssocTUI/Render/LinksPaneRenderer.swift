import AssocCore

/// The Links pane: the associations of the current table, one per line:
/// symbol, kind, name, and the destination table when it differs from the name
/// (`⇉ hasMany albums`, `→ belongsTo artist (artists)`).
enum LinksPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .links
        let title = state.linksTable.map { "Links: " + $0 } ?? "Links"
        let content = PaneChrome.drawTitle(title, trailing: String(state.links.count), in: rect, focused: focused, buffer: &buffer)
        guard !content.isEmpty else { return }
        if state.links.isEmpty {
            PaneChrome.drawNote("(no links)", in: content, buffer: &buffer)
            return
        }
        let cursor = state.linksCursor
        for line in 0..<content.height {
            let index = cursor.top + line
            guard index < state.links.count else { break }
            let link = state.links[index]
            let y = content.y + line
            let highlighted = index == cursor.index && focused
            if highlighted { buffer.fill(Rect(x: content.x, y: y, width: content.width, height: 1), highlighted: true) }
            buffer.put(spans(for: link, selected: index == cursor.index && !focused), at: Point(x: content.x, y: y),
                       maxWidth: content.width, highlighted: highlighted)
        }
    }

    static func spans(for link: Association, selected: Bool = false) -> [StyledText] {
        var spans = [
            StyledText(link.kind.symbol + " ", .link),
            StyledText(link.kind.rawValue + " ", .dim),
            StyledText(link.name, selected ? .selection : .normal),
        ]
        if link.destination != link.name {
            spans.append(StyledText(" (" + link.destination + ")", .dim))
        }
        return spans
    }
}
