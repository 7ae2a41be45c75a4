/// Infers associations from a schema. (Stub: replaced by the real inference.)
enum AssociationInference {
    struct Result {
        var associations: [Association]
        var diagnostics: [String]
    }

    static func infer(schema: Schema, options: AssociationGraph.Options) -> Result {
        Result(associations: [], diagnostics: [])
    }
}
