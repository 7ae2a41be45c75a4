import AssocCore
import AssocText

/// The schema map overlay: the `SchemaTree` lines around a table (box-drawing prefix, kind symbol,
/// association name, destination table), then the links suggested from the values that touch it
/// (marked `?`, with their evidence), the selected line highlighted.
enum SchemaMapRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let map = state.schemaMap, !rect.isEmpty else { return }
        buffer.fill(rect)
        let trailing =
            map.suggestions.isEmpty
            ? "Enter opens/centres  C cardinality  Esc closes" : "Enter opens/centres  C cardinality  + adds a suggested link  Esc closes"
        let content = PaneChrome.drawTitle(
            "Schema map: \(Sanitizer.sanitize(map.table))", trailing: trailing, in: rect, focused: true, buffer: &buffer)
        guard !content.isEmpty else { return }
        guard !map.lines.isEmpty else {
            PaneChrome.drawNote("(loading…)", in: content, buffer: &buffer)
            return
        }
        let note = map.suggestions.isEmpty ? state.suggestedLinks.note : nil
        for line in 0..<content.height {
            let index = map.cursor.top + line
            let point = Point(x: content.x + 1, y: content.y + line)
            if index < map.lines.count {
                buffer.put(spans(map.lines[index]), at: point, maxWidth: content.width - 1)
            } else if index - map.lines.count < map.suggestions.count {
                buffer.put(spans(map.suggestions[index - map.lines.count]), at: point, maxWidth: content.width - 1)
            } else {
                // One blank line under the tree, then the suggester's note.
                if let note, index == map.lines.count + 1 { buffer.put([StyledText(note, .dim)], at: point, maxWidth: content.width - 1) }
                continue
            }
            if index == map.cursor.index { buffer.highlight(Rect(x: content.x, y: point.y, width: content.width, height: 1)) }
        }
    }

    /// `? suggested visits.place_id → places.id: all 412 values found`: a link the values suggest.
    static func spans(_ suggestion: LinkSuggestion) -> [StyledText] {
        let found =
            suggestion.isExact
            ? "all \(suggestion.distinctValues) values found"
            : "\(suggestion.distinctValues - suggestion.missingValues) of \(suggestion.distinctValues) values found"
        return [
            StyledText("? ", .link), StyledText("suggested ", .dim),
            StyledText(Sanitizer.sanitize("\(suggestion.origin).\(suggestion.column)"), .normal), StyledText(" → ", .dim),
            StyledText(Sanitizer.sanitize("\(suggestion.destination).\(suggestion.destinationColumn)"), .header),
            StyledText(": " + found + (suggestion.isConfident ? "" : " (not certain)"), .dim)
        ]
    }

    static func spans(_ line: SchemaTree.Line) -> [StyledText] {
        guard let association = line.association else { return [StyledText(Sanitizer.sanitize(line.table), .header)] }
        var spans = [
            StyledText(line.prefix, .border), StyledText(association.kind.symbol, .link),
            StyledText(" " + Sanitizer.sanitize(association.name), .normal), StyledText(": ", .dim),
            StyledText(Sanitizer.sanitize(line.table), .header)
        ]
        if let through = association.throughNames {
            spans.append(StyledText(" (via \(Sanitizer.sanitize(through.pivot)).\(Sanitizer.sanitize(through.target)))", .dim))
        }
        if line.isRepeat { spans.append(StyledText(" …", .dim)) }
        return spans
    }
}
