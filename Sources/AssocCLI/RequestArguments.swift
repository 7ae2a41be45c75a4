import ArgumentParser
import AssocCore

/// `[DB] REQUEST`: an optional database followed by request-language text. With one argument it is
/// the request, on the demo database.
struct RequestArguments: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "[DB] REQUEST: an optional SQLite file, then a request such as 'book.including(required: author).limit(5)'.",
        valueName: "db-and-request"))
    var words: [String] = []

    @OptionGroup var associations: AssociationFiles

    func load() throws -> (database: Database, request: Request) {
        let databasePath: String?
        let text: String
        switch words.count {
        case 1: (databasePath, text) = (nil, words[0])
        case 2: (databasePath, text) = (words[0], words[1])
        default:
            throw ValidationError("expected [DB] REQUEST, got \(words.count) arguments (quote the request)")
        }
        let loaded = try DatabaseArgument(database: databasePath).load()
        let database = Database(connection: loaded.connection, graph: try associations.graph(for: loaded.schema))
        return (database, try database.request(parsing: text))
    }
}

extension DatabaseArgument {
    init(database: String?) {
        self.init()
        self.database = database
    }
}
