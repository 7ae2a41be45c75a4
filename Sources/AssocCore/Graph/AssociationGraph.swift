/// Every association of every table of a schema, inferred once from its foreign keys
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
public struct AssociationGraph: Sendable {
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
    /// Problems found while inferring: foreign keys to missing tables or columns, mismatched
    /// column counts… Each names the table and the foreign key at fault.
    public let diagnostics: [String]
    private let byTable: [String: [Association]]

    /// Infers the associations of `schema`: foreign keys, naming conventions, and through associations.
    public init(schema: Schema, options: Options = Options()) {
        self.schema = schema
        (self.byTable, self.diagnostics) = Self.inferred(schema: schema, options: options)
    }

    /// Infers the associations of `schema`, then adds `declarations` in order (see
    /// `AssociationDeclaration`): a declaration named like an inferred association of its table
    /// replaces it (and the inferred through associations that step through it step through the
    /// declared one), the others come after the inferred ones. Throws `AssocError.declaration`
    /// naming the file, line and column of the first declaration that does not fit the schema,
    /// or that passes a limit (`AssociationDeclaration.maximumCount` declarations, through chains
    /// of `maximumThroughSteps` associations).
    public init(schema: Schema, options: Options = Options(), declarations: [AssociationDeclaration]) throws {
        self.schema = schema
        var (byTable, diagnostics) = Self.inferred(schema: schema, options: options)
        let inferred = byTable
        try DeclarationResolver.apply(declarations, schema: schema, to: &byTable)
        // Through associations made of a replaced one follow the declaration.
        ThroughRefresh.apply(to: &byTable, inferred: inferred, diagnostics: &diagnostics)
        self.byTable = byTable
        self.diagnostics = diagnostics
    }

    private static func inferred(schema: Schema, options: Options) -> ([String: [Association]], [String]) {
        let inferred = AssociationInference.infer(schema: schema, options: options)
        var byTable: [String: [Association]] = [:]
        for association in inferred.associations {
            byTable[association.origin.lowercased(), default: []].append(association)
        }
        return (byTable, inferred.diagnostics)
    }

    /// The associations that start from `table` (case-insensitive), in a stable order:
    /// belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough, each by name; then the declared
    /// ones that replace none, in declaration order.
    public func associations(from table: String) -> [Association] {
        byTable[table.lowercased()] ?? []
    }

    /// The association named `name` (exact spelling) that starts from `table`.
    public func association(named name: String, from table: String) -> Association? {
        associations(from: table).first { $0.name == name }
    }

    /// Every association, table by table in schema order.
    public var allAssociations: [Association] {
        schema.tables.flatMap { associations(from: $0.name) }
    }
}
