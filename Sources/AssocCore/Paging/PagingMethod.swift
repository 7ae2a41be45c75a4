/// How a `Pager` reads its pages.
public enum PagingMethod: Sendable, Hashable, CustomStringConvertible {
    /// Each page starts after (or ends before) the values of the order at a row of the page next
    /// to it: one index seek per page, however deep.
    case keyset(KeysetOrder)
    /// Each page is read with `LIMIT`/`OFFSET` on the totally ordered request: SQLite steps over
    /// every row before the page. `reason` says why keyset paging could not be used.
    case offset(reason: OffsetPagingReason)

    /// Whether pages are read by keyset.
    public var isKeyset: Bool {
        if case .keyset = self { return true }
        return false
    }

    /// `keyset paging on Name, TrackId`, or `OFFSET paging: the table has no key`.
    public var description: String {
        switch self {
        case .keyset(let order): return "keyset paging on \(order)"
        case .offset(let reason): return "OFFSET paging: \(reason)"
        }
    }
}

/// Why a request pages with `OFFSET` rather than by keyset.
public enum OffsetPagingReason: Sendable, Hashable, CustomStringConvertible {
    /// The request reads a view: no key tells its rows apart.
    case viewWithoutKey
    /// The table has no key (a nullable primary key without a rowid, a rowid no name reaches).
    case tableWithoutKey
    /// `distinct()` folds rows that no key of their own tells apart.
    case distinctRowsWithoutKey
    /// A join repeats the root's rows, and a table joined to-many has no key to tell them apart.
    case repeatedRowsWithoutKey
    /// The request's order is on a value not every row has, or one that changes between reads.
    case sort(UnpageableSort)
    /// The request has a limit or offset of its own.
    case ownLimit
    /// The request reads the rows of a user's own SQL statement (`Database.request(sql:arguments:)`):
    /// nothing says which of its columns, if any, tell its rows apart.
    case statementWithoutKey

    /// The reason in words: `the table has no key`.
    public var description: String {
        switch self {
        case .viewWithoutKey: return "a view has no key"
        case .tableWithoutKey: return "the table has no key"
        case .distinctRowsWithoutKey: return "distinct() rows with no key of their own"
        case .repeatedRowsWithoutKey: return "rows repeat a key, and a table joined to-many has none to tell them apart"
        case .sort(let sort): return sort.description
        case .ownLimit: return "the request has a limit of its own"
        case .statementWithoutKey: return "the rows of an SQL statement have no key"
        }
    }
}

/// A sort keyset paging cannot follow.
public enum UnpageableSort: Sendable, Hashable, CustomStringConvertible {
    /// `distinct()` sorted by a value its rows do not select.
    case distinctOnUnselectedValue
    /// An SQL snippet that is not one value per row (an aggregate, `random()`, the time).
    case changingSnippet
    /// An annotation's name that is not an aggregate's.
    case annotation
    /// A column the selection leaves out.
    case unselectedColumn
    /// Another expression (of a joined table, a non-deterministic function…).
    case expression

    /// The sort in words: `sorted by an expression`.
    public var description: String {
        switch self {
        case .distinctOnUnselectedValue: return "distinct() sorted by a value its rows do not select"
        case .changingSnippet: return "sorted by an SQL snippet that is not one value per row (an aggregate, random(), the time)"
        case .annotation: return "sorted by an annotation"
        case .unselectedColumn: return "sorted by a column left out of the selection"
        case .expression: return "sorted by an expression"
        }
    }
}
