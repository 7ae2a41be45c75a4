/// One scope of a statement's rows: the table it reads, how it is attached, its columns (in `Row`
/// order) and its joined scopes.
struct ScopeLayout: Sendable {
    var key: String
    var kind: RequestScope.Kind
    var nodeID: Int
    var table: String
    var alias: String?
    var columns: [RequestScope.Column]
    /// The schema's names for the columns of `*` selections (nil: SQLite's result name), so that
    /// names stay right where SQLite decorates duplicates (`name:1` in parenthesized joins).
    var names: [String?]
    var children: [ScopeLayout] = []

    /// Columns of this scope itself (its selection and annotations).
    var width: Int { names.count }

    /// The scope of `node`'s own columns, without children.
    init(key: String, kind: RequestScope.Kind, node: QueryNode) {
        self.key = key
        self.kind = kind
        nodeID = node.id
        table = node.table.name
        alias = node.userAlias
        (columns, names) = node.ownColumns
    }
}

extension QueryNode {
    /// The node's own columns in row order (its selection, then its annotations), with the
    /// schema's name of each `*` column and of each column selected by name.
    var ownColumns: (columns: [RequestScope.Column], names: [String?]) {
        var columns: [RequestScope.Column] = []
        var names: [String?] = []
        for (position, item) in selection.enumerated() {
            switch item {
            case .allColumns:
                for column in table.columns {
                    columns.append(.table(column.name))
                    names.append(column.name)
                }
            case .expression(.column(let name)) where table.column(named: name) != nil:
                // Named as SQLite names a plain column reference (the schema's spelling), also when
                // a cell preview reads it through an expression (`CellPreview`).
                let spelled = table.column(named: name)?.name ?? name
                columns.append(.table(spelled))
                names.append(spelled)
            case .expression:
                columns.append(.selected(position))
                names.append(nil)
            }
        }
        for index in annotations.indices {
            columns.append(.annotation(index))
            names.append(nil)
        }
        return (columns, names)
    }

    /// The tree with the keys of a prefetch's parent rows in its placeholder pivot filter.
    func fillingPivot(with keys: [PrefetchKey]) -> QueryNode {
        var node = self
        if var pivot = node.pivotFilter, pivot.isPlaceholder {
            pivot.values = keys
            pivot.isPlaceholder = false
            node.pivotFilter = pivot
            return node
        }
        for index in node.children.indices where node.children[index].kind != .all {
            node.children[index].node = node.children[index].node.fillingPivot(with: keys)
        }
        return node
    }
}
