/// Every association of every table of a schema, inferred once from its foreign keys
/// (and, optionally, from naming conventions). An immutable value.
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

    public let schema: Schema
    /// Problems found while inferring: foreign keys to missing tables or columns, mismatched
    /// column counts… Each names the table and the foreign key at fault.
    public let diagnostics: [String]
    private let byTable: [String: [Association]]

    /// Infers the associations of `schema`: foreign keys, naming conventions, and through associations.
    public init(schema: Schema, options: Options = Options()) {
        self.schema = schema
        let inferred = AssociationInference.infer(schema: schema, options: options)
        var byTable: [String: [Association]] = [:]
        for association in inferred.associations {
            byTable[association.origin.lowercased(), default: []].append(association)
        }
        self.byTable = byTable
        self.diagnostics = inferred.diagnostics
    }

    /// The associations that start from `table` (case-insensitive), in a stable order:
    /// belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough, each by name.
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
