/// What the rows of a request hold, scope by scope, and where in the request each scope was
/// written: the map a browser needs to turn a grid column back into a request edit (sort on an
/// included column through its alias, toggle or remove the join that brought it) without reading
/// meaning into column names.
///
///     // Table("book").including(optional: Table("book").author.including(required: country))
///     root: book, columns id, title, authorId
///       scope "author" (joinPath [0]): person, columns id, name, countryCode
///         scope "country" (joinPath [0, 0]): country, columns code, name
package struct RequestScope: Sendable, Hashable {
    /// How the scope is attached to its parent.
    package enum Kind: Sendable, Hashable {
        /// The request's own table.
        case root
        /// `including(required:)`: every row has it.
        case required
        /// `including(optional:)`: its columns are NULL when nothing matches.
        case optional
        /// `including(all:)`: rows fetched by another statement (`Row.prefetchedRows(_:)`).
        case prefetched
    }

    /// One column of the scope's rows, in `Row` order.
    package enum Column: Sendable, Hashable {
        /// A column of the scope's table.
        case table(String)
        /// The selected expression at this index of the selection that is not a table column.
        case selected(Int)
        /// The annotation at this index of the scope's `annotated(with:)` expressions.
        case annotation(Int)
    }

    /// The scope key (`Row.scopes`, `Row.prefetchedRows(_:)`); empty for the root.
    package var key: String
    /// The scope's table, as the schema spells it.
    package var table: String
    /// How the scope is attached to its parent.
    package var kind: Kind
    /// The alias the request gives the scope's table (`aliased(_:)`), if any.
    package var alias: String?
    /// Where the request attaches the scope: `relation.joins[i]`, then `association.relation.joins[j]`
    /// of that join, and so on. Empty for the root; nil for a scope the request did not write
    /// as a join of its own.
    package var joinPath: [Int]?
    /// The scope's columns, in `Row` order.
    package var columns: [Column]
    /// Joined scopes, in `Row.scopes` order.
    package var scopes: [RequestScope] = []
    /// Prefetched associations, in `Row.prefetched` order.
    package var prefetched: [RequestScope] = []

    /// A scope; `Database.scopeTree(of:)` makes them from a request.
    package init(
        key: String, table: String, kind: Kind, alias: String? = nil, joinPath: [Int]?, columns: [Column],
        scopes: [RequestScope] = [], prefetched: [RequestScope] = []
    ) {
        self.key = key
        self.table = table
        self.kind = kind
        self.alias = alias
        self.joinPath = joinPath
        self.columns = columns
        self.scopes = scopes
        self.prefetched = prefetched
    }

    /// The joined scope at `path` (keys from this scope down), nil when there is none.
    package func scope(at path: [String]) -> RequestScope? {
        var current = self
        for key in path {
            guard let next = current.scopes.first(where: { $0.key == key }) else { return nil }
            current = next
        }
        return current
    }
}

extension Database {
    /// The scopes of the rows `request` fetches, read from its plan; nothing is run.
    package func scopeTree(of request: Request) throws -> RequestScope {
        try plan(request).scopeTree
    }
}
