import AssocCore

/// One line of the Links pane: an association of the view's table, or (`parentJoinPath` not
/// empty) a to-one association of an included table, shown "via author" and includable in a chain.
struct LinkEntry: Sendable, Equatable {
    var association: Association
    /// The join of the view's request the association starts from; empty for the view's table.
    var parentJoinPath: [Int] = []
    /// The names of the links from the view's table to that join (`["author", "country"]`).
    var parentNames: [String] = []
    /// The join of the request that attaches the association, when it is attached.
    var joinPath: [Int]?
    /// Whether it is attached, and how.
    var inclusion: Inclusion = .none

    enum Inclusion: Sendable, Equatable {
        case none, optional, required
        /// `joining(optional:)` / `joining(required:)`: joined without its columns.
        case joinedOptional, joinedRequired

        /// How the Links pane marks it: ` [LEFT JOIN]`, ` [JOIN, no columns]`; nil when not included.
        var marker: String? {
            switch self {
            case .none: nil
            case .optional: " [LEFT JOIN]"
            case .required: " [JOIN]"
            case .joinedOptional: " [LEFT JOIN, no columns]"
            case .joinedRequired: " [JOIN, no columns]"
            }
        }
    }

    /// The link names from the view's table to this one (`author.country`).
    var namePath: [String] { parentNames + [association.name] }
    var isIncluded: Bool { inclusion != .none }
    /// Whether the association starts from the view's own table.
    var isRootLink: Bool { parentJoinPath.isEmpty }

    /// The Links pane of a table and its view's request: the table's associations, then the
    /// to-one associations of each table the request joins, depth-first.
    static func entries(table: String, request: Request?, graph: AssociationGraph) -> [LinkEntry] {
        var entries: [LinkEntry] = []
        add(from: table, request: request ?? Request(table: table), parentPath: [], parentNames: [], graph: graph, into: &entries)
        return entries
    }

    private static func add(
        from table: String, request: Request, parentPath: [Int], parentNames: [String],
        graph: AssociationGraph, into entries: inout [LinkEntry]
    ) {
        let links = graph.associations(from: table)
        let joins = request.joins(under: parentPath)
        var joined: [(association: Association, path: [Int])] = []
        for association in links where parentPath.isEmpty || !association.isToMany {
            var entry = LinkEntry(association: association, parentJoinPath: parentPath, parentNames: parentNames)
            if let join = joins.first(where: { !$0.isPrefetch && $0.associationName == association.name }) {
                entry.joinPath = join.path
                entry.inclusion = inclusion(of: join)
                if !association.isToMany { joined.append((association, join.path)) }
            }
            entries.append(entry)
        }
        for (association, path) in joined {
            add(
                from: association.destination, request: request, parentPath: path,
                parentNames: parentNames + [association.name], graph: graph, into: &entries)
        }
    }

    private static func inclusion(of join: RequestJoin) -> Inclusion {
        switch (join.isPrefetch, join.isIncluding, join.isRequired) {
        case (true, _, _): return .none
        case (false, true, false): return .optional
        case (false, true, true): return .required
        case (false, false, false): return .joinedOptional
        case (false, false, true): return .joinedRequired
        }
    }
}

/// The record counts of the to-many links of one row (the selected one), computed lazily.
struct LinkCounts: Sendable, Equatable {
    var view: RequestView
    var rowIndex: Int
    var counts: [String: Int]
}
