import AssocCore

/// One view of the browser, as a value: the root table, how it was reached (a followed link from
/// one row), and the to-one associations included as columns. The data source turns it into an
/// AssocCore `Request` every time it runs it, so the SQL always matches what is on screen.
package struct BrowserView: Sendable, Hashable {
    /// The table the rows come from.
    package var table: String
    /// How the breadcrumb names this view (the table, or the followed link's name).
    package var title: String
    /// The link followed to reach this view, nil for a whole table.
    package var follow: FollowedLink?
    /// Included to-one associations, in the order they were added.
    package var includes: [IncludedAssociation]
    /// Prefetched to-many links (`including(all:)`), by association name, in the order added.
    package var prefetches: [String] = []
    /// Aggregate columns (`annotated(with:)`), in the order added.
    package var aggregates: [AggregateColumn] = []
    /// Filters (`filter`) and aggregate filters (`having`), in the request language's syntax.
    package var filters: [ExpressionSyntax] = []
    package var havings: [ExpressionSyntax] = []
    /// Sort terms (`order`), most significant first.
    package var sorts: [SortTerm] = []
    /// A typed request with no place in this structure: its request-language text, run as is.
    package var rawRequest: String?

    package init(table: String, title: String? = nil, follow: FollowedLink? = nil, includes: [IncludedAssociation] = []) {
        self.table = table
        self.title = title ?? table
        self.follow = follow
        self.includes = includes
    }
}

/// A link followed from one row: `db.request(for: link, of: row, in: table)`.
package struct FollowedLink: Sendable, Hashable {
    /// The table of the row the link starts from.
    package var table: String
    /// The association's name in the graph.
    package var link: String
    /// The row's root columns and values (enough for any association of `table`).
    package var columns: [String]
    package var values: [DatabaseValue]
    /// How the breadcrumb names the row: `#1 AC/DC`.
    package var rowLabel: String

    package init(table: String, link: String, columns: [String], values: [DatabaseValue], rowLabel: String) {
        self.table = table
        self.link = link
        self.columns = columns
        self.values = values
        self.rowLabel = rowLabel
    }
}

/// A to-one association included in a view: `including(optional:)` or `including(required:)`,
/// with the associations included from its own table (`author.including(optional: country)`).
package struct IncludedAssociation: Sendable, Hashable {
    /// The association's name in the graph, also the scope key and the column prefix.
    package var name: String
    /// The table it starts from and the table it leads to.
    package var origin: String
    package var destination: String
    package var isRequired: Bool
    package var children: [IncludedAssociation]

    package init(name: String, origin: String, destination: String, isRequired: Bool = false, children: [IncludedAssociation] = []) {
        self.name = name
        self.origin = origin
        self.destination = destination
        self.isRequired = isRequired
        self.children = children
    }
}

/// Edits of the include tree, addressed by key paths (`["author", "country"]`). Pure functions:
/// a path that names nothing leaves the tree as it is.
extension BrowserView {
    /// The include at `path`, if any.
    func include(at path: [String]) -> IncludedAssociation? {
        var level = includes
        var found: IncludedAssociation?
        for key in path {
            guard let node = level.first(where: { $0.name == key }) else { return nil }
            found = node
            level = node.children
        }
        return found
    }

    /// The view with `include` added under the include at `parent` (the root when empty).
    func adding(_ include: IncludedAssociation, under parent: [String]) -> BrowserView {
        var copy = self
        copy.includes = Self.edit(includes, path: parent) { children in
            if !children.contains(where: { $0.name == include.name }) { children.append(include) }
        }
        return copy
    }

    /// The view with the include at `path` removed (with its own includes).
    func removingInclude(at path: [String]) -> BrowserView {
        guard let last = path.last else { return self }
        var copy = self
        copy.includes = Self.edit(includes, path: Array(path.dropLast())) { children in
            children.removeAll { $0.name == last }
        }
        return copy
    }

    /// The view with the include at `path` switched between optional and required.
    func togglingInclude(at path: [String]) -> BrowserView {
        guard let last = path.last else { return self }
        var copy = self
        copy.includes = Self.edit(includes, path: Array(path.dropLast())) { children in
            for index in children.indices where children[index].name == last {
                children[index].isRequired.toggle()
            }
        }
        return copy
    }

    private static func edit(
        _ level: [IncludedAssociation], path: [String], _ change: (inout [IncludedAssociation]) -> Void
    ) -> [IncludedAssociation] {
        var level = level
        guard let first = path.first else {
            change(&level)
            return level
        }
        for index in level.indices where level[index].name == first {
            level[index].children = edit(level[index].children, path: Array(path.dropFirst()), change)
        }
        return level
    }

    /// Every include with its path, depth-first in order.
    var includePaths: [(path: [String], include: IncludedAssociation)] {
        var result: [(path: [String], include: IncludedAssociation)] = []
        func walk(_ level: [IncludedAssociation], _ prefix: [String]) {
            for node in level {
                result.append((prefix + [node.name], node))
                walk(node.children, prefix + [node.name])
            }
        }
        walk(includes, [])
        return result
    }
}
