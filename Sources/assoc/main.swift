import AssocCLI
import AssocCore
import AssocTUI

/// The browser `assoc browse` starts: AssocTUI's, in the terminal. The command line (AssocCLI)
/// only knows the `BrowserLauncher` protocol, so that it neither links curses nor imports AssocTUI.
struct TerminalBrowserLauncher: BrowserLauncher {
    func browse(
        connection: Connection, graph: AssociationGraph, makeGraph: @escaping (Schema) throws -> AssociationGraph,
        title: String, initialTable: String?, osc52: Bool, history: Bool
    ) throws {
        try reportingTerminalErrors {
            try Browser.run(
                connection: connection, graph: graph, makeGraph: makeGraph, title: title, initialTable: initialTable, osc52: osc52,
                history: history)
        }
    }

    func browse(
        connection: Connection, deferringSchemaWith tables: [(name: String, kind: TableInfo.Kind)], title: String,
        initialTable: String?, osc52: Bool, history: Bool
    ) throws {
        try reportingTerminalErrors {
            try Browser.run(
                connection: connection, deferringSchemaWith: tables, title: title, initialTable: initialTable, osc52: osc52, history: history)
        }
    }

    /// A terminal that cannot host the browser becomes the command line's one-line error.
    private func reportingTerminalErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as TerminalError {
            throw CLIError(oneLine: error.description)
        }
    }
}

AssocMain.run(browser: TerminalBrowserLauncher())
