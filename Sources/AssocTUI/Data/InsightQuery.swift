import AssocCore
import AssocInsights

extension RequestDataSource {
    /// The orphans of a belongsTo link (`Database.countOrphans`), within the deferred counts'
    /// budget (`ReadLimits.countBudgetMilliseconds`) unless `toTheEnd`: past it, the count is unknown.
    package func countOrphans(of association: Association, toTheEnd: Bool) throws -> OrphanCount {
        try readSchema()
        return try db.countOrphans(of: association, timeLimit: toTheEnd ? nil : ReadLimits.countBudgetMilliseconds)
    }

    /// The cardinality profile of a link (`Database.cardinalityProfile`), without a time limit:
    /// the user asked for it, and it runs in the background (`interrupt()` stops it).
    package func cardinalityProfile(of association: Association) throws -> CardinalityProfile {
        try readSchema()
        return try db.cardinalityProfile(of: association, timeLimit: nil)
    }
}
