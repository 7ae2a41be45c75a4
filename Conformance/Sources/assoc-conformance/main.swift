@_spi(Tooling) import AssocCore
import Foundation

// Differential conformance test: random requests over the demo database and a Chinook-like
// database, run by AssocCore and by GRDB 7.10, compared row by row.
//
//   swift run assoc-conformance [--count 5000] [--seed N] [--database demo|chinook|all]
//                               [--verbose] [--show [DATABASE:]INDEX]
//
// With --codegen, the GRDB code generation check instead (CodegenCheck): random requests over
// the demo, chinook, workshop, inventory and traps databases, each written as a program by
// `assoc swift --program`, compiled against GRDB 7.10 as one batch and run; its JSON is compared
// with `assoc fetch --format json`. Run it from Conformance/ with the built executable (it builds
// the batch target with `swift build`):
//
//   .build/release/assoc-conformance --codegen [--count 250] [--seed N] [--database NAME]
//                                     [--assoc PATH]   (default ../.build/debug/assoc)
//                                     [--fixed-only]   (the fixed cases alone: CodegenFixedCases.swift)

/// Writes a line to standard output at once, so that a crash (GRDB traps on some shapes) keeps
/// the lines before it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var count = 5000
var seed = UInt64(UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970)))
var verbose = false
var show: (database: String?, index: Int)?
var databases = ["demo", "chinook"]
var databaseArgument = "all"
var codegen = false
var fixedOnly = false
var assocPath = "../.build/debug/assoc"
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--count":
        guard let value = arguments.first.flatMap({ Int($0) }), value >= 0 else { fail("--count needs a number") }
        count = value; arguments.removeFirst()
    case "--seed":
        guard let value = arguments.first.flatMap({ UInt64($0) }) else { fail("--seed needs a number") }
        seed = value; arguments.removeFirst()
    case "--database":
        switch arguments.first {
        case "demo": databases = ["demo"]
        case "chinook": databases = ["chinook"]
        case "all": databases = ["demo", "chinook"]
        case "workshop": databases = ["workshop"]
        case "inventory": databases = ["inventory"]
        case "traps": databases = ["traps"]
        default: fail("--database needs demo, chinook, workshop, inventory, traps or all")
        }
        databaseArgument = arguments.removeFirst()
    case "--verbose":
        verbose = true
    case "--codegen":
        codegen = true
    case "--fixed-only":
        codegen = true
        fixedOnly = true
    case "--assoc":
        guard let value = arguments.first else { fail("--assoc needs the path of the assoc executable") }
        assocPath = value; arguments.removeFirst()
    case "--show":
        guard let value = arguments.first else { fail("--show needs [DATABASE:]INDEX") }
        arguments.removeFirst()
        let parts = value.split(separator: ":").map(String.init)
        guard let index = parts.last.flatMap({ Int($0) }) else { fail("--show needs [DATABASE:]INDEX") }
        show = (parts.count > 1 ? parts[0] : nil, index)
    default:
        fail("usage: assoc-conformance [--count N] [--seed N] [--database demo|chinook|all] [--verbose] [--show [DATABASE:]INDEX]")
    }
}

/// Counts of one run.
struct Tally {
    var requests = 0, compared = 0, mismatches = 0, excluded = 0, rows = 0
    var excludedBy: [String: Int] = [:]
    var aggregates = 0, aliases = 0, ordered = 0, prefetches = 0, depth3 = 0
    /// Ordered first by an annotation (by its name; `byAggregate`: AssocCore by the aggregate).
    var byAnnotation = 0, byAggregate = 0
    /// `record.request(for:)`, by kind; `requestForRepeated`: GRDB gave a through association's
    /// destination row more than once (compared distinct).
    var requestFor: [String: Int] = [:]
    var requestForRepeated = 0
    var requestForTotal: Int { requestFor.values.reduce(0, +) }

    mutating func add(_ other: Tally) {
        requests += other.requests; compared += other.compared; mismatches += other.mismatches
        excluded += other.excluded; rows += other.rows
        aggregates += other.aggregates; aliases += other.aliases; ordered += other.ordered
        prefetches += other.prefetches; depth3 += other.depth3
        byAnnotation += other.byAnnotation; byAggregate += other.byAggregate
        requestForRepeated += other.requestForRepeated
        for (kind, n) in other.requestFor { requestFor[kind, default: 0] += n }
        for (reason, n) in other.excludedBy { excludedBy[reason, default: 0] += n }
    }
}

/// Runs `count` random requests on one database; `seed` is offset per database so that
/// `--database chinook` replays the chinook part of a run over all databases.
@MainActor func run(database: String, count: Int, seed: UInt64) throws -> Tally {
    let path = NSTemporaryDirectory() + "assoc-conformance-\(ProcessInfo.processInfo.processIdentifier)-\(database).sqlite"
    try? FileManager.default.removeItem(atPath: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    switch database {
    case "demo": try ToolingSupport.writeDemoDatabase(to: path, scale: 1)
    default: try ChinookDatabase.write(to: path)
    }
    let assoc = try AssocRunner(path: path)
    let catalog = assoc.catalog()
    let grdb = try GRDBRunner(path: path, catalog: catalog)
    let unknown = try grdb.unknownForeignKeys()
    guard unknown.isEmpty else {
        throw ConformanceError(message: "\(database): associations not backed by a foreign key GRDB reads:\n  " + unknown.joined(separator: "\n  "))
    }
    let offset: UInt64 = database == "demo" ? 0 : 1
    var generator = Generator(rng: SplitMix64(state: seed &+ offset), tables: try grdb.samples(), catalog: catalog)
    say("\(database): \(catalog.tables.count) tables, \(catalog.associations.count) associations (\(catalog.associations.filter(\.isThrough).count) through)")

    var tally = Tally()
    var reported = 0
    for index in 0..<count {
        let spec = generator.request()
        tally.requests += 1
        if let reason = exclusionReason(spec) {
            tally.excluded += 1
            tally.excludedBy[reason, default: 0] += 1
            continue
        }
        if verbose { say("\(database)#\(index) \(spec.description)") }
        if let n = try? grdb.count(spec), n > 20_000 {
            tally.excluded += 1
            tally.excludedBy["too large: main query over 20,000 rows (not a GRDB limit; memory)", default: 0] += 1
            continue
        }
        let a: [String], g: [String]
        let tooLarge = "too large: over 300,000 rendered rows with prefetches (not a GRDB limit; memory)"
        do {
            guard let rows = try assoc.fetch(spec) else {
                tally.excluded += 1
                tally.excludedBy[tooLarge, default: 0] += 1
                continue
            }
            a = rows
        } catch { a = ["AssocCore error: \(error)"] }
        var repeated = false
        do { g = try grdb.fetch(spec, repeated: &repeated) ?? ["GRDB: too large"] } catch { g = ["GRDB error: \(error)"] }
        tally.compared += 1
        tally.count(spec)
        if repeated { tally.requestForRepeated += 1 }
        tally.rows += g.count
        if verbose { say("  \(g.count) rows" + (repeated ? " (GRDB repeated destination rows: compared distinct)" : "")) }
        if let show, show.index == index, show.database == nil || show.database == database {
            say("\(database)#\(index) \(spec.description)")
            for row in a.prefix(3) { say("  AssocCore: \(row)") }
            for row in g.prefix(3) { say("  GRDB:      \(row)") }
            say("  AssocCore SQL:\n" + assoc.statements(spec).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        }
        if a != g {
            tally.mismatches += 1
            if reported < 5 {
                reported += 1
                let diff = zip(a, g).enumerated().first { $0.element.0 != $0.element.1 }
                var report = "MISMATCH \(database)#\(index): \(spec.description)\n  rows: AssocCore \(a.count), GRDB \(g.count)"
                if let diff {
                    report += "\n  first difference at row \(diff.offset):\n    AssocCore: \(diff.element.0)\n    GRDB:      \(diff.element.1)"
                }
                report += "\n  AssocCore SQL:\n" + assoc.statements(spec).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
                report += "\n  GRDB main SQL (keys and foreign keys explicit):\n    " + grdb.statement(spec)
                say(report)
            }
        }
    }
    return tally
}

extension Tally {
    /// Counts what a compared request exercises.
    mutating func count(_ spec: RequestSpec) {
        func walk(_ joins: [JoinSpec], depth: Int) -> (aliases: Int, prefetches: Int, depth: Int) {
            var result = (aliases: 0, prefetches: 0, depth: joins.isEmpty ? depth - 1 : depth)
            for join in joins {
                let below = walk(join.children, depth: depth + 1)
                result.aliases += (join.alias == nil ? 0 : 1) + below.aliases
                result.prefetches += (join.method == .includingAll ? 1 : 0) + below.prefetches
                result.depth = max(result.depth, below.depth)
            }
            return result
        }
        let w = walk(spec.children, depth: 1)
        if !spec.aggregates.isEmpty { aggregates += 1 }
        if w.aliases > 0 || spec.alias != nil { aliases += 1 }
        if spec.ordering.count > spec.primaryKey.count { ordered += 1 }
        if w.prefetches > 0 { prefetches += 1 }
        if w.depth >= 3 { depth3 += 1 }
        if let annotation = spec.ordering.first(where: { $0.annotation != nil })?.annotation {
            byAnnotation += 1
            if annotation.byAggregate { byAggregate += 1 }
        }
        if let origin = spec.recordOrigin { requestFor["\(origin.association.kind)", default: 0] += 1 }
    }
}

extension Tally {
    /// `belongsTo 12, hasOne 3, …` in the kinds' order, then how many through ones GRDB repeated rows of.
    var requestForSummary: String {
        let kinds = ["belongsTo", "hasOne", "hasMany", "hasOneThrough", "hasManyThrough"]
        return kinds.map { "\($0) \(requestFor[$0] ?? 0)" }.joined(separator: ", ")
            + "; GRDB repeated destination rows in \(requestForRepeated), compared distinct"
    }
}

struct ConformanceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

func printExclusions(_ tally: Tally, prefix: String) {
    for (reason, n) in tally.excludedBy.sorted(by: { $0.key < $1.key }) {
        say("\(prefix)excluded (GRDB not a reference): \(reason): \(n)")
    }
}

if codegen {
    if databaseArgument == "all" { databases = OwnDatabases.names }
    say("codegen seed \(seed) (replay: .build/release/assoc-conformance --codegen --count \(count) --seed \(seed) --database \(databaseArgument))")
    do {
        let start = Date()
        let check = CodegenCheck(
            count: count, seed: seed, databases: databases, assoc: assocPath, verbose: verbose, fixedOnly: fixedOnly)
        let tally = try check.run()
        for (reason, n) in tally.excludedBy.sorted(by: { $0.key < $1.key }) {
            say("codegen: excluded: \(reason): \(n)")
        }
        say("codegen: \(tally.requests) requests, \(tally.compared) compared (program JSON = assoc fetch --format json), \(tally.differences) differences, \(tally.excluded) excluded; \(tally.fixed) of them fixed cases (\(tally.fixedDifferences) differences); \(tally.standalone) programs compiled alone, \(tally.standaloneDifferences) differences; in \(Int(Date().timeIntervalSince(start))) s")
        exit(tally.differences == 0 && tally.standaloneDifferences == 0 && tally.compared > 0 ? 0 : 1)
    } catch {
        say("codegen error: \(error)")
        exit(2)
    }
}

do {
    say("seed \(seed) (replay: swift run assoc-conformance --count \(count) --seed \(seed) --database \(databaseArgument))")
    var total = Tally()
    total.mismatches += try OrderedThroughCase.run(verbose: verbose).mismatches
    for (position, database) in databases.enumerated() {
        // The count is split across the databases; the first ones get the remainder.
        let share = count / databases.count + (position < count % databases.count ? 1 : 0)
        let tally = try run(database: database, count: share, seed: seed)
        printExclusions(tally, prefix: "\(database): ")
        say("\(database): \(tally.requests) requests, \(tally.mismatches) mismatches, \(tally.excluded) excluded; compared \(tally.compared) (\(tally.rows) GRDB rows): \(tally.ordered) with a random ordering, \(tally.aliases) with aliases, \(tally.aggregates) with aggregates, \(tally.prefetches) with prefetches, \(tally.depth3) three joins deep, \(tally.byAnnotation) ordered by an annotation (\(tally.byAggregate) of them by the aggregate), \(tally.requestForTotal) record.request(for:) (\(tally.requestForSummary))")
        total.add(tally)
    }
    say("\(total.requests) requests, \(total.mismatches) mismatches, \(total.excluded) excluded; \(total.byAnnotation) ordered by an annotation, \(total.requestForTotal) record.request(for:)")
    exit(total.mismatches == 0 ? 0 : 1)
} catch {
    say("error: \(error)")
    exit(2)
}
