import ArgumentParser
import AssocCore

/// The `assoc` command: opens the browser, or prints the schema for scripts.
/// Each subcommand lives in its own small file; `DatabaseArgument` opens "the DB or the demo".
public struct AssocCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "assoc",
        abstract: "Explore a SQLite database through its relationships.",
        discussion: "Without a database argument, Assoc opens its embedded demo database. Files are opened read-only.",
        version: AssocVersion.string,
        subcommands: [BrowseCommand.self, SchemaCommand.self, SQLCommand.self, FetchCommand.self],
        defaultSubcommand: BrowseCommand.self)

    public init() {}
}

/// The version printed by `assoc --version`.
public enum AssocVersion {
    public static let string = "0.1.0"
}
