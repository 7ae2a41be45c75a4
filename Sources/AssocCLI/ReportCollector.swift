import AssocCore
import AssocInsights

/// Runs the counts of `assoc report` under a `ReportBudget`, the most telling first: every table's
/// rows, then the orphans of every belongsTo, then the profiles of direct associations, then those
/// of through associations (the costliest). A figure past its time limit, past the budget, never
/// started or failed is nil and listed in `leftOut`; nothing else stops the report.
struct ReportCollector {
    let db: Database
    let budget: ReportBudget
    private var leftOut: [ReportFigures.LeftOut] = []
    /// Set once the budget stopped a statement: what remains of it is then a few milliseconds of
    /// clock granularity, and the steps after are left out rather than run on that remainder.
    private var budgetRanOut = false

    init(db: Database, budget: ReportBudget) {
        self.db = db
        self.budget = budget
    }

    /// The figures of the whole file.
    mutating func collect(title: String, timeLimit: Double, budgetSeconds: Double) throws -> ReportFigures {
        let db = self.db
        let facts: DatabaseFileFacts
        do {
            facts = try db.fileFacts()
        } catch {
            throw CLIError(message: "cannot read the page size and count of \(TextSanitizer.quoted(title)): \(Self.message(error))")
        }
        let snapshot = SchemaSnapshot(graph: db.graph)
        var figures = ReportFigures(
            title: title, facts: facts, timeLimit: timeLimit, budget: budgetSeconds,
            mermaid: SchemaMermaidRenderer.render(snapshot), diagnostics: snapshot.diagnostics)

        for table in db.schema.tables {
            let rows = step(
                .rows(table.name, table.kind), statements: 1, run: { try db.countRows(of: table.name, timeLimit: $0) },
                finished: { $0 != nil })
            figures.tables.append(.init(table: table, rows: rows ?? nil))
        }
        let associations = snapshot.allAssociations
        figures.associations.links = associations
        for (index, association) in associations.enumerated() where association.kind == .belongsTo {
            let orphans = step(
                .orphans(association.origin + "." + association.name), statements: 1,
                run: { try db.countOrphans(of: association, timeLimit: $0) }, finished: { !$0.ranOutOfTime })
            figures.associations.orphans[index] = orphans.map(ReportFigures.OrphanFigure.init)
        }
        // Direct associations first, then hasManyThrough (the costliest).
        for throughPass in [false, true] {
            for (index, association) in associations.enumerated()
            where throughPass ? association.kind == .hasManyThrough : association.throughNames == nil {
                let profile = step(
                    .profile(association.origin + "." + association.name), statements: association.kind == .belongsTo ? 2 : 1,
                    run: { try db.cardinalityProfile(of: association, timeLimit: $0) }, finished: { !$0.ranOutOfTime })
                figures.associations.profiles[index] = profile.map(ReportFigures.ProfileFigure.init)
            }
        }
        figures.leftOut = leftOut
        return figures
    }

    /// Runs one step within its allowance: its value (possibly incomplete), or nil when it did not
    /// run or failed; what it left out is recorded.
    private mutating func step<T>(
        _ subject: ReportFigures.LeftOut.Subject, statements: Int, run: (Int?) throws -> T, finished: (T) -> Bool
    ) -> T? {
        switch budgetRanOut ? .spent : budget.allowance(statements: statements) {
        case .spent:
            leftOut.append(.init(subject: subject, reason: .notRun))
            return nil
        case .run(let milliseconds, let cut):
            do {
                let value = try run(milliseconds)
                if !finished(value) {
                    leftOut.append(.init(subject: subject, reason: cut ? .budget : .timeLimit))
                    if cut { budgetRanOut = true }
                }
                return value
            } catch {
                leftOut.append(.init(subject: subject, reason: .failed(Self.message(error))))
                return nil
            }
        }
    }

    static func message(_ error: Error) -> String {
        if let error = error as? AssocError { return error.message }
        if let error = error as? CLIError { return error.message }
        return String(describing: error)
    }
}
