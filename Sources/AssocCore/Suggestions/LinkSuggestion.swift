/// A belongsTo association the schema does not declare (nor its names infer), proposed because
/// the values of `origin.column` are found among the keys of `destination.destinationColumn`;
/// with the evidence: how many distinct values were checked, how many were not found, whether
/// the column is indexed and whether its name agrees with the destination.
package struct LinkSuggestion: Sendable, Hashable {
    /// The table holding the key column.
    package var origin: String
    /// The candidate foreign-key column of `origin`.
    package var column: String
    /// The table whose key holds the values.
    package var destination: String
    /// Its primary key column or unique column.
    package var destinationColumn: String
    /// The distinct non-NULL values of `column`, all checked.
    package var distinctValues: Int
    /// How many of them match no row of the destination (0: every value is found).
    package var missingValues: Int
    /// Whether an index starts with `column`.
    package var isIndexed: Bool
    /// Whether the column's name agrees with the destination (`place_id` → `places`).
    package var nameAgrees: Bool
    /// Whether the column's name reads as a reference (`…Id`, `…_fk`, `parent`…).
    package var nameIsReference: Bool
    /// The other destinations (`table.column`) that also hold every value, likeliest first.
    package var alternatives: [String]
    /// Whether another destination holds the values about as likely and the name does not
    /// decide (`SupportRepId`, 3 values, fits a 5-row table as well as an 8-row one).
    package var isAmbiguous = false
    /// The association's name in the declaration: from the column (`authorId` → `author`),
    /// unique among the origin's associations.
    package var key: String

    /// The share of the distinct values found in the destination, 0…1.
    package var share: Double {
        distinctValues == 0 ? 0 : Double(distinctValues - missingValues) / Double(distinctValues)
    }

    /// Every value is found.
    package var isExact: Bool { missingValues == 0 }

    /// Every value is found, no other destination fits about as well, and the column's name
    /// agrees with the destination (an index or a name like `…Id` alone do not say which table).
    /// A suggestion that is not confident is written commented out (the user accepts it by
    /// uncommenting the line).
    package var isConfident: Bool { isExact && !isAmbiguous && nameAgrees }

    /// How much likelier the chosen destination must be than the next one when the name does not
    /// decide: `k` distinct values all falling in a table of `n` rows rather than one of `m` rows
    /// is `(m / n)^k` times likelier, if the values were drawn from its keys at random.
    static let likelihoodRatio = 100.0

    /// The least share of values found for a "nearly all" suggestion (orphans allowed).
    package static let nearlyAllShare = 0.95
}

/// What `Database.suggestLinks(budgetMilliseconds:)` found, and what it left unchecked.
package struct LinkSuggestions: Sendable, Hashable {
    /// The suggestions, at most one a column, in schema order.
    package var suggestions: [LinkSuggestion]
    /// The time allowed, in milliseconds.
    package var budgetMilliseconds: Int
    /// The time taken, in milliseconds.
    package var elapsedMilliseconds: Int
    /// The candidate columns looked at (`table.column`).
    package var candidatesChecked: Int
    /// Column/destination pairs whose values were compared.
    package var pairsChecked: Int
    /// The candidate columns left unchecked when the budget ran out, with how many destinations
    /// each still had to be compared with.
    package var unchecked: [(column: String, destinations: Int)]
    /// Columns skipped, with why (`trivial values`, an SQLite error…).
    package var skipped: [(column: String, reason: String)]

    package static func == (lhs: LinkSuggestions, rhs: LinkSuggestions) -> Bool {
        lhs.suggestions == rhs.suggestions && lhs.budgetMilliseconds == rhs.budgetMilliseconds
            && lhs.unchecked.map(\.column) == rhs.unchecked.map(\.column) && lhs.skipped.map(\.column) == rhs.skipped.map(\.column)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(suggestions)
        hasher.combine(budgetMilliseconds)
    }

    /// Whether the budget ran out before every candidate was checked.
    package var isIncomplete: Bool { !unchecked.isEmpty }
}

extension LinkSuggestion {
    /// The suggestion as the declaration `assoc suggest` writes for it, read back by the
    /// associations-file parser (one format, one reader).
    package func parsedDeclaration() throws -> AssociationDeclaration {
        let parsed = try AssociationDeclaration.parse(declaration, file: "the suggested link")
        guard let first = parsed.first, parsed.count == 1 else {
            throw AssocError.invalid("the suggested link \(origin).\(column) → \(destination).\(destinationColumn) does not read as one declaration")
        }
        return first
    }

    /// Whether `graph` already has this link: a belongsTo from `origin` to `destination` over
    /// `column` (an accepted suggestion, or one the schema gained since).
    package func isPresent(in graph: AssociationGraph) -> Bool {
        graph.associations(from: origin).contains { association in
            association.kind == .belongsTo && association.destination.lowercased() == destination.lowercased()
                && association.columns.map { $0.origin.lowercased() } == [column.lowercased()]
        }
    }
}
