/// Which rows `assoc extract` copies (see `Database.extractSubset(_:to:replacing:)`):
///
/// - the rows of `request`;
/// - the rows reached from them along each path of `paths` (association names from the request's
///   table, any kind; a through association brings the rows of each table it goes through);
/// - with `allChildren`, every row reached going down (hasMany, hasOne) from those rows,
///   transitively;
/// - always, every parent row an included row points to through a belongsTo (declared, inferred
///   or from a declarations file), transitively, so that no included row points to a missing
///   parent. Rows that came in only as parents bring no children of their own.
package struct SubsetSpecification: Sendable, Hashable {
    /// The request whose rows the subset starts from.
    package var request: Request
    /// Paths of associations from the request's table, each followed from the request's rows
    /// (with the filters of its associations, if any).
    package var paths: [[AssociationRequest]]
    /// Whether hasMany and hasOne associations are followed down from every row reached going down.
    package var allChildren: Bool

    /// The subset of `request`'s rows, the rows reached along `paths` (each a list of association
    /// names: `["albums", "tracks"]`), with `allChildren` every child down, and every parent.
    package init(request: Request, paths: [[String]] = [], allChildren: Bool = false) {
        self.request = request
        self.paths = paths.map { $0.map { AssociationRequest(origin: nil, reference: .named($0)) } }
        self.allChildren = allChildren
    }

    /// The subset a view of `request` shows: its rows, the rows each association it includes
    /// reaches (`including(required:|optional:|all:)`, chained ones along their chain, with
    /// their filters), and every parent. `joining` associations only choose rows: they add none.
    package init(showing request: Request) {
        var paths: [[AssociationRequest]] = []
        for join in request.joins where join.isIncluding {
            var chain: [AssociationRequest] = []
            for depth in 1...join.path.count {
                guard var association = request.rawJoin(at: Array(join.path.prefix(depth)))?.association else { break }
                // The joins under it are paths of their own.
                association.relation.joins = []
                chain.append(association)
            }
            if chain.count == join.path.count { paths.append(chain) }
        }
        self.request = request
        self.paths = paths
        self.allChildren = false
    }
}

/// How many rows of one table a subset holds.
package struct TableRowCount: Sendable, Hashable {
    /// The table, spelled as in the schema.
    package var table: String
    package var rows: Int

    package init(table: String, rows: Int) {
        self.table = table
        self.rows = rows
    }
}

/// What `Database.extractSubset(_:to:replacing:)` wrote.
package struct SubsetSummary: Sendable, Hashable {
    /// Every ordinary table of the source, in schema order, with the rows copied (0 for most).
    package var tables: [TableRowCount]
    /// The rows of the request itself (before paths, children and parents).
    package var requestRows: Int
    /// Virtual tables, created as in the source and left empty (their rows are not reached by
    /// associations).
    package var emptyVirtualTables: [String]
    /// Rows of the new file whose foreign key points to no row (`PRAGMA foreign_key_check`):
    /// 0 unless the source itself has such rows among those copied.
    package var foreignKeyViolations: Int

    /// Rows copied in all.
    package var totalRows: Int { tables.reduce(0) { $0 + $1.rows } }
}
