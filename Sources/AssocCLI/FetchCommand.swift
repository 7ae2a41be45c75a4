import ArgumentParser
import AssocCore
import AssocTUI

/// `assoc fetch [DB] REQUEST [--format table|json|ndjson|csv|debug]`: the rows of a request.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Print the rows of a request: as JSON (the documented contract), NDJSON, CSV, an aligned table, or row-scope trees.",
        discussion: "json, ndjson and csv are written as the rows are read (a request with including(all:) is fetched first: its prefetches need every parent key); table measures every row first. A closed output (| head) ends the command quietly.")

    @OptionGroup var arguments: RequestArguments

    @Option(help: "Output format: table, json, ndjson (one object a line), csv (RFC 4180) or debug (the row scopes, nested by association key).")
    var format: FetchFormat = .table

    func run() throws {
        let (database, request) = try arguments.load()
        if let document = RowDocument(rawValue: format.rawValue) {
            _ = try RowStreamWriter(document: document).write(request, from: database)
            return
        }
        let rows = try database.fetchAll(request)
        switch format {
        case .json, .ndjson, .csv:
            break
        case .table:
            print(RowTableRenderer.render(rows), terminator: "")
        case .debug:
            for row in rows {
                print(row.debugDescription.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n"))
            }
        }
    }
}

enum FetchFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, ndjson, csv, debug
}
