import AssocCore
import AssocTUI

/// Starts the interactive browser on an open database.
public enum BrowserLauncher {
    public static func run(connection: Connection, title: String) throws {
        try Browser.run(connection: connection, title: title)
    }
}
