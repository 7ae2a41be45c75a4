import AssocCore
import AssocInsights

/// What `assoc report` found, gathered by `ReportCollector` under a `ReportBudget`, written by
/// `ReportMarkdown` or `ReportJSON`. A figure that was not computed is nil, and the reason is in
/// `leftOut`.
struct ReportFigures {
    /// A table or view and its row count.
    struct TableFigure {
        var table: TableInfo
        /// Nil when the count did not finish (see `leftOut`).
        var rows: Int?
    }

    /// An association with its orphans (a belongsTo) and its cardinality profile, as
    /// `AssociationFigures` hands it out.
    struct AssociationFigure {
        var association: Association
        /// The orphan count of a belongsTo; nil for the other kinds, or when it was not run.
        var orphans: OrphanFigure?
        /// The cardinality profile (no hasOneThrough has one); nil when not run or failed.
        var profile: ProfileFigure?
    }

    /// Every association and the figures found for it, without a copy of the associations per
    /// figure (30,000 tables have 210,000 associations: copies took hundreds of megabytes).
    struct AssociationFigures: RandomAccessCollection {
        /// The associations, in the report's order (the snapshot's own array).
        var links: [Association] = []
        /// Orphan figures by index in `links`.
        var orphans: [Int: OrphanFigure] = [:]
        /// Profiles by index in `links`.
        var profiles: [Int: ProfileFigure] = [:]

        var startIndex: Int { 0 }
        var endIndex: Int { links.count }
        subscript(index: Int) -> AssociationFigure {
            AssociationFigure(association: links[index], orphans: orphans[index], profile: profiles[index])
        }
    }

    /// What the report keeps of an `OrphanCount`: the count and the request that lists them.
    struct OrphanFigure {
        var count: Int?
        var request: String

        init(_ result: OrphanCount) {
            count = result.count
            request = CheckReport.requestText(of: result)
        }
    }

    /// What the report keeps of a `CardinalityProfile`: its figures, not its requests.
    struct ProfileFigure {
        struct Bucket {
            var lower: Int
            var upper: Int?
            var rows: Int
            var label: String
        }
        var isHasOne: Bool
        var buckets: [Bucket]
        var minimum: Int?
        var median: Int?
        var maximum: Int?
        var origins: Int?
        var nullKeys: Int?
        var ranOutOfTime: Bool
        var isAtMostOne: Bool? { maximum.map { $0 <= 1 } }

        init(_ profile: CardinalityProfile) {
            isHasOne = profile.association.kind == .hasOne
            buckets = profile.buckets.map { Bucket(lower: $0.lower, upper: $0.upper, rows: $0.rows, label: $0.label) }
            minimum = profile.minimum
            median = profile.median
            maximum = profile.maximum
            origins = profile.origins
            nullKeys = profile.nullKeys
            ranOutOfTime = profile.ranOutOfTime
        }
    }

    /// A figure the report does not give, and why.
    struct LeftOut {
        enum Subject {
            /// The row count of a table or view: its name and kind.
            case rows(String, TableInfo.Kind)
            /// The orphan count of a belongsTo: `origin.name`.
            case orphans(String)
            /// The cardinality profile of an association: `origin.name`.
            case profile(String)
        }

        enum Reason: Equatable {
            /// The statement ran past `--time-limit`.
            case timeLimit
            /// The statement ran past what remained of the budget.
            case budget
            /// The budget was spent before it started.
            case notRun
            /// SQLite failed to run it (a view naming a missing table…).
            case failed(String)

            /// `timeLimit`, `budget`, `notRun`, `failed` (the JSON's words).
            var code: String {
                switch self {
                case .timeLimit: return "timeLimit"
                case .budget: return "budget"
                case .notRun: return "notRun"
                case .failed: return "failed"
                }
            }
        }

        var subject: Subject
        var reason: Reason
    }

    /// The file's name (or "demo library").
    var title: String
    var facts: DatabaseFileFacts
    /// Seconds a statement may run; 0 for no limit.
    var timeLimit: Double
    /// Seconds the whole report may take.
    var budget: Double
    var tables: [TableFigure] = []
    var associations = AssociationFigures()
    var leftOut: [LeftOut] = []
    /// The Mermaid `erDiagram` of the schema and its associations (`SchemaMermaidRenderer`).
    var mermaid: String
    /// What the schema and the association inference could not follow.
    var diagnostics: [String]
}

extension ReportFigures.LeftOut.Subject {
    /// `rows`, `orphans`, `profile` (the JSON's words).
    var code: String {
        switch self {
        case .rows: return "rows"
        case .orphans: return "orphans"
        case .profile: return "profile"
        }
    }
}

/// How an association was found, in words: `foreign key`, `column names`, `associations file`.
extension AssociationSource {
    var reportText: String {
        switch self {
        case .foreignKey: return "foreign key"
        case .naming: return "column names"
        case .declared: return "associations file"
        }
    }
}
