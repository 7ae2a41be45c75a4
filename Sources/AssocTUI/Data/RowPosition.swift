/// Where a row of a view is, as the browser knows it: counted from the first row, counted back
/// from the last row of a view not counted yet (after `G`), or counted from the row a find or
/// jump reached before the rows in front of it were counted.
///
/// The browser's cursor (`ListCursor`) moves over one line of integers, so each position also
/// has an `index` on that line: absolute positions at their number, the other two far beyond any
/// real row count, where the same arithmetic (a page down, a window of rows) moves through them.
/// That encoding lives here only: everything else asks `RowPosition(index:)` what an index means.
enum RowPosition: Hashable, Sendable {
    /// Rows from the view's first row (0 is the first).
    case absolute(Int)
    /// Rows back from the last row of a view whose count is not known yet (0 is the last).
    case fromEnd(Int)
    /// Rows from the row a find or jump reached whose position is not known yet (0 is that row,
    /// negative before it).
    case relative(Int)

    /// The index of `relative(0)`: far beyond any real view (2^38 rows), far below the end's.
    private static let relativeOrigin = 1 << 38
    /// The row count a view not counted yet takes after `G`: `fromEnd(0)` is the index before it.
    static let provisionalRowCount = 1 << 40

    /// What an index of the cursor's line stands for. Indices from half the provisional count up
    /// count back from the end; from half the relative origin up, from the found row.
    init(index: Int) {
        if index >= Self.provisionalRowCount / 2 {
            self = .fromEnd(Self.provisionalRowCount - 1 - index)
        } else if index >= Self.relativeOrigin / 2 {
            self = .relative(index - Self.relativeOrigin)
        } else {
            self = .absolute(index)
        }
    }

    /// The index of this position on the cursor's line.
    var index: Int {
        switch self {
        case .absolute(let rows): return rows
        case .fromEnd(let back): return Self.provisionalRowCount - 1 - back
        case .relative(let rows): return Self.relativeOrigin + rows
        }
    }

    /// This position once the row a find or jump reached is known to be at `found`: relative
    /// positions become absolute; the others stay.
    func located(foundAt found: Int) -> RowPosition {
        if case .relative(let rows) = self { return .absolute(found + rows) }
        return self
    }

    /// This position once the view is known to have `count` rows: positions from the end become
    /// absolute; the others stay.
    func settled(count: Int) -> RowPosition {
        if case .fromEnd(let back) = self { return .absolute(count - 1 - back) }
        return self
    }

    /// The row count once counted from the first row; nil while it is relative or from the end.
    var absolute: Int? {
        if case .absolute(let rows) = self { return rows }
        return nil
    }

    var isRelative: Bool {
        if case .relative = self { return true }
        return false
    }

    var isFromEnd: Bool {
        if case .fromEnd = self { return true }
        return false
    }
}
