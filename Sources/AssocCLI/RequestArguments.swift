import ArgumentParser
import AssocCore
import Foundation

/// `[DB] REQUEST`: an optional database followed by request-language text. With one argument it is
/// the request, on the demo database.
struct RequestArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "[DB] REQUEST: an optional SQLite file, then a request such as 'book.including(required: author).limit(5)'.",
            valueName: "db-and-request"))
    var words: [String] = []

    @OptionGroup var associations: AssociationFiles

    /// The database and the parsed request; `command` (`fetch`, `sql`, `swift`) names the
    /// subcommand in the usage the errors show.
    func load(command: String) throws -> (database: Database, request: Request) {
        let databasePath: String?
        let text: String
        switch words.count {
        case 1: (databasePath, text) = (nil, words[0])
        case 2: (databasePath, text) = (words[0], words[1])
        default:
            throw ValidationError("expected [DB] REQUEST, got \(words.count) arguments (quote the request)")
        }
        if databasePath == nil, Self.looksLikeDatabaseFile(text) {
            throw CLIError(
                message:
                    "the request is missing after the database \(TextSanitizer.quoted(text)): usage: assoc \(command) DB REQUEST, e.g. assoc \(command) \(Self.shellWord(text)) '\(Self.exampleRequest(in: text))'"
            )
        }
        let loaded = try DatabaseArgument(database: databasePath).load()
        let database = Database(connection: loaded.connection, graph: try associations.graph(for: loaded.schema))
        do {
            return (database, try database.request(parsing: text))
        } catch AssocError.unknownTable(let name, let suggestions) where databasePath == nil {
            // One argument is the request on the demo database: say so, the user may have forgotten the file.
            let close = suggestions.isEmpty ? "" : " (did you mean " + suggestions.map(TextSanitizer.quoted).joined(separator: " or ") + "?)"
            throw CLIError(
                message: "no table \(TextSanitizer.quoted(name)) in the demo database\(close) (no DB given; usage: assoc \(command) DB REQUEST)")
        } catch let error as AssocError where !error.textQuoteHint(in: text).isEmpty {
            throw CLIError(message: error.message + error.textQuoteHint(in: text))
        }
    }

    /// Whether the only argument names a database file rather than a request: an existing file,
    /// or a name ending like one (`chinook.sqlite`, `app.db`).
    static func looksLikeDatabaseFile(_ word: String) -> Bool {
        if word.contains("(") { return false }
        let lower = word.lowercased()
        if [".sqlite", ".sqlite3", ".db", ".db3", ".s3db", ".sl3"].contains(where: { lower.hasSuffix($0) }) { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: word, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `Album.limit(10)` with the first table of the file when it opens, else a placeholder.
    static func exampleRequest(in path: String) -> String {
        guard let loaded = try? DatabaseArgument.load(path: path),
            let table = loaded.schema.tables.first(where: { $0.kind != .view && Self.isPlainName($0.name) })
        else { return "TableName.limit(10)" }
        return table.name + ".limit(10)"
    }

    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The path as one shell word (quoted when it holds anything but plain characters).
    private static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/+".unicodeScalars.contains($0))
        }
        return plain ? path : TextSanitizer.quoted(path)
    }
}

extension DatabaseArgument {
    init(database: String?) {
        self.init()
        self.database = database
    }
}
