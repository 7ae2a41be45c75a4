import AssocCore

/// What the schema renderers print: the tables, the associations of each, and diagnostics.
/// Built from an `AssociationGraph`, or by hand in tests (any associations, no inference).
struct SchemaSnapshot {
    var schema: Schema
    /// Associations by lowercased origin table name, in display order.
    var associationsByTable: [String: [Association]]
    /// Schema diagnostics followed by inference diagnostics.
    var diagnostics: [String]

    init(schema: Schema, associations: [Association], diagnostics: [String] = []) {
        self.schema = schema
        var byTable: [String: [Association]] = [:]
        for association in associations {
            byTable[association.origin.lowercased(), default: []].append(association)
        }
        self.associationsByTable = byTable
        self.diagnostics = schema.diagnostics + diagnostics
    }

    /// The graph's associations table by table (as `init(schema:associations:)` would group
    /// `graph.allAssociations`, whose origin is always their table: without regrouping 120,000
    /// associations of a schema of 30,000 tables by a lowercased name each).
    init(graph: AssociationGraph) {
        schema = graph.schema
        graph.inferAllNow()
        var byTable: [String: [Association]] = [:]
        for table in graph.schema.tables {
            let associations = graph.associations(from: table.name)
            if !associations.isEmpty { byTable[table.name.lowercased(), default: []] += associations }
        }
        associationsByTable = byTable
        diagnostics = graph.schema.diagnostics + graph.diagnostics
    }

    func associations(from table: String) -> [Association] {
        associationsByTable[table.lowercased()] ?? []
    }

    /// Every association, table by table in schema order.
    var allAssociations: [Association] {
        schema.tables.flatMap { associations(from: $0.name) }
    }
}
