import AssocCore

/// `assoc report` as one Markdown document (GitHub-flavoured, readable in a terminal too): the
/// file, its tables and views with their rows, its associations with how each was found, the
/// orphans and NULL keys of belongsTo associations, whether each hasOne is really at most one,
/// the cardinality profile of each to-many association, a Mermaid diagram, and what was left
/// out. Every name from the database goes through `MarkdownText`; `?` marks a figure left out.
enum ReportMarkdown {
    /// The whole document as one text (what `write(_:to:)` writes).
    static func render(_ report: ReportFigures) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    /// Writes the document section by section to `sink`: no text of the whole report is built
    /// (30,000 tables make a document of 17 MB).
    static func write(_ report: ReportFigures, to sink: (String) throws -> Void) rethrows {
        try sink("# \(MarkdownText.escape(report.title))\n\n")
        try sink("A report by `assoc report`: every figure counted by SQLite, each statement within \(limitText(report)).\n\n")
        try sink(file(report) + "\n")
        try sink(tables(report) + "\n")
        try sink(associations(report))
        try sink(ReportProfiles.belongsTo(report))
        try sink(ReportProfiles.hasOne(report))
        try sink(ReportProfiles.toMany(report))
        try sink("\n## Diagram\n\n```mermaid\n" + report.mermaid + "```\n")
        try sink("\n" + leftOut(report))
        if !report.diagnostics.isEmpty {
            try sink("\n## Schema notes\n\n" + report.diagnostics.map { "- \(MarkdownText.escape($0))\n" }.joined())
        }
    }

    /// `2 s (30 s in all)`, `no time limit (30 s in all)`.
    static func limitText(_ report: ReportFigures) -> String {
        let each = report.timeLimit > 0 ? CheckReport.seconds(report.timeLimit) : "no time limit"
        return "\(each), \(CheckReport.seconds(report.budget)) in all"
    }

    static func file(_ report: ReportFigures) -> String {
        let facts = report.facts
        let pages = "\(facts.pageCount) page\(facts.pageCount == 1 ? "" : "s") of \(facts.pageSize) bytes"
        return """
            | File | \(MarkdownText.escape(report.title)) |
            |---|---|
            | Size | \(facts.bytes) bytes (\(pages)) |
            | Encoding | \(MarkdownText.escape(facts.encoding)) |
            | SQLite | \(MarkdownText.escape(facts.sqliteVersion)) (the library that read it) |

            """
    }

    static func tables(_ report: ReportFigures) -> String {
        var out = "## Tables and views\n\n"
        guard !report.tables.isEmpty else { return out + "No table.\n" }
        out += "| Name | Kind | Rows |\n|---|---|--:|\n"
        for figure in report.tables {
            out += "| \(MarkdownText.escape(figure.table.name)) | \(kind(figure.table)) | \(number(figure.rows)) |\n"
        }
        return out
    }

    /// `table`, `view`, `virtual table`, `shadow table`.
    static func kind(_ table: TableInfo) -> String { kind(table.kind) }

    /// `table`, `view`, `virtual table`, `shadow table`.
    static func kind(_ kind: TableInfo.Kind) -> String {
        switch kind {
        case .table: return "table"
        case .view: return "view"
        case .virtual: return "virtual table"
        case .shadow: return "shadow table"
        }
    }

    static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "?"
    }

    /// `Track.album`, escaped.
    static func name(_ association: Association) -> String {
        MarkdownText.escape(association.origin + "." + association.name)
    }

    /// `AlbumId → AlbumId`, or `albums → tracks` for a through association.
    static func keys(_ association: Association) -> String {
        if let through = association.throughNames {
            return "via " + MarkdownText.escape(through.pivot) + " → " + MarkdownText.escape(through.target)
        }
        return association.columns.map { MarkdownText.escape($0.origin) + " → " + MarkdownText.escape($0.destination) }
            .joined(separator: ", ") + MarkdownText.escape(association.refinementsText)
    }

    static func associations(_ report: ReportFigures) -> String {
        var out = "## Associations\n\n"
        guard !report.associations.isEmpty else { return out + "No association: no foreign key, no column named after a table.\n" }
        let counts = AssociationKind.allCases.compactMap { kind -> String? in
            let count = report.associations.links.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        out += "\(report.associations.count) association\(report.associations.count == 1 ? "" : "s"): \(counts.joined(separator: ", ")).\n\n"
        out += "| Association | Kind | To | Keys | Found from |\n|---|---|---|---|---|\n"
        for link in report.associations.links {
            out +=
                "| \(name(link)) | \(link.kind.rawValue) | \(MarkdownText.escape(link.destination)) | \(keys(link)) | \(link.source.reportText) |\n"
        }
        return out
    }

    static func leftOut(_ report: ReportFigures) -> String {
        var out = "## Left out\n\n"
        guard !report.leftOut.isEmpty else { return out + "Nothing: every count finished within its time limit.\n" }
        out += "\(report.leftOut.count) figure\(report.leftOut.count == 1 ? "" : "s") shown `?`:\n\n| What | Why |\n|---|---|\n"
        for item in report.leftOut {
            out += "| \(subject(item.subject)) | \(reason(item.reason, report)) |\n"
        }
        return out
    }

    static func subject(_ subject: ReportFigures.LeftOut.Subject) -> String {
        switch subject {
        case .rows(let table, let kind): return "rows of \(self.kind(kind)) \(MarkdownText.escape(table))"
        case .orphans(let link): return "orphans of \(MarkdownText.escape(link))"
        case .profile(let link): return "cardinality profile of \(MarkdownText.escape(link))"
        }
    }

    static func reason(_ reason: ReportFigures.LeftOut.Reason, _ report: ReportFigures) -> String {
        switch reason {
        case .timeLimit: return "ran past the time limit (\(CheckReport.seconds(report.timeLimit)), --time-limit)"
        case .budget: return "ran past what remained of the budget (\(CheckReport.seconds(report.budget)), --budget)"
        case .notRun: return "not run: the budget (\(CheckReport.seconds(report.budget)), --budget) was spent"
        case .failed(let message): return "failed: \(MarkdownText.escape(message))"
        }
    }
}
