import AssocCore
import Foundation

/// The GRDB code generation check (`--codegen`): random requests over several databases, and the
/// fixed cases of `CodegenFixedCase.all`, each turned into a program by `assoc swift --program`,
/// compiled against GRDB 7.10 as one batch (target `assoc-codegen-batch`), run, and its JSON
/// compared with `assoc fetch --format json`.
struct CodegenCheck {
    var count: Int
    var seed: UInt64
    var databases: [String]
    /// The `assoc` executable that writes the programs and the expected JSON.
    var assoc: String
    var verbose = false
    /// The fixed cases only (`--fixed-only`), no random request.
    var fixedOnly = false

    /// One request of the run.
    struct Case {
        var index: Int
        var database: String
        var path: String
        /// The random request's spec; nil for a fixed case (compared by `exactOrder`).
        var spec: RequestSpec?
        var text: String
        var expected: String
        var program: String
        var exactOrder = false
    }

    /// A merge GRDB refuses that `assoc swift` writes around (the through association's pivot
    /// gets a key of its own): such requests are compared, not excluded.
    static let writtenAround = "ambiguous key: direct and through prefetch under one key"

    /// Programs also compiled alone (each as a whole `main.swift`), beside the batch.
    var standalone = 2

    /// Counts of the run.
    struct Tally {
        var requests = 0, compared = 0, differences = 0
        /// Fixed cases compared, and how many of them differed.
        var fixed = 0, fixedDifferences = 0
        /// Programs compiled alone and run, and how many of them differed.
        var standalone = 0, standaloneDifferences = 0
        var excludedBy: [String: Int] = [:]
        var excluded: Int { excludedBy.values.reduce(0, +) }
    }

    func run() throws -> Tally {
        let directory = NSTemporaryDirectory() + "assoc-codegen-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // ASSOC_CODEGEN_KEEP=1 keeps the databases, to run the batch by hand.
        let keep = ProcessInfo.processInfo.environment["ASSOC_CODEGEN_KEEP"] != nil
        defer { if keep { say("codegen: databases kept in \(directory)") } else { try? FileManager.default.removeItem(atPath: directory) } }
        var tally = Tally()
        var cases: [Case] = []
        for (position, database) in (fixedOnly ? [] : databases).enumerated() {
            let share = count / databases.count + (position < count % databases.count ? 1 : 0)
            let path = directory + "/\(database).sqlite"
            try OwnDatabases.write(database, to: path)
            cases += try prepare(database: database, path: path, count: share, offset: UInt64(position), firstIndex: cases.count, tally: &tally)
        }
        cases += try prepareFixed(directory: directory, firstIndex: cases.count)
        cases += try orderedAssociationCases(in: directory, firstIndex: cases.count, tally: &tally)
        say("codegen: \(cases.count) programs written; compiling the batch against GRDB 7.10")
        let batch = try BatchWriter.batch(cases)
        let batchPath = "Sources/assoc-codegen-batch/Batch.swift"
        try batch.write(toFile: batchPath, atomically: true, encoding: .utf8)
        let start = Date()
        let build = try Subprocess.run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", "assoc-codegen-batch"])
        guard build.status == 0 else {
            throw ConformanceError(message: "the batch does not compile:\n" + (build.output + build.error).split(separator: "\n").filter { $0.contains("error") }.prefix(30).joined(separator: "\n"))
        }
        say("codegen: batch compiled in \(Int(Date().timeIntervalSince(start))) s")
        var reported = 0
        var paths: [String] = []
        for item in cases where !paths.contains(item.path) { paths.append(item.path) }
        for path in paths {
            let ofDatabase = cases.filter { $0.path == path }
            let outputs = try BatchRunner.run(path: path, indices: ofDatabase.map(\.index))
            for item in ofDatabase {
                tally.compared += 1
                if item.spec == nil { tally.fixed += 1 }
                let actual = outputs[item.index] ?? "(no output: the program crashed)"
                if let difference = compare(expected: item.expected, actual: actual, item: item) {
                    tally.differences += 1
                    if item.spec == nil {
                        tally.fixedDifferences += 1
                        say("DIFFERENCE fixed case \(item.database): \(item.text)\n  \(difference)\n  program:\n"
                            + item.program.split(separator: "\n").prefix(120).map { "    " + $0 }.joined(separator: "\n"))
                    } else if reported < 5 {
                        reported += 1
                        say("DIFFERENCE \(item.database)#\(item.index): \(item.text)\n  \(difference)\n  program:\n" + item.program.split(separator: "\n").prefix(120).map { "    " + $0 }.joined(separator: "\n"))
                    }
                } else if item.spec == nil {
                    say("codegen: fixed case \(item.database): same rows\(item.exactOrder ? ", in the same order" : "")")
                } else if verbose {
                    say("  \(item.database)#\(item.index) same rows")
                }
            }
        }
        try checkStandalone(cases, tally: &tally)
        return tally
    }

    /// Compiles a few programs alone, each exactly as `assoc swift --program` printed it, as the
    /// `assoc-codegen-program` target's main.swift; runs each on its database and compares.
    /// The programs chosen: the first one, then the longest ones (most includes and prefetches).
    private func checkStandalone(_ cases: [Case], tally: inout Tally) throws {
        guard standalone > 0, let first = cases.first else { return }
        let longest = cases.dropFirst().sorted { $0.program.count > $1.program.count }
        let chosen = [first] + longest.prefix(standalone - 1)
        let mainPath = "Sources/assoc-codegen-program/main.swift"
        let placeholder = try String(contentsOfFile: mainPath, encoding: .utf8)
        defer { try? placeholder.write(toFile: mainPath, atomically: true, encoding: .utf8) }
        for item in chosen {
            try item.program.write(toFile: mainPath, atomically: true, encoding: .utf8)
            let build = try Subprocess.run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", "assoc-codegen-program"])
            guard build.status == 0 else {
                throw ConformanceError(message: "program \(item.index) does not compile alone:\n" + (build.output + build.error)
                    .split(separator: "\n").filter { $0.contains("error") }.prefix(20).joined(separator: "\n"))
            }
            let run = try Subprocess.run(".build/release/assoc-codegen-program", [item.path], timeout: 60)
            tally.standalone += 1
            if let difference = compare(expected: item.expected, actual: run.output, item: item) {
                tally.standaloneDifferences += 1
                say("DIFFERENCE (compiled alone) \(item.database)#\(item.index): \(item.text)\n  \(difference)")
            } else {
                say("codegen: program \(item.index) (\(item.program.split(separator: "\n").count) lines) compiled alone: same rows")
            }
        }
    }

    /// Generates the requests of one database, with their expected JSON and programs.
    private func prepare(
        database: String, path: String, count: Int, offset: UInt64, firstIndex: Int, tally: inout Tally
    ) throws -> [Case] {
        let assocRunner = try AssocRunner(path: path)
        let catalog = assocRunner.catalog()
        let grdb = try GRDBRunner(path: path, catalog: catalog)
        var generator = Generator(rng: SplitMix64(state: seed &+ offset), tables: try grdb.samples(), catalog: catalog)
        say("codegen \(database): \(catalog.tables.count) tables, \(catalog.associations.count) associations")
        var cases: [Case] = []
        for _ in 0..<count {
            let spec = generator.request()
            tally.requests += 1
            let reason = exclusionReason(spec)
            if let reason, reason != Self.writtenAround {
                tally.excludedBy[reason, default: 0] += 1
                continue
            }
            // GRDB's own request for a merge it refuses would trap: only Assoc sizes it.
            if reason == nil, let n = try? grdb.count(spec), n > 5_000 {
                tally.excludedBy["too large: main query over 5,000 rows (not a GRDB limit; time and memory)", default: 0] += 1
                continue
            }
            // nil: over the limit. An error here is left to `assoc fetch` below, which says why.
            let isSmall: Bool
            do { isSmall = try assocRunner.fetch(spec, limit: 10_000) != nil } catch { isSmall = true }
            if !isSmall {
                tally.excludedBy["too large: over 10,000 rows with prefetched ones (not a GRDB limit; time)", default: 0] += 1
                continue
            }
            let text = try assocRunner.build(spec).languageText()
            let fetch = try Subprocess.run(assoc, ["fetch", path, text, "--format", "json"], timeout: 20)
            if fetch.status == 15 {
                tally.excludedBy["too large: assoc fetch (debug build) over 20 s (not a GRDB limit; time)", default: 0] += 1
                continue
            }
            let swift = try Subprocess.run(assoc, ["swift", path, text, "--program"])
            guard fetch.status == 0 else {
                // Not a request to compare: Assoc itself refuses it (a key collision in the JSON…).
                let reason = fetch.error.contains("appears twice in one object")
                    ? "assoc fetch refuses it: one key twice in a JSON object" : "assoc fetch refuses it: " + fetch.error.prefix(60)
                tally.excludedBy[reason, default: 0] += 1
                if verbose { say("  excluded: \(text): \(fetch.error)") }
                continue
            }
            guard swift.status == 0 else {
                if swift.error.contains("not expressible") {
                    tally.excludedBy["not expressible in GRDB's query interface (assoc swift says so)", default: 0] += 1
                    continue
                }
                throw ConformanceError(message: "assoc swift failed on \(database): \(text)\n\(swift.error)")
            }
            if swift.output.contains("both a join that selects nothing") {
                // The program says its decoding struct may fail (GRDB's breadth-first scope lookup).
                tally.excludedBy["decoding struct ambiguous: a key names an empty through pivot and an included association (assoc swift says so)", default: 0] += 1
                continue
            }
            if verbose { say("\(database)#\(firstIndex + cases.count) \(text)") }
            cases.append(Case(
                index: firstIndex + cases.count, database: database, path: path, spec: spec, text: text,
                expected: fetch.output, program: swift.output))
        }
        return cases
    }

    /// Builds each fixed case's database (and associations file) in `directory`, and writes its
    /// expected JSON and its program with `assoc`. A case `assoc` refuses is an error.
    private func prepareFixed(directory: String, firstIndex: Int) throws -> [Case] {
        var cases: [Case] = []
        for fixed in CodegenFixedCase.all {
            let path = directory + "/fixed-\(fixed.name).sqlite"
            try? FileManager.default.removeItem(atPath: path)
            try CodegenFixedCase.makeDatabase(at: path, sql: fixed.sql)
            var options: [String] = []
            if let associations = fixed.associations {
                let file = directory + "/fixed-\(fixed.name).assoc"
                try associations.write(toFile: file, atomically: true, encoding: .utf8)
                options = ["--associations", file]
            }
            let fetch = try Subprocess.run(assoc, ["fetch", path, fixed.request, "--format", "json"] + options, timeout: 20)
            guard fetch.status == 0 else {
                throw ConformanceError(message: "fixed case \(fixed.name): assoc fetch failed: \(fixed.request)\n\(fetch.error)")
            }
            let swift = try Subprocess.run(assoc, ["swift", path, fixed.request, "--program"] + options)
            guard swift.status == 0 else {
                throw ConformanceError(message: "fixed case \(fixed.name): assoc swift failed: \(fixed.request)\n\(swift.error)")
            }
            if verbose { say("fixed case \(fixed.name): \(fixed.request)") }
            cases.append(Case(
                index: firstIndex + cases.count, database: fixed.name, path: path, spec: nil, text: fixed.request,
                expected: fetch.output, program: swift.output, exactOrder: fixed.exactOrder))
        }
        return cases
    }

    /// nil when the two outputs hold the same rows; else the first difference.
    private func compare(expected: String, actual: String, item: Case) -> String? {
        let a: JSONTree, g: JSONTree
        do { a = try JSONParser.parse(expected) } catch { return "assoc fetch output does not parse: \(error)" }
        do { g = try JSONParser.parse(actual) } catch { return "program output does not parse (\(error)): \(actual.prefix(400))" }
        let ra: [String], rg: [String]
        if let spec = item.spec {
            (ra, rg) = (CanonicalJSON.rows(a, spec: spec), CanonicalJSON.rows(g, spec: spec))
        } else {
            (ra, rg) = (CodegenFixedCase.rows(a, exactOrder: item.exactOrder), CodegenFixedCase.rows(g, exactOrder: item.exactOrder))
        }
        guard ra != rg else { return nil }
        if let first = zip(ra, rg).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            return "rows: assoc \(ra.count), GRDB program \(rg.count); first difference at row \(first.offset):\n    assoc:   \(first.element.0.prefix(600))\n    program: \(first.element.1.prefix(600))"
        }
        return "rows: assoc \(ra.count), GRDB program \(rg.count)"
    }
}

/// Runs a command and collects its standard output (and standard error, kept apart).
enum Subprocess {
    /// `timeout`: seconds after which the process is terminated (status 15, SIGTERM).
    static func run(_ executable: String, _ arguments: [String], timeout: Double? = nil) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errorPath = NSTemporaryDirectory() + "assoc-codegen-stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
                if process.isRunning { process.terminate() }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), error)
    }
}
