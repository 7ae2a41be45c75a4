import AssocText

/// The filter prompt or the request line: the text on the line above the hint line, scrolled
/// so the cursor shows; under it, the error with a caret at its column, or the prompt's keys.
enum PromptRenderer {
    /// Draws `prefix` then the prompt's text from `point`, in `width` cells, scrolled so the
    /// cursor (drawn highlighted) shows; returns the index of the first character shown.
    @discardableResult
    static func drawText(_ prompt: PromptState, prefix: String, at point: Point, width: Int, buffer: inout ScreenBuffer) -> Int {
        // At least one cell for the text, however narrow the screen and long the prefix.
        let room = max(1, width - prefix.count - 1)
        let characters = prompt.textCharacters
        // The first character shown: keeps the cursor (and an error's caret) on screen.
        let start = min(max(0, prompt.cursorIndex - room), characters.count)
        let visible = String(characters[start..<max(start, min(characters.count, start + room))])
        buffer.put(prefix, at: point, maxWidth: width, style: .header)
        buffer.put(Sanitizer.sanitize(visible), at: Point(x: point.x + prefix.count, y: point.y), maxWidth: room)
        let cursorX = point.x + prefix.count + prompt.cursorIndex - start
        let under = prompt.cursorIndex < characters.count ? String(characters[prompt.cursorIndex]) : " "
        buffer.put(Sanitizer.sanitize(under), at: Point(x: cursorX, y: point.y), maxWidth: 1, highlighted: true)
        return start
    }

    /// The prompt on the lines above the hint line: wrapped on as many rows as its text needs
    /// (up to all but three lines of the screen, around the cursor past that), the candidates
    /// `Tab` listed on the line above it, and under it the error or the prompt's keys.
    static func render(_ prompt: PromptState, size: Size, filterHint: String, buffer: inout ScreenBuffer) {
        guard size.height >= 2, size.width >= 4 else { return }
        let messageY = size.height - 1
        let prefix = prompt.kind.prefix + " "
        let maximumRows = max(1, size.height - 3)
        let wrap = PromptWrap(prompt, prefixWidth: prefix.count, width: size.width, maximumRows: maximumRows)
        // The rows shown: all, or the last `maximumRows` up to the cursor's.
        let firstRow = max(0, min(wrap.rowCount - maximumRows, wrap.cursorRow))
        let shownRows = min(wrap.rowCount - firstRow, maximumRows)
        let top = messageY - shownRows
        buffer.fill(Rect(x: 0, y: top, width: size.width, height: shownRows))
        if firstRow == 0 {
            // "…" after the prefix when the text starts before what is laid out (a long paste).
            let cut = (wrap.places.first?.index ?? 0) > 0
            buffer.put(cut ? prompt.kind.prefix + "…" : prefix, at: Point(x: 0, y: top), maxWidth: size.width, style: .header)
        }
        let errorIndex = prompt.error?.column.map { $0 - 1 }
        // Each row in one write (a frame of a long paste stays cheap), then the cursor's and the
        // error's cells over it.
        var row: (number: Int, x: Int, text: String)?
        func flush() {
            guard let row else { return }
            buffer.put(row.text, at: Point(x: row.x, y: top + row.number - firstRow), maxWidth: size.width - row.x)
        }
        for place in wrap.places where place.row >= firstRow && place.row < firstRow + shownRows {
            if place.row == row?.number {
                row?.text += place.shown
            } else {
                flush()
                row = (place.row, place.x, place.shown)
            }
        }
        flush()
        for (index, style) in [(errorIndex, StyleRole.error), (prompt.cursorIndex, .normal)] {
            guard let index, let place = wrap.place(of: index), place.row >= firstRow, place.row < firstRow + shownRows else { continue }
            buffer.put(
                place.shown, at: Point(x: place.x, y: top + place.row - firstRow), maxWidth: size.width - place.x, style: style,
                highlighted: index == prompt.cursorIndex)
        }
        if let completion = prompt.completion, top >= 1 {
            drawCandidates(completion, at: top - 1, width: size.width, buffer: &buffer)
        }

        buffer.fill(Rect(x: 0, y: messageY, width: size.width, height: 1))
        if let error = prompt.error {
            var line = ""
            // A caret under the column at fault when it is on the row just above.
            if let index = errorIndex, let place = wrap.place(of: index), place.row == firstRow + shownRows - 1, place.x < size.width - 2 {
                line = String(repeating: " ", count: place.x) + "^ "
            }
            line += error.message + (error.column.map { " (column \($0))" } ?? "")
            buffer.put(TextWidth.truncate(line, toWidth: size.width), at: Point(x: 0, y: messageY), maxWidth: size.width, style: .error)
        } else {
            let keys: String
            switch prompt.kind {
            case _ where prompt.isChecking: keys = "checking…"
            case _ where prompt.historyStatus != nil: keys = prompt.historyStatus ?? ""
            case .filter: keys = filterHint
            case .request: keys = "request: edit, Tab completes, Enter rebuilds the view · Esc leaves it as it was"
            case .find: keys = "find: a condition (price > 10) or text in any text column · Enter finds after the cursor · n/N again · Tab completes"
            case .jump: keys = "jump: a key value · Enter goes to the first row whose key is at least it"
            case .jumpList: keys = "type to narrow the jump list"
            case .tables: keys = "tables: type to narrow the list · ↑ ↓ move · Enter opens · Esc clears"
            }
            buffer.put(TextWidth.truncate(keys, toWidth: size.width), at: Point(x: 0, y: messageY), maxWidth: size.width, style: .hint)
        }
    }

    /// The line of candidates: their count, then as many as fit (the selected one highlighted and
    /// always shown), "…" when some do not fit; "no completion here" when there are none.
    static func drawCandidates(_ completion: PromptCompletion, at y: Int, width: Int, buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: .hint)
        let labels = completion.candidates.map { Sanitizer.sanitize(PromptCompletion.label($0)) }
        guard !labels.isEmpty else {
            buffer.put("Tab: no completion here", at: Point(x: 0, y: y), maxWidth: width, style: .hint)
            return
        }
        let head = "\(labels.count) completions: "
        var x = buffer.put(head, at: Point(x: 0, y: y), maxWidth: width, style: .hint)
        // Starts late enough for the selected candidate to fit.
        var first = 0
        if let selected = completion.selected {
            var used = labels[first...selected].reduce(0) { $0 + TextWidth.width(of: $1) + 2 }
            while first < selected, x + used > width - 2 {
                used -= TextWidth.width(of: labels[first]) + 2
                first += 1
            }
        }
        if first > 0 { x += buffer.put("… ", at: Point(x: x, y: y), maxWidth: width - x, style: .hint) }
        for index in first..<labels.count {
            let label = labels[index]
            let cells = TextWidth.width(of: label)
            let isLast = index == labels.count - 1
            guard x + cells + (isLast ? 0 : 2) <= width || (isLast && x + cells <= width) else {
                buffer.put("…", at: Point(x: min(x, width - 1), y: y), maxWidth: 1, style: .hint)
                return
            }
            buffer.put(label, at: Point(x: x, y: y), maxWidth: width - x, style: .header, highlighted: index == completion.selected)
            x += cells + 2
        }
    }
}
