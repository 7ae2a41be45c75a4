import AssocCore

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

    /// An association with its orphans (a belongsTo) and its cardinality profile.
    struct AssociationFigure {
        var association: Association
        /// The orphan count of a belongsTo; nil for the other kinds, or when it was not run.
        var orphans: OrphanCount?
        /// The cardinality profile (no hasOneThrough has one); nil when not run or failed.
        var profile: CardinalityProfile?
    }

    /// A figure the report does not give, and why.
    struct LeftOut {
        enum Subject {
            /// The row count of a table or view.
            case rows(TableInfo)
            /// The orphan count of a belongsTo.
            case orphans(Association)
            /// The cardinality profile of an association.
            case profile(Association)
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
    var associations: [AssociationFigure] = []
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
