import AssocCore
import AssocInsights

/// The text and JSON of `assoc check`; every name from the database sanitized.
enum CheckReport {
    /// `Track.genre → Genre (GenreId → GenreId): 3 orphans`, then the request that lists them.
    static func line(_ result: OrphanCount, timeLimit: Double) -> String {
        let head = TextSanitizer.oneLine(title(of: result.association))
        guard let count = result.count else {
            return "? \(head): unknown, still counting after \(seconds(timeLimit)) (the time limit)\n"
        }
        guard count > 0 else { return "✓ \(head): no orphans\n" }
        return "✗ \(head): \(count) orphan\(count == 1 ? "" : "s")\n    \(TextSanitizer.oneLine(requestText(of: result)))\n"
    }

    /// The closing line: how many associations have orphans, how many were not counted.
    static func summary(_ results: [OrphanCount], timeLimit: Double) -> String {
        let withOrphans = results.filter { ($0.count ?? 0) > 0 }
        let rows = withOrphans.reduce(0) { $0 + ($1.count ?? 0) }
        let unknown = results.filter(\.ranOutOfTime).count
        var text =
            withOrphans.isEmpty
            ? "No orphans"
            : "\(withOrphans.count) association\(withOrphans.count == 1 ? "" : "s") with orphans (\(rows) row\(rows == 1 ? "" : "s"))"
        if unknown > 0 {
            text += "; \(unknown) count\(unknown == 1 ? "" : "s") ran past \(seconds(timeLimit)) (--time-limit): the check is incomplete"
        }
        return text + "\n"
    }

    /// `Track.genre → Genre (GenreId → GenreId)`.
    static func title(of association: Association) -> String {
        let origins = association.columns.map(\.origin).joined(separator: ", ")
        let destinations = association.columns.map(\.destination).joined(separator: ", ")
        return "\(association.origin).\(association.name) → \(association.destination) (\(origins) → \(destinations))"
    }

    /// The orphans' request in the request language (its SQL's shape when the language cannot say it).
    static func requestText(of result: OrphanCount) -> String {
        (try? result.request.languageText()) ?? result.statement.sql
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `{"database", "timeLimitSeconds", "associations": [{"origin", "name", "destination",
    /// "columns": [[origin, destination]], "source", "orphans": n | null, "ranOutOfTime",
    /// "request"}], "orphans", "unknown"}`.
    static func json(_ results: [OrphanCount], database: String, timeLimit: Double) -> JSONValue {
        let items: [JSONValue] = results.map { result in
            let link = result.association
            return .object([
                ("origin", .string(link.origin)), ("name", .string(link.name)), ("destination", .string(link.destination)),
                ("columns", .array(link.columns.map { .array([.string($0.origin), .string($0.destination)]) })),
                ("source", .string(link.source.rawValue)), ("orphans", result.count.map { .int($0) } ?? .null),
                ("ranOutOfTime", .bool(result.ranOutOfTime)), ("request", .string(requestText(of: result)))
            ])
        }
        return .object([
            ("database", .string(database)), ("timeLimitSeconds", timeLimit > 0 ? .real(timeLimit) : .null),
            ("associations", .array(items)),
            ("orphans", .int(results.reduce(0) { $0 + ($1.count ?? 0) })),
            ("unknown", .int(results.filter(\.ranOutOfTime).count))
        ])
    }
}
