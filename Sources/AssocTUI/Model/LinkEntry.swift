import AssocCore

/// One line of the Links pane: an association of the view's table, or (`parentPath` not empty)
/// a to-one association of an included table, shown "via author" and includable in a chain.
struct LinkEntry: Sendable, Equatable {
    var association: Association
    /// The include the association starts from; empty for the view's own table.
    var parentPath: [String]
    /// Whether it is included in the view, and how.
    var inclusion: Inclusion

    enum Inclusion: Sendable, Equatable {
        case none, optional, required
    }

    /// The include path this entry would have (or has) in the view.
    var includePath: [String] { parentPath + [association.name] }
    var isIncluded: Bool { inclusion != .none }

    /// The Links pane of a table and the includes of its view: the table's associations, then the
    /// to-one associations of each included table, depth-first.
    static func entries(table: String, view: BrowserView?, associations: [String: [Association]]) -> [LinkEntry] {
        func inclusion(_ path: [String]) -> Inclusion {
            guard let include = view?.include(at: path) else { return .none }
            return include.isRequired ? .required : .optional
        }
        var entries = (associations[table] ?? []).map {
            LinkEntry(association: $0, parentPath: [], inclusion: inclusion([$0.name]))
        }
        for (path, include) in view?.includePaths ?? [] {
            for association in associations[include.destination] ?? [] where !association.isToMany {
                entries.append(LinkEntry(association: association, parentPath: path, inclusion: inclusion(path + [association.name])))
            }
        }
        return entries
    }
}

/// The record counts of the to-many links of one row (the selected one), computed lazily.
struct LinkCounts: Sendable, Equatable {
    var view: BrowserView
    var rowIndex: Int
    var counts: [String: Int]
}
