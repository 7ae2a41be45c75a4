import ArgumentParser
import AssocCore

/// `assoc [DB]` (the default subcommand): opens the interactive browser.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a database interactively (the default: `assoc` and `assoc DB` run it).")

    @OptionGroup var database: DatabaseArgument

    @OptionGroup var associations: AssociationFiles

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Open this table (or view) at start, instead of the table list.", valueName: "name"))
    var table: String?

    @Flag(
        help: ArgumentHelp(
            "y copies through the terminal with OSC 52 (works over ssh; the terminal must allow it). Also ASSOC_OSC52=1."))
    var osc52 = false

    @Flag(
        help: ArgumentHelp(
            "Keep no history: the request line, filters and finds are neither read from nor written to $XDG_STATE_HOME/assoc/history. Also ASSOC_HISTORY=0."
        ))
    var noHistory = false

    /// Without a browser to start (AssocCLI does not link one): `AssocMain` runs this command with
    /// the one the executable gives, through `run(with:)`.
    func run() throws {
        throw CLIError(message: "this program has no interactive browser: use the assoc executable, or a subcommand (assoc --help)")
    }

    /// Opens the database in the browser `launcher` starts.
    func run(with launcher: any BrowserLauncher) throws {
        try Self.browse(
            database: database.database, table: table, associations: associations, osc52: osc52, history: !noHistory, launcher: launcher)
    }

    /// Opens `database` (nil: the demo) in the browser, at `table` when given, with the associations
    /// declared in `associations`; an unknown table or a bad declaration is an error before the
    /// screen changes.
    static func browse(
        database path: String?, table: String?, associations: AssociationFiles = AssociationFiles(), osc52: Bool = false,
        history: Bool = true,
        launcher: any BrowserLauncher
    ) throws {
        if let path, associations.paths.isEmpty {
            // The first screen needs the table names alone: the rest of the schema is read in the
            // background (a PRAGMA a table: seconds in a schema of 30,000 tables).
            let connection = try DatabaseOpener.openConnection(path: path)
            let title = DatabaseOpener.fileName(of: path)
            let tables: [(name: String, kind: TableInfo.Kind)]
            do {
                tables = try SchemaIntrospector.tableNames(connection)
            } catch AssocError.sqlite(let error) {
                throw CLIError(message: "cannot read the schema of \(TextSanitizer.quoted(path)): \(DatabaseOpener.reason(error))")
            }
            let initialTable = try table.map { try existingTable(named: $0, among: tables.map(\.name), in: title) }
            try launcher.browse(
                connection: connection, deferringSchemaWith: tables, title: title, initialTable: initialTable, osc52: osc52,
                history: history)
            return
        }
        let loaded = try DatabaseArgument.load(path: path)
        let graph = try associations.graph(for: loaded.schema)
        let initialTable = try table.map { try existingTable(named: $0, among: loaded.schema.tables.map(\.name), in: loaded.title) }
        try launcher.browse(
            connection: loaded.connection, graph: graph, makeGraph: { try associations.graph(for: $0) }, title: loaded.title,
            initialTable: initialTable, osc52: osc52, history: history)
    }

    /// The name of the table or view `table` names (any letter case), or an error that suggests
    /// the closest names, else lists the known ones.
    static func existingTable(named table: String, among names: [String], in title: String) throws -> String {
        if let name = names.first(where: { $0.lowercased() == table.lowercased() }) { return name }
        let close = NameSuggestions.closest(to: table, among: names)
        let hint =
            close.isEmpty
            ? (names.isEmpty ? "" : " (known: " + names.prefix(20).map(TextSanitizer.quoted).joined(separator: ", ") + ")")
            : " (did you mean " + close.map(TextSanitizer.quoted).joined(separator: " or ") + "?)"
        throw CLIError(message: "no table or view named \(TextSanitizer.quoted(table)) in \(TextSanitizer.quoted(title))" + hint)
    }
}
