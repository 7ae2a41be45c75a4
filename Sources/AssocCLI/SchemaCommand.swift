import ArgumentParser
import AssocCore

/// `assoc schema [DB] [--format text|json|dot|mermaid]`: tables, columns and associations.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the tables, columns and associations (inferred and declared) of a database.")

    @OptionGroup var database: DatabaseArgument

    @OptionGroup var associations: AssociationFiles

    @Option(help: "Output format: text, json, dot (Graphviz) or mermaid (erDiagram).")
    var format: SchemaFormat = .text

    func run() throws {
        let loaded = try database.load()
        let graph = SchemaSnapshot(graph: try associations.graph(for: loaded.schema))
        UntilExit.keep(graph)
        print(format.render(graph), terminator: "")
    }
}

/// The output formats of `assoc schema`.
enum SchemaFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, dot, mermaid

    /// The whole output, ending with a newline.
    func render(_ graph: SchemaSnapshot) -> String {
        switch self {
        case .text: return SchemaTextRenderer.render(graph)
        case .json: return SchemaJSONRenderer.render(graph)
        case .dot: return SchemaDotRenderer.render(graph)
        case .mermaid: return SchemaMermaidRenderer.render(graph)
        }
    }
}
