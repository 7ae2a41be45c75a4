/// The tables behind a row and its scopes and prefetched rows, read from the request's plan.
/// The row decoder uses it to know which table a scope holds, so that `book: Book` decodes from
/// the root columns of a `book` request while `author: Author` needs an `author` scope.
struct TableLayout: Sendable {
    /// The table of this row (as spelled in the schema).
    var table: String {
        didSet { singularTableName = Inflector.singularName(ofTable: table).lowercased() }
    }
    /// The singular name of `table`, lower-cased, computed once (record decoding compares it for every row).
    private(set) var singularTableName: String
    /// Scopes in request order, as `Row.scopes` holds them.
    var scopes: [(key: String, layout: TableLayout)] = []
    /// `including(all:)` associations attached to this row.
    var prefetched: [(key: String, layout: TableLayout)] = []

    init(table: String) {
        self.table = table
        singularTableName = Inflector.singularName(ofTable: table).lowercased()
    }

    /// The tables of the scope tree of a plan's rows (`QueryPlan.scopeTree`).
    init(scope: RequestScope) {
        self.init(table: scope.table)
        scopes = scope.scopes.map { ($0.key, TableLayout(scope: $0)) }
        prefetched = scope.prefetched.map { ($0.key, TableLayout(scope: $0)) }
    }

    /// This layout and its scopes' layouts, nested ones included, breadth-first.
    var breadthFirstScopes: BreadthFirst<TableLayout> { BreadthFirst(self) { $0.scopes.map(\.layout) } }
}
