/// A selected index in a list of `count` items plus the first visible item, always valid:
/// every operation clamps, so an empty list, a shrinking list or a huge jump is never a trap.
/// For an empty list `index` and `top` are 0 and `hasSelection` is false.
struct ListCursor: Sendable, Hashable {
    private(set) var count: Int
    private(set) var index: Int
    /// The first visible item (scroll offset).
    private(set) var top: Int

    init(count: Int = 0, index: Int = 0, top: Int = 0) {
        self.count = max(0, count)
        self.index = 0
        self.top = 0
        self = moved(to: index).scrolled(top: top)
    }

    var hasSelection: Bool { count > 0 }
    var lastIndex: Int { max(0, count - 1) }

    /// The cursor moved to `index`, clamped to the list.
    func moved(to index: Int) -> ListCursor {
        var copy = self
        copy.index = min(max(0, index), lastIndex)
        return copy
    }

    /// The cursor moved by `delta` items (saturating, never overflowing).
    func moved(by delta: Int) -> ListCursor {
        let (sum, overflow) = index.addingReportingOverflow(delta)
        return moved(to: overflow ? (delta < 0 ? 0 : lastIndex) : sum)
    }

    /// The same cursor over a list of `count` items.
    func resized(to count: Int) -> ListCursor {
        var copy = self
        copy.count = max(0, count)
        return copy.moved(to: index).scrolled(top: top)
    }

    /// The scroll offset set to `top`, clamped.
    func scrolled(top: Int) -> ListCursor {
        var copy = self
        copy.top = min(max(0, top), lastIndex)
        return copy
    }

    /// The scroll offset adjusted so the selected item is among `visible` items.
    func scrolledToShowSelection(visible: Int) -> ListCursor {
        guard visible > 0 else { return scrolled(top: index) }
        var copy = self
        if index < top { copy.top = index }
        if index >= top + visible { copy.top = index - visible + 1 }
        copy.top = min(max(0, copy.top), max(0, count - visible))
        return copy
    }
}
