import AssocCore

/// The orphans of one belongsTo association: rows whose key columns are all non-NULL and match
/// no row of the destination (`Database.countOrphans(of:timeLimit:)`).
public struct OrphanCount: Sendable, Equatable {
    /// The belongsTo association checked.
    public var association: Association
    /// The orphan rows as an ordinary request (`OrphanCount.request(of:)`).
    public var request: Request
    /// How many rows are orphans; nil when the count ran past its time limit.
    public var count: Int?
    /// The statement that counted them (or was stopped), with its arguments.
    public var statement: GeneratedStatement

    /// Whether the count ran past its time limit: `count` is unknown.
    public var ranOutOfTime: Bool { count == nil }

    /// The orphans of a belongsTo association as a request of its origin table: the destination
    /// joined without its columns under the alias `parent` (`parent1`, `parent2`… when the origin
    /// is named so), rows whose key columns are all non-NULL and whose parent is missing:
    ///
    ///     track.joining(optional: genre.aliased("parent"))
    ///          .filter(GenreId IS NOT NULL AND parent.GenreId IS NULL)
    ///     // SELECT "track".* FROM "track" LEFT JOIN "genre" "parent" ON "parent"."GenreId" = "track"."GenreId"
    ///     // WHERE "track"."GenreId" IS NOT NULL AND "parent"."GenreId" IS NULL
    ///
    /// A declared filter of the association is part of its join: a row whose parent the filter
    /// leaves out counts as an orphan, as the association sees it. Nil for an association that is
    /// not a belongsTo.
    public static func request(of association: Association) -> Request? {
        guard association.kind == .belongsTo, let first = association.columns.first else { return nil }
        let alias = parentAlias(origin: association.origin)
        let parent = Table(association.origin).association(association.name).aliased(alias)
        var condition: Expression = Column(first.origin).isNotNull
        for pair in association.columns.dropFirst() { condition = condition && Column(pair.origin).isNotNull }
        condition = condition && TableAlias(alias)[first.destination].isNull
        return Table(association.origin).all.joining(optional: parent).filter(condition)
    }

    /// `parent`, or `parent1`, `parent2`… when the origin table bears that name (its own alias).
    static func parentAlias(origin: String) -> String {
        var alias = "parent"
        var number = 1
        while alias.lowercased() == origin.lowercased() {
            alias = "parent\(number)"
            number += 1
        }
        return alias
    }
}
