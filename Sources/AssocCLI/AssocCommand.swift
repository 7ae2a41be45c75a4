import ArgumentParser
import AssocCore

/// The `assoc` command: opens the browser, or prints the schema for scripts.
/// Each subcommand lives in its own small file; `DatabaseArgument` opens "the DB or the demo".
package struct AssocCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "assoc",
        abstract: "Explore a SQLite database through its relationships.",
        discussion: "Without a database argument, Assoc opens its embedded demo database. Files are opened read-only.",
        version: AssocVersion.string,
        subcommands: [
            BrowseCommand.self, SchemaCommand.self, SQLCommand.self, FetchCommand.self, SwiftCommand.self, SummaryCommand.self,
            SuggestCommand.self, CheckCommand.self, ReportCommand.self, ExtractCommand.self
        ],
        defaultSubcommand: BrowseCommand.self)

    package init() {}
}

/// The version printed by `assoc --version`.
package enum AssocVersion {
    package static let string = "0.1.0"
}
