import AssocCore
import AssocTUI

/// Starts the interactive browser on an open database.
package enum BrowserLauncher {
    /// `initialTable`, when given, is opened at start (it must exist: the caller checks);
    /// `schema`, when given, is the one already read from `connection`.
    package static func run(connection: Connection, schema: Schema? = nil, title: String, initialTable: String? = nil) throws {
        try Browser.run(connection: connection, schema: schema, title: title, initialTable: initialTable)
    }
}
