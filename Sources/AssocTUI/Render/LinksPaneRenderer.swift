import AssocCore

/// The Links pane: the associations of the current table, one per line: symbol, name, for
/// to-many links the number of records of the selected row, then kind and destination table
/// (`⇉ albums 2 hasMany Album`, the destination even when it is named like the link): the name comes first because narrow panes cut the end. Then the to-one links of each included table,
/// under "via author". Included links are marked `[LEFT JOIN]` or `[JOIN]`, a belongsTo link
/// with orphans `⚠ 525 orphans` (`⚠ ? orphans` when its count ran past the budget).
enum LinksPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let focused = state.focus == .links
        let title = state.linksPane.table.map { "Links: " + $0 } ?? "Links"
        let counts = state.selectedLinkCounts
        PaneChrome.drawList(
            title: title, count: state.linksPane.links.count, empty: "(no links)", cursor: state.linksPane.cursor, focused: focused,
            in: rect, buffer: &buffer
        ) { index, origin, width, highlighted, selected, buffer in
            let entry = state.linksPane.links[index]
            let count =
                entry.isRootLink && entry.association.isToMany
                ? (state.rows == nil ? nil : counts?[entry.association.name].map(String.init) ?? "…") : nil
            buffer.put(
                spans(for: entry, count: count, orphans: state.orphans.text(for: entry.association), selected: selected && !focused),
                at: origin, maxWidth: width, highlighted: highlighted)
        }
    }

    static func spans(for entry: LinkEntry, count: String? = nil, orphans: String? = nil, selected: Bool = false) -> [StyledText] {
        let link = entry.association
        var spans: [StyledText] = []
        if !entry.isRootLink {
            spans.append(StyledText("via " + entry.parentNames.joined(separator: ".") + ": ", .dim))
        }
        spans += [
            StyledText(link.kind.symbol + " ", .link),
            StyledText(link.name, selected ? .selection : .normal)
        ]
        if let count { spans.append(StyledText(" " + count, .number)) }
        // Before the kind: a narrow pane cuts the end, and the mark matters more.
        if let orphans { spans.append(StyledText(" " + orphans, .error)) }
        if let marker = entry.inclusion.marker { spans.append(StyledText(marker, .header)) }
        // The destination always shows: a kind alone reads as a cut line.
        spans.append(StyledText(" " + link.kind.rawValue + " " + link.destination, .dim))
        return spans
    }
}
