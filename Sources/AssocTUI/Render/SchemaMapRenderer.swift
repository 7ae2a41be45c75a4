import AssocCore
import AssocText

/// The schema map overlay: the `SchemaTree` lines around a table (box-drawing prefix, kind symbol,
/// association name, destination table), the selected line highlighted.
enum SchemaMapRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let map = state.schemaMap, !rect.isEmpty else { return }
        buffer.fill(rect)
        let content = PaneChrome.drawTitle(
            "Schema map: \(Sanitizer.sanitize(map.table))", trailing: "Enter opens/centres  Esc closes",
            in: rect, focused: true, buffer: &buffer)
        guard !content.isEmpty else { return }
        guard !map.lines.isEmpty else {
            PaneChrome.drawNote("(loading…)", in: content, buffer: &buffer)
            return
        }
        for line in 0..<content.height {
            let index = map.cursor.top + line
            guard index < map.lines.count else { break }
            let point = Point(x: content.x + 1, y: content.y + line)
            buffer.put(spans(map.lines[index]), at: point, maxWidth: content.width - 1)
            if index == map.cursor.index { buffer.highlight(Rect(x: content.x, y: point.y, width: content.width, height: 1)) }
        }
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
