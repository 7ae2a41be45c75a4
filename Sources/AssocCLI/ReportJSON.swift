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
    static func render(_ report: ReportFigures) -> String {
        let facts = report.facts
        let document = JSONValue.object([
            ("database", .string(report.title)),
            (
                "file",
                .object([
                    ("pageSize", .int(facts.pageSize)), ("pageCount", .int(facts.pageCount)), ("bytes", .int(facts.bytes)),
                    ("encoding", .string(facts.encoding)), ("sqliteVersion", .string(facts.sqliteVersion))
                ])
            ),
            ("timeLimitSeconds", report.timeLimit > 0 ? .real(report.timeLimit) : .null),
            ("budgetSeconds", .real(report.budget)),
            (
                "tables",
                .array(
                    report.tables.map {
                        .object([("name", .string($0.table.name)), ("kind", .string($0.table.kind.rawValue)), ("rows", int($0.rows))])
                    })
            ),
            ("associations", .array(report.associations.map(association))),
            ("mermaid", .string(report.mermaid)),
            ("diagnostics", .array(report.diagnostics.map { .string($0) })),
            ("leftOut", .array(report.leftOut.map(leftOut)))
        ])
        return document.pretty() + "\n"
    }

    static func int(_ value: Int?) -> JSONValue {
        value.map { .int($0) } ?? .null
    }

    static func association(_ figure: ReportFigures.AssociationFigure) -> JSONValue {
        let link = figure.association
        let through: JSONValue = link.throughNames.map { .array([.string($0.pivot), .string($0.target)]) } ?? .null
        let orphans: JSONValue =
            figure.orphans.map { .object([("count", int($0.count)), ("request", .string(CheckReport.requestText(of: $0)))]) } ?? .null
        return .object([
            ("origin", .string(link.origin)), ("name", .string(link.name)), ("kind", .string(link.kind.rawValue)),
            ("destination", .string(link.destination)), ("source", .string(link.source.rawValue)),
            ("columns", .array(link.columns.map { .array([.string($0.origin), .string($0.destination)]) })),
            ("through", through), ("orphans", orphans), ("profile", figure.profile.map(profile) ?? .null)
        ])
    }

    static func profile(_ profile: CardinalityProfile) -> JSONValue {
        let buckets: [JSONValue] = profile.buckets.map { bucket in
            .object([("label", .string(bucket.label)), ("lower", .int(bucket.lower)), ("upper", int(bucket.upper)), ("rows", .int(bucket.rows))])
        }
        return .object([
            ("rows", int(profile.origins)), ("nullKeys", int(profile.nullKeys)), ("buckets", .array(buckets)),
            ("minimum", int(profile.minimum)), ("median", int(profile.median)), ("maximum", int(profile.maximum)),
            ("atMostOne", profile.association.kind == .hasOne ? profile.isAtMostOne.map { .bool($0) } ?? .null : .null)
        ])
    }

    static func leftOut(_ item: ReportFigures.LeftOut) -> JSONValue {
        var members: [(String, JSONValue)] = [("subject", .string(item.subject.code))]
        switch item.subject {
        case .rows(let table): members.append(("table", .string(table.name)))
        case .orphans(let link), .profile(let link): members.append(("association", .string(link.origin + "." + link.name)))
        }
        members.append(("reason", .string(item.reason.code)))
        if case .failed(let message) = item.reason { members.append(("message", .string(message))) }
        return .object(members)
    }
}
