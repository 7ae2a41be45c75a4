import ArgumentParser
import AssocCore
import AssocInsights

/// `assoc check DB [--associations FILE] [--format text|json] [--time-limit SECONDS]`: every
/// belongsTo association with its orphan count (rows whose key matches no parent) and the
/// request that shows them. Exit status, as a linter's: 0 no orphans, 1 orphans, 2 an error or a
/// count past its time limit (the check is incomplete).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that the links hold: count the orphans of every belongsTo association.",
        discussion: """
            An orphan is a row whose key columns are all non-NULL and match no row of the table \
            the association leads to (a deleted parent, an import, foreign_keys=OFF). Each count \
            is an anti-join run by SQLite under a time limit; past it the count is unknown. Each \
            association with orphans comes with the request that lists them \
            (assoc fetch DB 'REQUEST'). Exit status: 0 no orphans, 1 orphans found, 2 an error or \
            a count that ran past its time limit.
            """)

    @OptionGroup var options: LinkCheckOptions

    @Option(help: "Output format: text (a line per association, as each is counted) or json.")
    var format: CheckFormat = .text

    /// Exit status 1: orphans were found.
    static let orphansFound: Int32 = 1
    /// Exit status 2: an error, or a count past its time limit.
    static let incomplete: Int32 = 2

    /// Runs the check and returns the exit status (errors are thrown: the caller exits 2).
    func check() throws -> Int32 {
        let (db, fileTitle) = try options.open()
        let (limit, timeLimit) = (options.timeLimitMilliseconds, options.timeLimit)
        let links = db.belongsToAssociations
        var results: [OrphanCount] = []
        let title = TextSanitizer.oneLine(fileTitle)
        _ = try BufferedOutput.writing { output in
            if format == .text {
                let plural = links.count == 1 ? "" : "s"
                try output.write("Orphans of the \(links.count) belongsTo association\(plural) of \(title)\n")
            }
            for link in links {
                let result = try db.countOrphans(of: link, timeLimit: limit)
                results.append(result)
                if format == .text {
                    try output.write(CheckReport.line(result, timeLimit: timeLimit))
                    try output.flush()
                }
            }
            switch format {
            case .text: try output.write(CheckReport.summary(results, timeLimit: timeLimit))
            case .json: try output.write(CheckReport.json(results, database: fileTitle, timeLimit: timeLimit).pretty() + "\n")
            }
        }
        if results.contains(where: \.ranOutOfTime) { return Self.incomplete }
        return results.contains { ($0.count ?? 0) > 0 } ? Self.orphansFound : 0
    }

    func run() throws {
        _ = try check()
    }
}

enum CheckFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
