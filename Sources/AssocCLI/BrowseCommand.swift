import ArgumentParser
import AssocCore

/// `assoc [DB]` (the default subcommand): opens the interactive browser.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a database interactively (the default: `assoc` and `assoc DB` run it).")

    @OptionGroup var database: DatabaseArgument

    @OptionGroup var associations: AssociationFiles

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Open this table (or view) at start, instead of the table list.", valueName: "name"))
    var table: String?

    @Flag(help: ArgumentHelp(
        "y copies through the terminal with OSC 52 (works over ssh; the terminal must allow it). Also ASSOC_OSC52=1."))
    var osc52 = false

    func run() throws {
        try Self.browse(database: database.database, table: table, associations: associations, osc52: osc52)
    }

    /// Opens `database` (nil: the demo) in the browser, at `table` when given, with the associations
    /// declared in `associations`; an unknown table or a bad declaration is an error before the
    /// screen changes.
    static func browse(
        database path: String?, table: String?, associations: AssociationFiles = AssociationFiles(), osc52: Bool = false
    ) throws {
        let loaded = try DatabaseArgument.load(path: path)
        let graph = try associations.graph(for: loaded.schema)
        var initialTable: String?
        if let table {
            guard let info = loaded.schema.table(named: table) else {
                // The closest names first, as the request line suggests them; else the known ones.
                let names = loaded.schema.tables.map(\.name)
                let close = NameSuggestions.closest(to: table, among: names)
                let hint = close.isEmpty
                    ? (names.isEmpty ? "" : " (known: " + names.prefix(20).map(TextSanitizer.quoted).joined(separator: ", ") + ")")
                    : " (did you mean " + close.map(TextSanitizer.quoted).joined(separator: " or ") + "?)"
                throw CLIError(message: "no table or view named \(TextSanitizer.quoted(table)) in \(TextSanitizer.quoted(loaded.title))" + hint)
            }
            initialTable = info.name
        }
        try BrowserLauncher.run(
            connection: loaded.connection, graph: graph, makeGraph: { try associations.graph(for: $0) }, title: loaded.title, initialTable: initialTable, osc52: osc52)
    }
}
