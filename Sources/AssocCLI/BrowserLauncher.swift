import AssocCore
import AssocTUI

/// Starts the interactive browser on an open database.
package enum BrowserLauncher {
    /// `initialTable`, when given, is opened at start (it must exist: the caller checks);
    /// `graph`, when given, holds the schema already read from `connection` and the associations
    /// (inferred and declared) the browser shows.
    /// `makeGraph` makes the associations of a schema another process changed (read again on `R`).
    package static func run(
        connection: Connection, graph: AssociationGraph? = nil, makeGraph: ((Schema) throws -> AssociationGraph)? = nil,
        title: String, initialTable: String? = nil, osc52: Bool = false
    ) throws {
        try Browser.run(
            connection: connection, graph: graph, makeGraph: makeGraph, title: title, initialTable: initialTable, osc52: osc52)
    }

    /// Starts the browser on `tables` (names and kinds), the rest of the schema read in the background.
    package static func run(
        connection: Connection, deferringSchemaWith tables: [(name: String, kind: TableInfo.Kind)], title: String,
        initialTable: String? = nil, osc52: Bool = false
    ) throws {
        try Browser.run(connection: connection, deferringSchemaWith: tables, title: title, initialTable: initialTable, osc52: osc52)
    }
}
