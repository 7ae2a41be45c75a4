import AssocCore

/// `assoc report --format json`: the figures of the Markdown report, names as they are (JSON
/// escapes control characters and bidi controls), unknown figures `null`:
///
///     {"database", "file": {"pageSize", "pageCount", "bytes", "encoding", "sqliteVersion"},
///      "timeLimitSeconds" (null: none), "budgetSeconds",
///      "tables": [{"name", "kind", "rows"}],
///      "associations": [{"origin", "name", "kind", "destination", "source", "columns": [[o, d]],
///        "through": [pivot, target] | null, "orphans": {"count", "request"} | null,
///        "profile": {"rows", "nullKeys", "buckets": [{"label", "lower", "upper", "rows"}],
///          "minimum", "median", "maximum", "atMostOne"} | null}],
///      "mermaid", "diagnostics": [text],
///      "leftOut": [{"subject": "rows"|"orphans"|"profile", "table" | "association",
///        "reason": "timeLimit"|"budget"|"notRun"|"failed", "message"?}]}
enum ReportJSON {
    /// The whole document as one text (what `write(_:to:)` writes).
    static func render(_ report: ReportFigures) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    /// Writes the document piece by piece to `sink`, as `JSONValue.pretty()` would write it
    /// whole: an item of the long arrays (tables, associations, left out) at a time, so that no
    /// tree of the whole report is built (210,000 associations of 30,000 tables took 600 MB).
    static func write(_ report: ReportFigures, to sink: (String) throws -> Void) rethrows {
        let facts = report.facts
        let head: [(String, JSONValue)] = [
            ("database", .string(report.title)),
            (
                "file",
                .object([
                    ("pageSize", .int(facts.pageSize)), ("pageCount", .int(facts.pageCount)), ("bytes", .int(facts.bytes)),
                    ("encoding", .string(facts.encoding)), ("sqliteVersion", .string(facts.sqliteVersion))
                ])
            ),
            ("timeLimitSeconds", report.timeLimit > 0 ? .real(report.timeLimit) : .null),
            ("budgetSeconds", .real(report.budget))
        ]
        try sink("{")
        for (index, (key, value)) in head.enumerated() {
            try sink((index > 0 ? "," : "") + "\n  " + JSONValue.quote(key) + ": " + value.pretty(indent: 2))
        }
        try array(
            "tables",
            report.tables.lazy.map {
                .object([("name", .string($0.table.name)), ("kind", .string($0.table.kind.rawValue)), ("rows", int($0.rows))])
            }, to: sink)
        try array("associations", report.associations.lazy.map(association), to: sink)
        try sink(",\n  \"mermaid\": " + JSONValue.string(report.mermaid).pretty(indent: 2))
        try sink(",\n  \"diagnostics\": " + JSONValue.array(report.diagnostics.map { .string($0) }).pretty(indent: 2))
        try array("leftOut", report.leftOut.lazy.map(leftOut), to: sink)
        try sink("\n}\n")
    }

    /// `,\n  "key": [\n    item,\n    item\n  ]` (`[]` when empty): a member of the top object
    /// whose items are objects, as `pretty` lays them out.
    private static func array(_ key: String, _ items: some Sequence<JSONValue>, to sink: (String) throws -> Void) rethrows {
        try sink(",\n  " + JSONValue.quote(key) + ": ")
        var first = true
        for item in items {
            try sink((first ? "[" : ",") + "\n    " + item.pretty(indent: 4))
            first = false
        }
        try sink(first ? "[]" : "\n  ]")
    }

    static func int(_ value: Int?) -> JSONValue {
        value.map { .int($0) } ?? .null
    }

    static func association(_ figure: ReportFigures.AssociationFigure) -> JSONValue {
        let link = figure.association
        let through: JSONValue = link.throughNames.map { .array([.string($0.pivot), .string($0.target)]) } ?? .null
        let orphans: JSONValue =
            figure.orphans.map { .object([("count", int($0.count)), ("request", .string($0.request))]) } ?? .null
        return .object([
            ("origin", .string(link.origin)), ("name", .string(link.name)), ("kind", .string(link.kind.rawValue)),
            ("destination", .string(link.destination)), ("source", .string(link.source.rawValue)),
            ("columns", .array(link.columns.map { .array([.string($0.origin), .string($0.destination)]) })),
            ("through", through), ("orphans", orphans), ("profile", figure.profile.map(profile) ?? .null)
        ])
    }

    static func profile(_ profile: ReportFigures.ProfileFigure) -> JSONValue {
        let buckets: [JSONValue] = profile.buckets.map { bucket in
            .object([("label", .string(bucket.label)), ("lower", .int(bucket.lower)), ("upper", int(bucket.upper)), ("rows", .int(bucket.rows))])
        }
        return .object([
            ("rows", int(profile.origins)), ("nullKeys", int(profile.nullKeys)), ("buckets", .array(buckets)),
            ("minimum", int(profile.minimum)), ("median", int(profile.median)), ("maximum", int(profile.maximum)),
            ("atMostOne", profile.isHasOne ? profile.isAtMostOne.map { .bool($0) } ?? .null : .null)
        ])
    }

    static func leftOut(_ item: ReportFigures.LeftOut) -> JSONValue {
        var members: [(String, JSONValue)] = [("subject", .string(item.subject.code))]
        switch item.subject {
        case .rows(let table, _): members.append(("table", .string(table)))
        case .orphans(let link), .profile(let link): members.append(("association", .string(link)))
        }
        members.append(("reason", .string(item.reason.code)))
        if case .failed(let message) = item.reason { members.append(("message", .string(message))) }
        return .object(members)
    }
}
