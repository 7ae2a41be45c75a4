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

    static func render(_ prompt: PromptState, size: Size, filterHint: String, buffer: inout ScreenBuffer) {
        guard size.height >= 2, size.width >= 4 else { return }
        let promptY = size.height - 2
        let messageY = size.height - 1
        let prefix = prompt.kind.prefix + " "
        buffer.fill(Rect(x: 0, y: promptY, width: size.width, height: 1))
        let start = drawText(prompt, prefix: prefix, at: Point(x: 0, y: promptY), width: size.width, buffer: &buffer)

        buffer.fill(Rect(x: 0, y: messageY, width: size.width, height: 1))
        if let error = prompt.error {
            var line = ""
            if let column = error.column, column - 1 - start >= 0, prefix.count + column - 1 - start < size.width - 2 {
                line = String(repeating: " ", count: prefix.count + column - 1 - start) + "^ "
            }
            line += error.message + (error.column.map { " (column \($0))" } ?? "")
            buffer.put(TextWidth.truncate(line, toWidth: size.width), at: Point(x: 0, y: messageY), maxWidth: size.width, style: .error)
        } else {
            let keys: String
            switch prompt.kind {
            case _ where prompt.isChecking: keys = "checking…"
            case .filter: keys = filterHint
            case .request: keys = "request: edit, Enter rebuilds the view · Esc leaves it as it was"
            case .find: keys = "find: a condition (price > 10) or text in any text column · Enter finds after the cursor · n/N again"
            case .jump: keys = "jump: a key value · Enter goes to the first row whose key is at least it"
            case .jumpList: keys = "type to narrow the jump list"
            case .tables: keys = "tables: type to narrow the list · ↑ ↓ move · Enter opens · Esc clears"
            }
            buffer.put(TextWidth.truncate(keys, toWidth: size.width), at: Point(x: 0, y: messageY), maxWidth: size.width, style: .hint)
        }
    }
}
