/// A page of a `Pager`: its rows in the request's total order, and the statements that read it.
public struct Page: Sendable {
    /// The rows, in the request's total order.
    public var rows: [Row]
    /// Every statement run to read the page, in order, with its arguments.
    public var statements: [GeneratedStatement]
    /// Per row (parallel to `rows`), the values of the keyset order there; empty with OFFSET.
    package var keys: [[DatabaseValue]]
    /// Where the page starts and ends among the request's rows: the pages before and after it
    /// are read from there.
    var lower: PageEdge
    var upper: PageEdge

    /// Whether the page has no row.
    public var isEmpty: Bool { rows.isEmpty }
}

/// A place between two rows of a pager's request.
enum PageEdge: Sendable, Hashable {
    /// Before the first row.
    case start
    /// After the last row.
    case end
    /// Just before the row whose keyset order has these values.
    case before([DatabaseValue])
    /// Just after the row whose keyset order has these values.
    case after([DatabaseValue])
    /// Before row `n` (counted from 0, in the request's window), with OFFSET.
    case position(Int)
}
