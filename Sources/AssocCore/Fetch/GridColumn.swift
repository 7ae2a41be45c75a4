/// One column of the grid, as a reference into the view's row layout: which scope of the row it
/// comes from, where the request writes that scope, and what the column is there. Headers are
/// rendered from it; sorting and filtering read it, never the header text.
package struct GridColumn: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        /// A column of the scope's table.
        case table
        /// An expression the request selects (`select(...)`), at this index of the selection.
        case selected(Int)
        /// An annotation (`annotated(with:)`), at this index of the scope's annotations.
        case annotation(Int)
        /// The number of records a prefetched link (`including(all:)`) holds for the row.
        case prefetchCount
    }

    /// The scope keys from the root to the column's scope (`["author", "country"]`); for a
    /// prefetch count, the prefetch's key.
    package var scopePath: [String]
    /// Where the request writes the scope (`RequestScope.joinPath`); nil when it does not (a
    /// through association's pivot), empty for the root.
    package var joinPath: [Int]?
    package var source: Source
    /// The column's name in its scope's rows (`name`, `albumCount`), or the prefetch key.
    package var name: String

    package init(scopePath: [String] = [], joinPath: [Int]? = [], source: Source = .table, name: String) {
        self.scopePath = scopePath
        self.joinPath = joinPath
        self.source = source
        self.name = name
    }

    /// What the grid's header says: `name`, `author.country.name`, `albums (n)`.
    package var header: String {
        if source == .prefetchCount { return name + " (n)" }
        return (scopePath + [name]).joined(separator: ".")
    }

    /// Whether the column belongs to the root's own row (table columns, selections, annotations).
    package var isRoot: Bool { scopePath.isEmpty && source != .prefetchCount }
}
