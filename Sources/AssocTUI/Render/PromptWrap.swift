import AssocText

/// A prompt's text wrapped at the screen's width, as it is drawn while edited: the prefix, then
/// each Character sanitized in the cells it takes (a wide one that does not fit starts the next
/// row), then the cursor's cell. Texts longer than `maximumRows` rows are laid out from a
/// window around the cursor, so a frame costs the same whatever the length.
struct PromptWrap: Equatable {
    /// One Character of the text (or the cursor's cell after the last one) on screen.
    struct Place: Equatable {
        /// Index of the Character in the prompt's text (the text's length for the end cell).
        var index: Int
        var row: Int
        var x: Int
        /// The Character sanitized (one visible cell at least).
        var shown: String
    }

    var places: [Place]
    /// Rows taken, at least 1.
    var rowCount: Int
    /// The row of the cursor's cell.
    var cursorRow: Int

    init(_ prompt: PromptState, prefixWidth: Int, width: Int, maximumRows: Int) {
        let width = max(1, width)
        let characters = prompt.textCharacters
        let cursor = prompt.cursorIndex
        let capacity = max(1, maximumRows * width - prefixWidth - 1)
        // The window of the text laid out: all of it when it fits, else around the cursor.
        var start = 0
        if characters.count > capacity {
            start = min(max(0, cursor - capacity / 2), characters.count - capacity)
        }
        let end = min(characters.count, start + capacity)
        var places: [Place] = []
        places.reserveCapacity(end - start + 1)
        var row = 0
        var x = min(prefixWidth, width - 1)
        for index in start...end {
            let shown: String
            var cells = 1
            if index == end {
                shown = " "
            } else if let ascii = characters[index].asciiValue, ascii >= 0x20, ascii < 0x7F {
                shown = String(characters[index])
            } else {
                let sanitized = Sanitizer.sanitize(String(characters[index]))
                // A lone format character sanitizes to nothing: a dot keeps its cell.
                shown = TextWidth.width(of: sanitized) == 0 ? "·" : sanitized
                cells = min(width, max(1, TextWidth.width(of: shown)))
            }
            if x + cells > width {
                row += 1
                x = 0
            }
            places.append(Place(index: index, row: row, x: x, shown: shown))
            x += cells
        }
        self.places = places
        self.rowCount = row + 1
        self.cursorRow = places.first { $0.index == cursor }?.row ?? row
    }

    /// The place of the Character at `index`, if laid out.
    func place(of index: Int) -> Place? {
        guard let first = places.first, index >= first.index, index - first.index < places.count else { return nil }
        return places[index - first.index]
    }
}
