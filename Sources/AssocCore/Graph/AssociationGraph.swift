/// Every association of every table of a schema, inferred from its foreign keys
/// (and, optionally, from naming conventions), plus the ones declared by hand. An immutable value.
///
/// ```swift
/// let declarations = try AssociationDeclaration.parse("""
///     Genre.hasMany(Track, key: "songs", using: [GenreId]).order(Name)
///     Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: "customers")
///     """)
/// let graph = try AssociationGraph(schema: schema, declarations: declarations)
/// let db = Database(connection: connection, graph: graph)
/// let customers = try db.request(parsing: "Artist.filter(key: 1).request(for: customers)").fetchAll(db)
/// ```
public struct AssociationGraph: Sendable, Equatable {
    /// Choices that change what is inferred.
    public struct Options: Sendable, Hashable {
        /// Also infer belongsTo/hasMany from columns named like `authorId` / `author_id`
        /// when no foreign key is declared. Such associations have `source == .naming`.
        public var inferFromNaming: Bool

        /// Options for inference (`inferFromNaming`: also link `authorId` to `author` without a declared foreign key).
        public init(inferFromNaming: Bool = true) {
            self.inferFromNaming = inferFromNaming
        }
    }

    /// The schema the associations were inferred from.
    public let schema: Schema
    private let options: Options
    private let declarations: [AssociationDeclaration]
    /// Inferred associations by lowercased table, when they were all computed at once (with
    /// declarations, which can reach any table); nil when `lazy` infers them table by table.
    private let byTable: [String: [Association]]?
    private let lazy: LazyAssociationInference?
    private let eagerDiagnostics: [String]
    /// Label columns declared in an associations file (`Artist.label(Name)`), by lowercased
    /// table name (`labeled(by:)`); `LabelColumn` picks one for the other tables.
    package var labelColumns: [String: String] = [:]

    /// Problems found while inferring: foreign keys to missing tables or columns, mismatched
    /// column counts, through associations over the limit of a table… Each names the table and
    /// the foreign key at fault. Infers every table's associations the first time it is read.
    public var diagnostics: [String] {
        lazy?.diagnosticsOfAll() ?? eagerDiagnostics
    }

    /// Infers the associations of `schema`: foreign keys, naming conventions, and through
    /// associations. A table's associations are inferred when first asked for (a schema of
    /// thousands of tables opens without naming them all).
    public init(schema: Schema, options: Options = Options()) {
        self.init(
            schema: schema, options: options, declarations: [], byTable: nil,
            lazy: LazyAssociationInference(schema: schema, options: options), diagnostics: [])
    }

    /// Infers the associations of `schema`, then adds `declarations` in order (see
    /// `AssociationDeclaration`): a declaration named like an inferred association of its table
    /// replaces it (and the inferred through associations that step through it step through the
    /// declared one), the others come after the inferred ones. Throws `AssocError.declaration`
    /// naming the file, line and column of the first declaration that does not fit the schema,
    /// or that passes a limit (`AssociationDeclaration.maximumCount` declarations, through chains
    /// of `maximumThroughSteps` associations). Without declarations, inference is lazy as above.
    package init(schema: Schema, options: Options = Options(), declarations: [AssociationDeclaration]) throws {
        guard !declarations.isEmpty else {
            self.init(schema: schema, options: options)
            return
        }
        var (byTable, diagnostics) = LazyAssociationInference(schema: schema, options: options).inferAll()
        let inferred = byTable
        try DeclarationResolver.apply(declarations, schema: schema, to: &byTable)
        // Through associations made of a replaced one follow the declaration.
        ThroughRefresh.apply(to: &byTable, inferred: inferred, diagnostics: &diagnostics)
        self.init(
            schema: schema, options: options, declarations: declarations, byTable: byTable, lazy: nil,
            diagnostics: diagnostics)
    }

    private init(
        schema: Schema, options: Options, declarations: [AssociationDeclaration],
        byTable: [String: [Association]]?, lazy: LazyAssociationInference?, diagnostics: [String]
    ) {
        self.schema = schema
        self.options = options
        self.declarations = declarations
        self.byTable = byTable
        self.lazy = lazy
        self.eagerDiagnostics = diagnostics
    }

    /// Two graphs are equal when they are made of the same schema, options and declarations:
    /// inference is deterministic, so they hold the same associations (compared without
    /// inferring any).
    public static func == (lhs: AssociationGraph, rhs: AssociationGraph) -> Bool {
        lhs.schema == rhs.schema && lhs.options == rhs.options && lhs.declarations == rhs.declarations
    }

    /// The associations that start from `table` (case-insensitive), in a stable order:
    /// belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough, each by name; then the declared
    /// ones that replace none, in declaration order.
    public func associations(from table: String) -> [Association] {
        if let lazy { return lazy.associations(from: table) }
        return byTable?[table.lowercased()] ?? []
    }

    /// The belongsTo, hasOne and hasMany associations that start from `table`, in the order of
    /// `associations(from:)`: the edges of a walk over the graph, which needs no through
    /// association inferred (a walk over 30,000 tables stays cheap).
    package func directAssociations(from table: String) -> [Association] {
        if let lazy { return lazy.directAssociations(from: table) }
        return associations(from: table).filter { !$0.kind.isThrough }
    }

    /// The association named `name` (exact spelling) that starts from `table`.
    public func association(named name: String, from table: String) -> Association? {
        associations(from: table).first { $0.name == name }
    }

    /// Infers every table's associations now (on several threads in a large schema), before
    /// all of them are read one table after the other.
    package func inferAllNow() {
        lazy?.inferAllNow()
    }

    /// Every association, table by table in schema order.
    package var allAssociations: [Association] {
        inferAllNow()
        return schema.tables.flatMap { associations(from: $0.name) }
    }
}

extension AssociationGraph {
    /// The graph with `more` declarations after its own (a link accepted in the browser for the
    /// session): the same schema, options and label columns. Throws as `init(schema:options:declarations:)`.
    package func adding(_ more: [AssociationDeclaration]) throws -> AssociationGraph {
        var graph = try AssociationGraph(schema: schema, options: options, declarations: declarations + more)
        graph.labelColumns = labelColumns
        return graph
    }
}
