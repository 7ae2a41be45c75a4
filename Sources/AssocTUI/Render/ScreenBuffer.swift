import AssocText

/// One cell of the screen: a grapheme cluster and the cells it spans, or the right half of a
/// wide cluster (`isContinuation`), with its role and whether it is highlighted (selection).
struct Cell: Sendable, Hashable {
    var grapheme: String
    /// 1, or 2 for a wide cluster; 0 for a continuation cell.
    var width: Int
    var role: StyleRole
    var highlighted: Bool

    static let blank = Cell(grapheme: " ", width: 1, role: .normal, highlighted: false)

    var isContinuation: Bool { width == 0 }
}

/// The whole screen as data: renderers write into it, terminals draw it, tests read it back.
/// Every write sanitizes and clips: no control character and no text outside the grid, ever.
struct ScreenBuffer: Sendable, Equatable {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at (x, y); a blank cell outside the grid.
    func cell(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// Writes `text` from `point`, sanitized, on one line, in at most `maxWidth` cells (and never
    /// past the right edge). A wide cluster that does not fit entirely is left out.
    /// Returns the number of cells written.
    @discardableResult
    mutating func put(
        _ text: String, at point: Point, maxWidth: Int? = nil, style: StyleRole = .normal,
        highlighted: Bool = false
    ) -> Int {
        guard point.y >= 0, point.y < height, point.x < width else { return 0 }
        let limit = min(width, point.x + (maxWidth ?? width))
        var x = point.x
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII: one cell a byte, nothing to sanitize.
            for byte in text.utf8 {
                if x + 1 > limit { break }
                if x >= 0 {
                    set(Cell(grapheme: String(UnicodeScalar(byte)), width: 1, role: style, highlighted: highlighted), x: x, y: point.y)
                }
                x += 1
            }
            return x - point.x
        }
        for character in Sanitizer.sanitize(text) {
            let w = TextWidth.width(of: character)
            if w == 0 { continue }
            if x + w > limit { break }
            if x >= 0 {
                set(Cell(grapheme: String(character), width: w, role: style, highlighted: highlighted), x: x, y: point.y)
                if w == 2 {
                    set(Cell(grapheme: "", width: 0, role: style, highlighted: highlighted), x: x + 1, y: point.y)
                }
            }
            x += w
        }
        return x - point.x
    }

    /// Writes styled spans one after the other, ending with "…" when they do not all fit;
    /// returns the cells written.
    @discardableResult
    mutating func put(_ spans: [StyledText], at point: Point, maxWidth: Int? = nil, highlighted: Bool = false) -> Int {
        var used = 0
        let total = min(maxWidth ?? width, width - point.x)
        let sanitized = spans.map { StyledText(Sanitizer.sanitize($0.text), $0.role) }
        let needed = sanitized.reduce(0) { $0 + TextWidth.width(of: $1.text) }
        var spans = sanitized
        if needed > total, total > 0 {
            // Keep what fits in total - 1 cells, then the ellipsis in the role of the span it cuts.
            var kept: [StyledText] = []
            var room = total - 1
            for span in sanitized {
                let w = TextWidth.width(of: span.text)
                if w <= room {
                    kept.append(span)
                    room -= w
                    continue
                }
                var head = ""
                for character in span.text {
                    let cw = TextWidth.width(of: character)
                    if cw > room { break }
                    head.append(character)
                    room -= cw
                }
                kept.append(StyledText(head + "…", span.role))
                break
            }
            spans = kept
        }
        for span in spans {
            guard used < total else { break }
            used += put(
                span.text, at: Point(x: point.x + used, y: point.y), maxWidth: total - used,
                style: span.role, highlighted: highlighted)
        }
        return used
    }

    /// Fills a rectangle with blanks of `style` (clipped to the grid).
    mutating func fill(_ rect: Rect, style: StyleRole = .normal, highlighted: Bool = false) {
        guard let (columns, lines) = clipped(rect) else { return }
        for y in lines {
            for x in columns {
                set(Cell(grapheme: " ", width: 1, role: style, highlighted: highlighted), x: x, y: y)
            }
        }
    }

    /// Marks the cells of a rectangle as highlighted (or not), keeping their text and roles.
    mutating func highlight(_ rect: Rect, _ on: Bool = true) {
        guard let (columns, lines) = clipped(rect) else { return }
        for y in lines {
            for x in columns { cells[y * width + x].highlighted = on }
        }
    }

    /// The columns and lines of `rect` inside the grid; nil when none are.
    private func clipped(_ rect: Rect) -> (columns: Range<Int>, lines: Range<Int>)? {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width)
        let y1 = min(height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// Sets one cell, repairing any wide cluster it cuts in half (the other half becomes blank).
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation, x > 0, cells[index - 1].width == 2 {
            cells[index - 1] = blank(like: cells[index - 1])
        }
        if old.width == 2, x + 1 < width, cells[index + 1].isContinuation, cell.width != 2 {
            cells[index + 1] = blank(like: cells[index + 1])
        }
        cells[index] = cell
    }

    private func blank(like cell: Cell) -> Cell {
        Cell(grapheme: " ", width: 1, role: cell.role, highlighted: cell.highlighted)
    }

    /// The screen as plain text, one string per line (continuation cells skipped), trailing
    /// spaces removed unless asked otherwise: what tests compare.
    func textLines(trimmingTrailingSpaces: Bool = true) -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width {
                let cell = cells[y * width + x]
                if !cell.isContinuation { line += cell.grapheme }
            }
            if trimmingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// The roles of line `y`, one character per cell, for style assertions in tests
    /// (first letter of the role, "." for normal).
    func roleLine(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        return String(
            (0..<width).map { x -> Character in
                let role = cells[y * width + x].role
                return role == .normal ? "." : (role.rawValue.first ?? "?")
            })
    }
}
