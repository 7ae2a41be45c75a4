/// How a pager reads a window of rows without making SQLite skip millions of them: by keyset on
/// the order (`KeysetOrder`) from the values of a row already seen next to the window (an
/// anchor), or from either end. OFFSET only for short skips, and for requests without a keyset.
package enum PagePlan: Sendable, Equatable {
    /// The `limit` rows after the anchor `after` in the order, `skip` rows past it (from the
    /// first row when `after` is nil).
    case forward(after: [DatabaseValue]?, skip: Int, limit: Int)
    /// The `count` rows just before the anchor `before`, read in reverse order and turned back in
    /// memory (the last rows when `before` is nil); the first `limit` of them are kept.
    case backward(before: [DatabaseValue]?, count: Int, limit: Int)
    /// The window around a row whose values are known (one a find or jump reached, with no
    /// anchor next to the window): the `before` rows before it, read backwards, then it and the
    /// `after - 1` rows after it.
    case around(anchor: Int, values: [DatabaseValue], before: Int, after: Int)
    /// `LIMIT limit OFFSET offset`: no key to page on.
    case offset(Int, limit: Int)
    /// Nothing to read from: a position counted from a found row or from the end, with no anchor
    /// near it.
    case unreachable

    /// The longest skip done with OFFSET from an anchor or an end.
    package static let maximumSkip = 2_000

    /// The plan for the `limit` rows from `position`. `anchors` holds the values of the order at
    /// positions; `total` is the row count when known.
    package static func make(at position: RowPosition, limit: Int, total: Int?, anchors: PageAnchors, hasKey: Bool) -> PagePlan {
        let limit = max(0, limit)
        let fromFirst = position.origin == .first
        let offset = fromFirst ? max(0, position.offset) : position.offset
        guard hasKey else { return fromFirst ? .offset(offset, limit: limit) : .unreachable }
        if fromFirst && offset == 0 { return .forward(after: nil, skip: 0, limit: limit) }
        let known = anchors.offsets(from: position.origin)
        if let key = known[offset - 1] { return .forward(after: key, skip: 0, limit: limit) }
        // The nearest anchor before the window.
        let before = known.keys.filter { $0 < offset && offset - 1 - $0 <= maximumSkip }.max()
        if let before, let key = known[before] {
            return .forward(after: key, skip: offset - 1 - before, limit: limit)
        }
        // The nearest anchor after the window.
        let after = known.keys.filter { $0 >= offset + limit && $0 - (offset + limit) <= maximumSkip }.min()
        if let after, let key = known[after] {
            return .backward(before: key, count: after - offset, limit: limit)
        }
        // No anchor near the window, but one inside it (a row a find or jump reached): around it.
        if let inside = known.keys.filter({ $0 >= offset && $0 < offset + limit }).min(), let values = known[inside] {
            return .around(anchor: inside, values: values, before: inside - offset, after: offset + limit - inside)
        }
        // The offset just past the last row, when known: read the window back from the end.
        let end: Int?
        switch position.origin {
        case .first: end = total
        case .last: end = 1
        case .found: end = nil
        }
        if let end, end - offset <= limit + maximumSkip {
            return .backward(before: nil, count: max(0, end - offset), limit: limit)
        }
        guard fromFirst else { return .unreachable }
        if offset <= maximumSkip { return .forward(after: nil, skip: offset, limit: limit) }
        return .offset(offset, limit: limit)
    }
}
