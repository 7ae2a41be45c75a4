import ArgumentParser
import AssocCore

/// The `assoc` command: opens the browser, or prints schema, SQL and rows for scripts.
public struct AssocCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "assoc",
        abstract: "Explore a SQLite database through its relationships.",
        version: AssocVersion.string)

    public init() {}

    public func run() throws {}
}

/// The version printed by `assoc --version`.
public enum AssocVersion {
    public static let string = "0.1.0"
}
