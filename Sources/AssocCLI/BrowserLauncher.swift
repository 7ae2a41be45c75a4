import AssocCore
import AssocTUI

/// Starts the interactive browser on an open database.
public enum BrowserLauncher {
    /// `initialTable`, when given, is opened at start (it must exist: the caller checks).
    public static func run(connection: Connection, title: String, initialTable: String? = nil) throws {
        try Browser.run(connection: connection, title: title, initialTable: initialTable)
    }
}
