import AssocCore

/// How to read rows `offset ..< offset + limit` of a view without making SQLite skip millions of
/// rows: keyset pagination on the view's order (its sort, on columns of the root or of an
/// include or on expressions of them; then the root's key, of one column or several; then the
/// keys of the rows a to-many join repeats: see AssocCore's `KeysetOrder`), starting from the values of a
/// row already seen next to the wanted rows (an anchor), or from either end. OFFSET is used only
/// for short skips, and for views without a keyset.
enum PagePlan: Sendable, Equatable {
    /// The `limit` rows after the anchor `after` in the view's order, `skip` rows past it (from
    /// the first row when `after` is nil).
    case forward(after: [DatabaseValue]?, skip: Int, limit: Int)
    /// The `count` rows just before the anchor `before`, read in reverse order and turned back in
    /// memory (the last rows of the view when `before` is nil). Only the first `limit`
    /// of them are kept.
    case backward(before: [DatabaseValue]?, count: Int, limit: Int)
    /// The window around a row whose values are known (a row find or jump reached, with no
    /// anchor next to the window): the `before` rows before it, read backwards, then it and the
    /// `after - 1` rows after it.
    case around(anchor: Int, values: [DatabaseValue], before: Int, after: Int)
    /// `LIMIT limit OFFSET offset`: no key to page on.
    case offset(Int, limit: Int)

    /// The longest skip done with OFFSET from an anchor or an end.
    static let maximumSkip = 2_000

    /// The plan for rows `offset ..< offset + limit`. `anchors` maps row positions to the values of the order there;
    /// `total` is the row count when known.
    static func make(offset: Int, limit: Int, total: Int?, anchors: [Int: [DatabaseValue]], hasKey: Bool) -> PagePlan {
        let offset = max(0, offset)
        let limit = max(0, limit)
        guard hasKey else { return .offset(offset, limit: limit) }
        if offset == 0 { return .forward(after: nil, skip: 0, limit: limit) }
        if let key = anchors[offset - 1] { return .forward(after: key, skip: 0, limit: limit) }
        // The nearest anchor before the window.
        var best: Int?
        for position in anchors.keys where position < offset && offset - 1 - position <= maximumSkip {
            if best.map({ position > $0 }) ?? true { best = position }
        }
        if let position = best, let key = anchors[position] {
            return .forward(after: key, skip: offset - 1 - position, limit: limit)
        }
        // The nearest anchor after the window.
        var after: Int?
        for position in anchors.keys where position >= offset + limit && position - (offset + limit) <= maximumSkip {
            if after.map({ position < $0 }) ?? true { after = position }
        }
        if let position = after, let key = anchors[position] {
            return .backward(before: key, count: position - offset, limit: limit)
        }
        // No anchor near the window, but one inside it (a row find or jump reached): read around it.
        if let inside = anchors.keys.filter({ $0 >= offset && $0 < offset + limit }).min(), let values = anchors[inside] {
            return .around(anchor: inside, values: values, before: inside - offset, after: offset + limit - inside)
        }
        if let total, total - offset <= limit + maximumSkip {
            return .backward(before: nil, count: max(0, total - offset), limit: limit)
        }
        if offset <= maximumSkip { return .forward(after: nil, skip: offset, limit: limit) }
        return .offset(offset, limit: limit)
    }
}
