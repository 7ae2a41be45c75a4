/// The command lines that only open the browser — `assoc`, `assoc DB`, `assoc DB --table NAME`
/// (`-t NAME`, `--table=NAME`), each optionally after `browse` — recognized without
/// ArgumentParser. Its first parse reflects over every command type and looks up protocol
/// conformances across the whole binary, which costs as much as opening the browser; the browser
/// should appear as fast as `sqlite3` prints a page. Anything else (help, version, other
/// subcommands, a repeated or unknown option, a value that looks like an option, an empty
/// argument) is left to ArgumentParser, so both always read a line the same way: a test checks
/// this against ArgumentParser's own reading.
struct BrowseLine: Equatable {
    var database: String?
    var table: String?

    /// The subcommand names ArgumentParser would take a first argument for.
    /// (An array: five names, and no Set type to instantiate at start-up.)
    static let subcommandNames = ["browse", "schema", "sql", "fetch", "help"]

    init(database: String?, table: String?) {
        self.database = database
        self.table = table
    }

    /// Nil unless `arguments` (without the program name) is a plain browse line.
    init?(_ arguments: [String]) {
        var rest = arguments[...]
        if rest.first == "browse" { rest = rest.dropFirst() }
        var database: String?
        var table: String?
        while let argument = rest.popFirst() {
            if argument == "--table" || argument == "-t" {
                guard table == nil, let value = rest.popFirst(), Self.isPlainValue(value) else { return nil }
                table = value
            } else if argument.hasPrefix("--table=") {
                let value = String(argument.dropFirst("--table=".count))
                guard table == nil, Self.isPlainValue(value) else { return nil }
                table = value
            } else {
                // The database: one plain value that cannot be read as a subcommand.
                guard database == nil, Self.isPlainValue(argument), !Self.subcommandNames.contains(argument) else { return nil }
                database = argument
            }
        }
        self.database = database
        self.table = table
    }

    private static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && !value.hasPrefix("-")
    }
}
