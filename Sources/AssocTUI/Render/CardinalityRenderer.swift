import AssocCore
import AssocInsights
import AssocText

/// The cardinality profile overlay (`C`): one line per bucket of linked rows (label, origin rows,
/// a bar), then the minimum, median and maximum; the selected line highlighted.
enum CardinalityRenderer {
    /// The widest bar, in cells.
    static let barWidth = 30

    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        guard let view = state.cardinality, !rect.isEmpty else { return }
        buffer.fill(rect)
        let link = view.association
        let title = "Cardinality: \(Sanitizer.sanitize(link.origin)).\(Sanitizer.sanitize(link.name)) → \(Sanitizer.sanitize(link.destination))"
        let content = PaneChrome.drawTitle(title, trailing: "Enter opens the rows  Esc closes", in: rect, focused: true, buffer: &buffer)
        guard !content.isEmpty else { return }
        guard let profile = view.profile else {
            let seconds = ReadLimits.countBudgetMilliseconds / 1000
            let note = view.isPastBudget ? "(still counting, past \(seconds) s: Esc stops)" : "(counting…)"
            PaneChrome.drawNote(note, in: content, buffer: &buffer)
            return
        }
        var lines = text(view, profile: profile)
        if lines.isEmpty { lines = [[StyledText("(nothing to show)", .dim)]] }
        for (offset, spans) in lines.prefix(content.height).enumerated() {
            let point = Point(x: content.x + 1, y: content.y + offset)
            buffer.put(spans, at: point, maxWidth: content.width - 1)
            if offset == view.cursor.index && offset < view.lines.count {
                buffer.highlight(Rect(x: content.x, y: point.y, width: content.width, height: 1))
            }
        }
    }

    /// The lines: the buckets (or a belongsTo's NULL keys), then the figures.
    static func text(_ view: CardinalityState, profile: CardinalityProfile) -> [[StyledText]] {
        let link = view.association
        if profile.ranOutOfTime {
            let seconds = ReadLimits.countBudgetMilliseconds / 1000
            return [[StyledText("? ran past \(seconds) s: unknown", .dim)]]
        }
        let lines = view.lines
        let most = max(1, lines.compactMap(\.rows).max() ?? 1)
        let labelWidth = max(8, lines.map { $0.label.count }.max() ?? 0)
        let countWidth = max(1, lines.compactMap(\.rows).map { String($0).count }.max() ?? 1)
        var result: [[StyledText]] = lines.map { line in
            let rows = line.rows ?? 0
            let label = line.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let count = String(repeating: " ", count: max(0, countWidth - String(rows).count)) + String(rows)
            let cells = rows == 0 ? 0 : max(1, rows * barWidth / most)
            return [
                StyledText(label + " ", .header), StyledText(count, .number), StyledText(rows == 1 ? " row  " : " rows ", .dim),
                StyledText(String(repeating: "█", count: cells), .link)
            ]
        }
        result.append([])
        switch link.kind {
        case .belongsTo, .hasOneThrough:
            result.append([StyledText("\(profile.origins ?? 0) rows of \(Sanitizer.sanitize(link.origin))", .dim)])
        case .hasOne, .hasMany, .hasManyThrough:
            func figure(_ value: Int?) -> String { value.map(String.init) ?? "–" }
            var summary =
                "min \(figure(profile.minimum)) · median \(figure(profile.median)) · max \(figure(profile.maximum))"
                + " · \(profile.origins ?? 0) rows of \(Sanitizer.sanitize(link.origin))"
            if link.kind == .hasOne, let atMostOne = profile.isAtMostOne {
                summary += atMostOne ? " · at most one: yes" : " · at most one: no"
            }
            result.append([StyledText(summary, .dim)])
        }
        return result
    }
}
