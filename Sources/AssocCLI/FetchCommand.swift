import ArgumentParser
import AssocCore
import AssocTUI

/// `assoc fetch [DB] REQUEST [--format table|json|ndjson|csv|debug]`: the rows of a request.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Print the rows of a request: as JSON (the documented contract), NDJSON, CSV, an aligned table, or row-scope trees.",
        discussion: "Every format is written as the rows are read, in bounded memory (including(all:) is fetched in chunks of parent rows). table measures its column widths on the first 1,000 rows and truncates wider values after them with …. A closed output (| head) ends the command quietly.")

    @OptionGroup var arguments: RequestArguments

    @Option(help: "Output format: table, json, ndjson (one object a line), csv (RFC 4180) or debug (the row scopes, nested by association key).")
    var format: FetchFormat = .table

    func run() throws {
        let (database, request) = try arguments.load(command: "fetch")
        if let document = RowDocument(rawValue: format.rawValue) {
            _ = try RowStreamWriter(document: document).write(request, from: database)
            return
        }
        _ = try BufferedOutput.writing { output in
            let cursor = try database.cursor(request)
            switch format {
            case .json, .ndjson, .csv:
                break
            case .table:
                var table = RowTableRenderer()
                while let row = try cursor.next() { try table.add(row, to: &output) }
                try table.finish(to: &output)
            case .debug:
                while let row = try cursor.next() {
                    try output.write(row.debugDescription.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n") + "\n")
                }
            }
        }
    }
}

enum FetchFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, ndjson, csv, debug
}
