import ArgumentParser
import AssocCore

/// `assoc report [DB] [--format markdown|json] [--associations FILE] [--time-limit SECONDS]
/// [--budget SECONDS]`: one document about the file: its tables and views with their rows, its
/// associations with how each was found, orphans, NULL keys and cardinality profiles, a Mermaid
/// diagram, and what was left out. Exit status 0 when it is written (figures left out included),
/// 1 on an error.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a report of the file: tables, row counts, associations, orphans, cardinalities and a diagram.",
        discussion: """
            One Markdown document (GitHub-flavoured: the diagram is a Mermaid block), or JSON with \
            the same figures. Each count is one statement run by SQLite within the time limit, and \
            all of them within the budget: tables first, then orphans, then cardinality profiles. A \
            figure that did not finish is shown ? and listed under "Left out" with the reason; the \
            report still ends with status 0.
            """)

    @OptionGroup var options: LinkCheckOptions

    @Option(help: "Output format: markdown or json.")
    var format: ReportFormat = .markdown

    @Option(help: ArgumentHelp("Seconds the whole report may take; what did not fit is listed as left out.", valueName: "seconds"))
    var budget: Double = 30

    func validate() throws {
        guard budget.isFinite, budget > 0, budget <= 3600 else {
            throw ValidationError("--budget must be a number of seconds between 0 and 3600, such as 30 or 0.5")
        }
    }

    func run() throws {
        let (db, title) = try options.open()
        let clock = ReportBudget(timeLimit: options.timeLimitMilliseconds, budget: max(1, Int((budget * 1000).rounded())))
        var collector = ReportCollector(db: db, budget: clock)
        let figures = try collector.collect(title: title, timeLimit: options.timeLimit, budgetSeconds: budget)
        _ = try BufferedOutput.writing { output in
            switch format {
            case .markdown: try ReportMarkdown.write(figures) { try output.write($0) }
            case .json: try ReportJSON.write(figures) { try output.write($0) }
            }
        }
    }
}

enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case markdown, json
}
