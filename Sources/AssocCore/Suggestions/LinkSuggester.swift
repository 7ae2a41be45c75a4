import CSQLite

extension Database {
    /// Proposes belongsTo associations the schema does not declare and its names do not infer,
    /// from the values: for each candidate column (see `LinkCandidates`; indexed ones first), the
    /// destination keys that hold all, or nearly all (≥ 95 %), of its distinct non-NULL values.
    /// SQLite checks a sample of `sampleSize` distinct values first (bound), then, unless the sample
    /// held them all, every value with an anti-join on the destination's key index. Columns whose values are trivial (fewer than 2
    /// distinct values, or only 0 and 1) are skipped. Statements stop when `budgetMilliseconds`
    /// have passed: what was not checked is listed. `interrupt()` stops it (it then throws).
    package func suggestLinks(budgetMilliseconds: Int, sampleSize: Int = 100) throws -> LinkSuggestions {
        try withConnection { connection in
            var run = SuggestionRun(connection: connection, graph: graph, budgetMilliseconds: budgetMilliseconds, sampleSize: sampleSize)
            return try run.suggest()
        }
    }
}

/// One pass of `suggestLinks`: the clock, the counts and the statements.
private struct SuggestionRun {
    let connection: Connection
    let graph: AssociationGraph
    let budgetMilliseconds: Int
    let sampleSize: Int
    let start = ContinuousClock.now
    var pairsChecked = 0
    var candidatesChecked = 0
    var skipped: [(column: String, reason: String)] = []
    var rowCounts: [String: Int] = [:]

    init(connection: Connection, graph: AssociationGraph, budgetMilliseconds: Int, sampleSize: Int) {
        self.connection = connection
        self.graph = graph
        self.budgetMilliseconds = max(1, budgetMilliseconds)
        self.sampleSize = max(1, sampleSize)
    }

    /// Past the budget.
    struct OutOfTime: Error {}

    var elapsedMilliseconds: Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Runs `sql` with `arguments` in the time left; `OutOfTime` past the budget.
    func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        let left = budgetMilliseconds - elapsedMilliseconds
        guard left > 0 else { throw OutOfTime() }
        do {
            return try connection.withTimeLimit(milliseconds: left) { try connection.fetchAll(sql, arguments: arguments) }
        } catch AssocError.sqlite(let error) where error.primaryCode == SQLITE_INTERRUPT && elapsedMilliseconds >= budgetMilliseconds {
            throw OutOfTime()
        }
    }

    func integer(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int {
        if case .integer(let value)? = try rows(sql, arguments).first?.first { return Int(clamping: value) }
        return 0
    }

    mutating func suggest() throws -> LinkSuggestions {
        let candidates = LinkCandidates(graph: graph)
        let indexed: Set<String>
        do {
            indexed = try indexedColumns(of: candidates)
        } catch is OutOfTime {
            return LinkSuggestions(
                suggestions: [], budgetMilliseconds: budgetMilliseconds, elapsedMilliseconds: elapsedMilliseconds,
                candidatesChecked: 0, pairsChecked: 0,
                unchecked: candidates.columns.map { (LinkSuggestion.path($0.table.name, $0.name), candidates.keys.count) },
                skipped: [])
        }
        let ordered =
            candidates.columns.filter { indexed.contains(Self.slot($0.table.name, $0.name)) }
            + candidates.columns.filter { !indexed.contains(Self.slot($0.table.name, $0.name)) }
        var found: [LinkSuggestion] = []
        var unchecked: [(column: String, destinations: Int)] = []
        var keysTaken = Set<String>()
        for (position, column) in ordered.enumerated() {
            let destinations = candidates.keys.filter {
                !($0.table.name.lowercased() == column.table.name.lowercased() && $0.column.lowercased() == column.name.lowercased())
            }
            do {
                candidatesChecked += 1
                guard
                    var suggestion = try check(column, against: destinations, isIndexed: indexed.contains(Self.slot(column.table.name, column.name)))
                else { continue }
                suggestion.key = uniqueKey(suggestion, taken: &keysTaken)
                found.append(suggestion)
            } catch is OutOfTime {
                candidatesChecked -= 1
                unchecked = ordered[position...].map { (LinkSuggestion.path($0.table.name, $0.name), destinations.count) }
                break
            } catch AssocError.sqlite(let error) where error.primaryCode != SQLITE_INTERRUPT {
                skipped.append((LinkSuggestion.path(column.table.name, column.name), error.message))
            }
        }
        let order = Dictionary(candidates.columns.enumerated().map { (Self.slot($1.table.name, $1.name), $0) }, uniquingKeysWith: { a, _ in a })
        found.sort { (order[Self.slot($0.origin, $0.column)] ?? 0) < (order[Self.slot($1.origin, $1.column)] ?? 0) }
        return LinkSuggestions(
            suggestions: found, budgetMilliseconds: budgetMilliseconds, elapsedMilliseconds: elapsedMilliseconds,
            candidatesChecked: candidatesChecked, pairsChecked: pairsChecked, unchecked: unchecked, skipped: skipped)
    }

    static func slot(_ table: String, _ column: String) -> String { table.lowercased() + "\u{0}" + column.lowercased() }

    /// The candidate columns that begin an index (`table\0column`, lower-cased).
    func indexedColumns(of candidates: LinkCandidates) throws -> Set<String> {
        var result = Set<String>()
        for table in Set(candidates.columns.map(\.table.name)) {
            let names = try rows(
                "SELECT ii.name FROM pragma_index_list(?) AS il, pragma_index_info(il.name) AS ii WHERE ii.seqno = 0",
                [.text(table)])
            for row in names { if case .text(let name)? = row.first { result.insert(Self.slot(table, name)) } }
        }
        return result
    }

    /// The longest value a key column is taken to hold, in bytes.
    static let longestKeyBytes = 512

    /// The best destination for `column` among `destinations`, or nil.
    mutating func check(_ column: LinkCandidates.Column, against destinations: [LinkCandidates.Key], isIndexed: Bool) throws -> LinkSuggestion? {
        let table = quoteIdentifier(column.table.name)
        let name = quoteIdentifier(column.name)
        // Long values are no keys: they are left out of the sample (never copied out of SQLite).
        let sampled = try rows(
            """
            SELECT CASE WHEN length(CAST(v AS BLOB)) > \(Self.longestKeyBytes) THEN NULL ELSE v END \
            FROM (SELECT DISTINCT \(name) AS v FROM \(table) WHERE \(name) IS NOT NULL LIMIT ?)
            """, [.integer(Int64(sampleSize))]
        ).compactMap(\.first)
        let label = LinkSuggestion.path(column.table.name, column.name)
        if sampled.contains(.null) {
            skipped.append((label, "holds values longer than \(Self.longestKeyBytes) bytes"))
            return nil
        }
        let sample = sampled
        if sample.count < 2 {
            skipped.append((label, "fewer than 2 distinct values"))
            return nil
        }
        if sample.count < sampleSize, sample.allSatisfy({ $0 == .integer(0) || $0 == .integer(1) }) {
            skipped.append((label, "only the values 0 and 1"))
            return nil
        }
        if sample.contains(where: {
            if case .real = $0 { return true }
            if case .blob = $0 { return true }
            return false
        }) {
            skipped.append((label, "holds real numbers or blobs"))
            return nil
        }
        // A column of its own table's key where every row names itself links nothing.
        if let ownKey = column.table.primaryKey.columns.first, column.table.primaryKey.columns.count == 1,
            try integer("SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(name) IS NOT NULL AND \(name) IS NOT \(quoteIdentifier(ownKey)))") == 0
        {
            skipped.append((label, "every row names itself (\(LinkSuggestion.name(column.name)) = \(LinkSuggestion.name(ownKey)))"))
            return nil
        }
        var passing: [(key: LinkCandidates.Key, distinct: Int, missing: Int, agrees: Bool, rows: Int)] = []
        for key in destinations {
            let destination = quoteIdentifier(key.table.name)
            let keyColumn = quoteIdentifier(key.column)
            pairsChecked += 1
            let placeholders = Array(repeating: "?", count: sample.count).joined(separator: ", ")
            let foundInSample = try integer(
                "SELECT count(DISTINCT \(keyColumn)) FROM \(destination) WHERE \(keyColumn) IN (\(placeholders))", sample)
            guard Double(foundInSample) >= LinkSuggestion.nearlyAllShare * Double(sample.count) - 1 else { continue }
            let distinct: Int64
            let missing: Int64
            if sample.count < sampleSize {
                // The sample holds every distinct value: it was the exact check.
                (distinct, missing) = (Int64(sample.count), Int64(max(0, sample.count - foundInSample)))
            } else {
                let exact = try rows(
                    """
                    SELECT count(*), coalesce(sum(v NOT IN (SELECT \(keyColumn) FROM \(destination) WHERE \(keyColumn) IS NOT NULL)), 0) \
                    FROM (SELECT DISTINCT \(name) AS v FROM \(table) WHERE \(name) IS NOT NULL)
                    """)
                guard let counts = exact.first, counts.count == 2, case .integer(let all) = counts[0], case .integer(let notFound) = counts[1]
                else { continue }
                (distinct, missing) = (all, notFound)
            }
            guard distinct > 0, Double(distinct - missing) >= LinkSuggestion.nearlyAllShare * Double(distinct) else { continue }
            let agrees = LinkNaming.agrees(column: column.name, origin: column.table.name, destination: key.table.name, destinationColumn: key.column)
            passing.append((key, Int(distinct), Int(missing), agrees, try rowCount(of: key.table.name)))
        }
        // Every value found first, then the name, then the smallest table holding the values (the
        // likeliest: a few values spread over a small key are unlikely to fall in it by chance).
        passing.sort {
            if ($0.missing == 0) != ($1.missing == 0) { return $0.missing == 0 }
            if $0.agrees != $1.agrees { return $0.agrees }
            if $0.missing != $1.missing { return $0.missing < $1.missing }
            return $0.rows < $1.rows
        }
        guard let best = passing.first else { return nil }
        let others = passing.dropFirst().filter { $0.missing == 0 || best.missing > 0 }
        let alternatives = others.map { LinkSuggestion.path($0.key.table.name, $0.key.column) }
        var isAmbiguous = false
        if !best.agrees, let next = others.first {
            // (next.rows / best.rows)^distinct, stopping once past the ratio.
            var ratio = 1.0
            let step = Double(next.rows) / Double(max(1, best.rows))
            for _ in 0..<best.distinct where ratio < LinkSuggestion.likelihoodRatio { ratio *= step }
            isAmbiguous = next.agrees || ratio < LinkSuggestion.likelihoodRatio
        }
        var suggestion = LinkSuggestion(
            origin: column.table.name, column: column.name, destination: best.key.table.name, destinationColumn: best.key.column,
            distinctValues: best.distinct, missingValues: best.missing, isIndexed: isIndexed, nameAgrees: best.agrees,
            nameIsReference: LinkNaming.isReference(column.name), alternatives: alternatives, key: "")
        suggestion.isAmbiguous = isAmbiguous
        return suggestion
    }

    mutating func rowCount(of table: String) throws -> Int {
        if let count = rowCounts[table.lowercased()] { return count }
        let count = try integer("SELECT count(*) FROM \(quoteIdentifier(table))")
        rowCounts[table.lowercased()] = count
        return count
    }

    /// A name for the suggestion unique among its origin's associations and the other suggestions.
    func uniqueKey(_ suggestion: LinkSuggestion, taken: inout Set<String>) -> String {
        let existing = Set(graph.associations(from: suggestion.origin).map { $0.name.lowercased() })
        let base = LinkNaming.key(for: suggestion.column, destination: suggestion.destination)
        var candidates = [base, Inflector.identifier(suggestion.column)]
        for number in 2...1000 { candidates.append(base + String(number)) }
        let key =
            candidates.first {
                !existing.contains($0.lowercased()) && !taken.contains(suggestion.origin.lowercased() + "\u{0}" + $0.lowercased())
            } ?? base
        taken.insert(suggestion.origin.lowercased() + "\u{0}" + key.lowercased())
        return key
    }
}
