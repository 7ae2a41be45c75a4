import ArgumentParser
import AssocCore

/// `assoc [DB]` (the default subcommand): opens the interactive browser.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a database interactively (the default: `assoc` and `assoc DB` run it).")

    @OptionGroup var database: DatabaseArgument

    func run() throws {
        let loaded = try database.load()
        try BrowserLauncher.run(connection: loaded.connection, title: loaded.title)
    }
}
