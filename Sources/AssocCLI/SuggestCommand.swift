import ArgumentParser
import AssocCore

/// `assoc suggest [DB] [--budget SECONDS]`: belongsTo associations the schema does not declare,
/// found in the values, written as an associations file (`assoc DB --associations FILE`).
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Suggest links the schema does not declare, from the values, as an associations file.",
        discussion: """
            A column suggests a link when SQLite finds all its distinct non-NULL values (or nearly all, \
            ≥ 95%, printed commented out) among the keys of another table. Each suggestion comes with \
            its evidence as comments. Save the output and pass it back: \
            assoc suggest DB > links.assoc; assoc DB --associations links.assoc
            """)

    @OptionGroup var database: DatabaseArgument

    @OptionGroup var associations: AssociationFiles

    @Option(help: ArgumentHelp("The time allowed for all the checks, in seconds; what is left unchecked is listed.", valueName: "seconds"))
    var budget: Double = 10

    func validate() throws {
        guard budget.isFinite, budget > 0, budget <= 3600 else {
            throw ValidationError("--budget must be a number of seconds between 0 and 3600, such as 10 or 0.5")
        }
    }

    func run() throws {
        let loaded = try database.load()
        let db = Database(connection: loaded.connection, graph: try associations.graph(for: loaded.schema))
        let found = try db.suggestLinks(budgetMilliseconds: Int(budget * 1000))
        print(found.declarationsText(of: TextSanitizer.oneLine(loaded.title)), terminator: "")
    }
}
