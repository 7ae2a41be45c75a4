import AssocCore

extension Database {
    /// The cardinality profile of `association` (see `CardinalityProfile`), each statement
    /// stopped after `timeLimit` milliseconds (nil: no limit), its figures then nil and
    /// `ranOutOfTime` set. `interrupt()` stops it with an error.
    ///
    /// A to-many association or a hasOne: one `GROUP BY` over the counts the engine computes for
    /// `annotated(with: albums.count)` (the same count `having(albums.count …)` filters on, over
    /// the destination's key index), read as a histogram of counts:
    ///
    ///     WITH "counted"("c1", "c2", "c3", "c4") AS (SELECT "artist".*, COUNT(DISTINCT "album"."AlbumId")
    ///       AS "albumCount" FROM "artist" LEFT JOIN "album" ON … GROUP BY "artist"."ArtistId")
    ///     SELECT "c4", COUNT(*) FROM "counted" GROUP BY "c4" ORDER BY "c4"
    ///
    /// A belongsTo: the rows of its origin, and those with a NULL in a key column. A
    /// hasOneThrough: its origin's rows only.
    ///
    /// A plain hasMany (no declared filter, between two tables, key columns compared without
    /// conversion) reads its child's key columns alone instead: one `GROUP BY` of them, served by
    /// their index when there is one, and the origin's rows (see `GroupedChildKeys`). The result
    /// is the same.
    public func cardinalityProfile(of association: Association, timeLimit: Int? = 2_000) throws -> CardinalityProfile {
        try cardinalityProfile(of: association, timeLimit: timeLimit, groupingChildKeys: true)
    }

    /// `groupingChildKeys` false: the general path for every association (the tests compare the two).
    func cardinalityProfile(of association: Association, timeLimit: Int?, groupingChildKeys: Bool) throws -> CardinalityProfile {
        var profile = CardinalityProfile(association: association)
        let origin = Table(association.origin)
        switch association.kind {
        case .belongsTo:
            let total = try countStatement(for: origin.all)
            profile.statements.append(total)
            guard let origins = try integerWithinTimeLimit(total, timeLimit: timeLimit) else {
                profile.ranOutOfTime = true
                return profile
            }
            profile.origins = origins
            guard let first = association.columns.first else { return profile }
            var condition: Expression = Column(first.origin).isNull
            for pair in association.columns.dropFirst() { condition = condition || Column(pair.origin).isNull }
            let request = origin.all.filter(condition)
            profile.nullKeysRequest = request
            let nulls = try countStatement(for: request)
            profile.statements.append(nulls)
            guard let count = try integerWithinTimeLimit(nulls, timeLimit: timeLimit) else {
                profile.ranOutOfTime = true
                return profile
            }
            profile.nullKeys = count
        case .hasOneThrough:
            let total = try countStatement(for: origin.all)
            profile.statements.append(total)
            profile.origins = try integerWithinTimeLimit(total, timeLimit: timeLimit)
            profile.ranOutOfTime = profile.origins == nil
        case .hasOne, .hasMany, .hasManyThrough:
            if groupingChildKeys, let grouped = GroupedChildKeys(association, schema: schema) {
                try fillFromGroupedChildKeys(&profile, grouped, timeLimit: timeLimit)
                return profile
            }
            let statement = try histogramStatement(of: association)
            profile.statements.append(statement)
            guard let rows = try rowsWithinTimeLimit(statement, timeLimit: timeLimit) else {
                profile.ranOutOfTime = true
                return profile
            }
            let histogram: [(count: Int, rows: Int)] = rows.compactMap { row in
                guard row.count == 2, case .integer(let count) = row[0], case .integer(let rows) = row[1] else { return nil }
                return (Int(clamping: count), Int(clamping: rows))
            }
            profile.fill(histogram: histogram)
        }
        return profile
    }

    /// The profile of a plain hasMany from its child's key columns: the origin's rows, then the
    /// groups (see `GroupedChildKeys`).
    private func fillFromGroupedChildKeys(_ profile: inout CardinalityProfile, _ grouped: GroupedChildKeys, timeLimit: Int?) throws {
        profile.statements.append(grouped.origins)
        guard let origins = try integerWithinTimeLimit(grouped.origins, timeLimit: timeLimit) else {
            profile.ranOutOfTime = true
            return
        }
        profile.statements.append(grouped.groups)
        guard let rows = try rowsWithinTimeLimit(grouped.groups, timeLimit: timeLimit) else {
            profile.ranOutOfTime = true
            return
        }
        profile.fill(histogram: GroupedChildKeys.histogram(origins: origins, groups: rows))
    }

    /// `SELECT count, COUNT(*) … GROUP BY count` over the origin's rows annotated with their
    /// count of destination rows (its last column).
    func histogramStatement(of association: Association) throws -> GeneratedStatement {
        let origin = Table(association.origin)
        let source = try summarySource(of: origin.all.annotated(with: origin.association(association.name).count))
        guard source.width > 0 else { throw AssocError.invalid("\(association.origin) has no column to count \(association.name) by") }
        let names = (1...source.width).map { quoteIdentifier("c\($0)") }
        let counted = quoteIdentifier("c\(source.columns.count)")
        let sql =
            "WITH \"counted\"(\(names.joined(separator: ", "))) AS (\(source.statement.sql)) "
            + "SELECT \(counted), COUNT(*) FROM \"counted\" GROUP BY \(counted) ORDER BY \(counted)"
        return GeneratedStatement(sql: sql, arguments: source.statement.arguments)
    }
}
