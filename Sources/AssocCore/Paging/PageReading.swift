/// How a page of a view was read: the view's paging method (AssocCore's `PagingMethod`), whether
/// the request limits itself, and why a page of a view paged by keyset was read with OFFSET.
/// `description` is the one place the SQL pane's paging note is worded.
package struct PageReading: Sendable, Equatable {
    /// How the view pages.
    package var method: PagingMethod
    /// The request has a limit of its own: the end of its rows is not the end of its table's.
    package var hasOwnLimit: Bool
    /// Set when the view pages by keyset but this page was read with OFFSET.
    package var fallback: OffsetFallback?

    /// Why a page of a view paged by keyset was read with OFFSET.
    package enum OffsetFallback: Sendable, Equatable {
        /// No row seen near the page: it is counted from an end.
        case noNearbyKey
        /// The last rows of a request with its own offset and limit, counted from its first row.
        case lastRowsOfOwnLimit
    }

    package init(method: PagingMethod, hasOwnLimit: Bool = false, fallback: OffsetFallback? = nil) {
        self.method = method
        self.hasOwnLimit = hasOwnLimit
        self.fallback = fallback
    }

    /// Whether the view pages on a key with no limit of its own: its last rows can be read
    /// backwards before it is counted (`G`).
    package var readsEndByKey: Bool { method.isKeyset && !hasOwnLimit }

    /// The SQL pane's note: `keyset paging on ArtistId`, `OFFSET paging: a view has no key`.
    package var description: String {
        switch fallback {
        case .noNearbyKey: return "OFFSET paging: no nearby key"
        case .lastRowsOfOwnLimit: return "OFFSET paging: the last rows of the request's limit, counted from its first row"
        case nil: return method.description
        }
    }
}
