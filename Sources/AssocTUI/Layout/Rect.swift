/// A rectangle of cells on screen. Never negative: initialisers clamp.
struct Rect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    var isEmpty: Bool { width == 0 || height == 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The rectangle without its first `lines` lines.
    func droppingTop(_ lines: Int) -> Rect {
        let n = min(max(0, lines), height)
        return Rect(x: x, y: y + n, width: width, height: height - n)
    }

    /// The first `lines` lines of the rectangle.
    func top(_ lines: Int) -> Rect {
        Rect(x: x, y: y, width: width, height: min(max(0, lines), height))
    }
}

/// A position on screen: column `x`, line `y`, from the top-left corner.
struct Point: Sendable, Hashable {
    var x: Int
    var y: Int
}
