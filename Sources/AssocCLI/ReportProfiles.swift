import AssocCore
import AssocInsights

/// The figures of `assoc report` association by association, as Markdown tables: the orphans and
/// NULL keys of each belongsTo (with the requests that list the orphans), whether each hasOne is
/// really at most one, and the cardinality profile of each to-many association.
enum ReportProfiles {
    /// `### belongsTo: orphans and NULL keys`.
    static func belongsTo(_ report: ReportFigures) -> String {
        let links = report.associations.lazy.filter { $0.association.kind == .belongsTo }
        guard !links.isEmpty else { return "" }
        var out = "\n### belongsTo: orphans and NULL keys\n\n"
        out += "An orphan's key columns are all non-NULL and match no row of the table it leads to.\n\n"
        out += "| Association | Rows | NULL keys | Orphans |\n|---|--:|--:|--:|\n"
        for figure in links {
            let orphans = figure.orphans?.count
            let mark = (orphans ?? 0) > 0 ? "⚠ " : ""
            out +=
                "| \(ReportMarkdown.name(figure.association)) | \(ReportMarkdown.number(figure.profile?.origins)) "
                + "| \(ReportMarkdown.number(figure.profile?.nullKeys)) | \(mark)\(ReportMarkdown.number(orphans)) |\n"
        }
        let withOrphans = links.compactMap { figure -> (ReportFigures.AssociationFigure, ReportFigures.OrphanFigure, Int)? in
            guard let result = figure.orphans, let count = result.count, count > 0 else { return nil }
            return (figure, result, count)
        }
        if !withOrphans.isEmpty {
            out += "\nThe orphans, as requests (`assoc fetch DB 'REQUEST'`):\n\n"
            for (figure, result, count) in withOrphans {
                let request = MarkdownText.code(result.request, inTable: false)
                out += "- \(ReportMarkdown.name(figure.association)), \(count) orphan\(count == 1 ? "" : "s"): \(request)\n"
            }
        }
        return out
    }

    /// `### hasOne: at most one?`.
    static func hasOne(_ report: ReportFigures) -> String {
        let links = report.associations.lazy.filter { $0.association.kind == .hasOne }
        guard !links.isEmpty else { return "" }
        var out = "\n### hasOne: really at most one?\n\n"
        out += "| Association | Rows | With none | With one | With more | Max | At most one |\n|---|--:|--:|--:|--:|--:|---|\n"
        for figure in links {
            let profile = figure.profile
            let more = profile.flatMap { $0.buckets.isEmpty ? nil : $0.buckets.filter { $0.lower >= 2 }.reduce(0) { $0 + $1.rows } }
            let verdict: String
            switch profile?.isAtMostOne {
            case true?: verdict = "yes"
            case false?: verdict = "**no**"
            case nil: verdict = "?"
            }
            out +=
                "| \(ReportMarkdown.name(figure.association)) | \(ReportMarkdown.number(profile?.origins)) "
                + "| \(ReportMarkdown.number(bucket(profile, 0))) | \(ReportMarkdown.number(bucket(profile, 1))) "
                + "| \(ReportMarkdown.number(more)) | \(ReportMarkdown.number(profile?.maximum)) | \(verdict) |\n"
        }
        return out
    }

    /// `### To-many: cardinality profiles`: origin rows per bucket of destination counts.
    static func toMany(_ report: ReportFigures) -> String {
        let links = report.associations.lazy.filter { $0.association.isToMany }
        guard !links.isEmpty else { return "" }
        var out = "\n### To-many: cardinality profiles\n\n"
        out += "Rows of the origin by how many rows each reaches, then the fewest, the median and the most.\n\n"
        let labels = CardinalityProfile.bounds.map { bound -> String in
            guard let upper = bound.upper else { return ">\(bound.lower - 1)" }
            return upper == bound.lower ? "\(bound.lower)" : "\(bound.lower)–\(upper)"
        }
        out += "| Association | Rows | " + labels.joined(separator: " | ") + " | Min | Median | Max | Shape |\n"
        out += "|---|--:|" + String(repeating: "--:|", count: labels.count) + "--:|--:|--:|---|\n"
        for figure in links {
            let profile = figure.profile
            let cells = CardinalityProfile.bounds.indices.map { ReportMarkdown.number(bucketRows(profile, at: $0)) }
            out +=
                "| \(ReportMarkdown.name(figure.association)) | \(ReportMarkdown.number(profile?.origins)) | "
                + cells.joined(separator: " | ")
                + " | \(statistic(profile?.minimum, profile)) | \(statistic(profile?.median, profile)) "
                + "| \(statistic(profile?.maximum, profile)) | \(shape(profile)) |\n"
        }
        return out
    }

    /// A minimum, median or maximum: `–` when the profile is complete but its origin has no row,
    /// `?` when unknown.
    static func statistic(_ value: Int?, _ profile: ReportFigures.ProfileFigure?) -> String {
        if value == nil, let profile, !profile.ranOutOfTime, profile.origins == 0 { return "–" }
        return ReportMarkdown.number(value)
    }

    /// The origin rows of the bucket whose range is exactly `count`.
    static func bucket(_ profile: ReportFigures.ProfileFigure?, _ count: Int) -> Int? {
        profile?.buckets.first { $0.lower == count && $0.upper == count }?.rows
    }

    static func bucketRows(_ profile: ReportFigures.ProfileFigure?, at index: Int) -> Int? {
        guard let buckets = profile?.buckets, buckets.indices.contains(index) else { return nil }
        return buckets[index].rows
    }

    /// A bar per bucket, its height the bucket's share of the largest: `█·▄···` (`·`: no row);
    /// empty when unknown.
    static func shape(_ profile: ReportFigures.ProfileFigure?) -> String {
        guard let buckets = profile?.buckets, let largest = buckets.map(\.rows).max(), largest > 0 else { return "" }
        let bars = Array("▁▂▃▄▅▆▇█")
        return String(
            buckets.map { bucket -> Character in
                guard bucket.rows > 0 else { return "·" }
                let level = Int((Double(bucket.rows) / Double(largest) * Double(bars.count)).rounded(.up))
                return bars[min(bars.count, max(1, level)) - 1]
            })
    }
}
