import AssocCore

/// Starts the interactive browser on an open database: what `assoc browse` asks for. AssocCLI
/// does not link the browser; the `assoc` executable hands it one (AssocTUI's) through
/// `AssocMain.run(browser:)`, so that the command line builds and is tested without curses.
/// A failure to start (no terminal) is thrown as a `CLIError`, shown as one line on stderr.
package protocol BrowserLauncher {
    /// Browses `connection` until the user quits. `initialTable`, when given, is opened at start
    /// (it exists: the caller checked); `graph` holds the schema already read from `connection`
    /// and the associations (inferred and declared) to show; `makeGraph` makes the associations
    /// of a schema another process changed (read again on `R`); `history`: the prompts' texts
    /// are kept across runs (`--no-history` turns it off).
    func browse(
        connection: Connection, graph: AssociationGraph, makeGraph: @escaping (Schema) throws -> AssociationGraph,
        title: String, initialTable: String?, osc52: Bool, history: Bool
    ) throws

    /// Browses `connection` from its `tables` (names and kinds) alone, the rest of the schema
    /// read in the background.
    func browse(
        connection: Connection, deferringSchemaWith tables: [(name: String, kind: TableInfo.Kind)], title: String,
        initialTable: String?, osc52: Bool, history: Bool
    ) throws
}
