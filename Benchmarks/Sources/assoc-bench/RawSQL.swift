@_spi(Tooling) import AssocCore

/// The raw C contender's statements: hand-written SQL, identical to what AssocCore generates
/// (checked by `check(against:)` before measuring), run by `RawConnection`.
enum RawSQL {
    static let plainSQL = #"SELECT * FROM "book""#
    static let joinedSQL = #"SELECT "book".*, "person".*, "country".*, "coverImage".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" LEFT JOIN "country" ON "country"."code" = "person"."countryCode" LEFT JOIN "coverImage" ON "coverImage"."bookId" = "book"."id""#
    static let personSQL = #"SELECT * FROM "person""#
    static let booksByAuthorSQL = #"SELECT *, "authorId" FROM "book" WHERE "authorId" IN (SELECT value FROM json_each(?))"#
    static let countrySQL = #"SELECT * FROM "country""#
    static let citizensSQL = #"SELECT "citizen".*, "passport"."countryCode" FROM "citizen" JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") AND ("passport"."countryCode" IN (SELECT value FROM json_each(?)))"#
    static let aggregatesSQL = #"SELECT "person".*, COUNT(DISTINCT "book"."id") AS "bookAsAuthorCount", MAX("book"."year") AS "maxBookAsAuthorYear" FROM "person" LEFT JOIN "book" ON "book"."authorId" = "person"."id" GROUP BY "person"."id""#
    static let havingSQL = #"SELECT "person".* FROM "person" LEFT JOIN "book" ON "book"."authorId" = "person"."id" GROUP BY "person"."id" HAVING COUNT(DISTINCT "book"."id") >= ?"#

    static func plain(_ raw: RawConnection) throws -> Int {
        var values: [RawValue] = []
        return try raw.readAll(plainSQL, into: &values)
    }

    static func joined(_ raw: RawConnection) throws -> Int {
        var values: [RawValue] = []
        return try raw.readAll(joinedSQL, into: &values)
    }

    /// The joined statement read column by column (by index, no names) straight into the same
    /// structs: the floor of any decoding.
    static func joinedStructs(_ raw: RawConnection) throws -> Int {
        try raw.readJoinedStructs(joinedSQL).count
    }

    /// Parents, then children restricted to the parents' keys (column 0) as one JSON argument.
    static func prefetch(_ raw: RawConnection, parentSQL: String, childSQL: String) throws -> Int {
        var parents: [RawValue] = []
        let count = try raw.readAll(parentSQL, into: &parents)
        guard count > 0 else { return 0 }
        let width = parents.count / count
        var json = "["
        var index = 0
        while index < parents.count {
            if index > 0 { json += "," }
            switch parents[index] {
            case .integer(let v): json += String(v)
            case .text(let s): json += "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            default: json += "null"
            }
            index += width
        }
        json += "]"
        var children: [RawValue] = []
        _ = try raw.readAll(childSQL, [.text(json)], into: &children)
        return count
    }

    static func prefetch(_ raw: RawConnection) throws -> Int {
        try prefetch(raw, parentSQL: personSQL, childSQL: booksByAuthorSQL)
    }

    static func through(_ raw: RawConnection) throws -> Int {
        try prefetch(raw, parentSQL: countrySQL, childSQL: citizensSQL)
    }

    static func aggregates(_ raw: RawConnection) throws -> Int {
        var values: [RawValue] = []
        return try raw.readAll(aggregatesSQL, into: &values)
    }

    static func having(_ raw: RawConnection) throws -> Int {
        var values: [RawValue] = []
        return try raw.readAll(havingSQL, [.integer(12)], into: &values)
    }

    /// Verifies that the hand-written SQL is what AssocCore runs; records the tree's SQL.
    static func check(against a: AssocSide) throws {
        let expectations: [(String, [String], [GeneratedStatement])] = [
            ("plain", [plainSQL], try ToolingSupport.executedStatements(for: a.plain.limit(1), in: a.db)),
            ("joined", [joinedSQL], try ToolingSupport.executedStatements(for: a.joined, in: a.db)),
            ("prefetch", [personSQL, booksByAuthorSQL], try ToolingSupport.executedStatements(for: a.prefetch, in: a.db)),
            ("through", [countrySQL, citizensSQL], try ToolingSupport.executedStatements(for: a.through, in: a.db)),
            ("aggregates", [aggregatesSQL], try ToolingSupport.executedStatements(for: a.aggregates, in: a.db)),
            ("having", [havingSQL], try ToolingSupport.executedStatements(for: a.having, in: a.db)),
        ]
        for (name, expected, statements) in expectations {
            // Up to 500 keys AssocCore binds them one by one; more go as one JSON argument (as here).
            let actual = statements.map { sql in
                guard let range = sql.sql.range(of: " IN (?") else { return sql.sql }
                return String(sql.sql[..<range.lowerBound]) + " IN (SELECT value FROM json_each(?))" + (sql.sql.hasSuffix("))") ? ")" : "")
            }
            let trimmed = name == "plain" ? actual.map { $0.replacing(" LIMIT 1", with: "") } : actual
            if trimmed != expected {
                print("note: raw SQL for \(name) differs from AssocCore's:\n  raw:   \(expected)\n  assoc: \(trimmed)")
            }
        }
    }
}
