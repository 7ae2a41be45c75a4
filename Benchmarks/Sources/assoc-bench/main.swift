@_spi(Tooling) import AssocCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// assoc-bench [--scale N] [--rounds R] [--only NAME] [--no-memory] [--keep DIR]
// assoc-bench --stream VENDORS,ITEMS [--rounds R] [--no-memory]: vendor.including(all: items) streamed as NDJSON
// Internal: assoc-bench --child INDEX CONTENDER --db PATH --schema-db PATH --scale N

struct Options {
    var scale = 1000
    var rounds = 5
    var only: String?
    var memory = true
    var child: (index: Int, contender: String)?
    var db: String?
    var schemaDB: String?
    var sqlIterations = 2000
    var peakFile: String?
    /// `--stream VENDORS,ITEMS`: only the streaming scenario, on a vendor/item database.
    var stream: (vendors: Int, items: Int)?
}

func parseOptions() -> Options {
    var options = Options()
    var args = CommandLine.arguments.dropFirst()
    func next() -> String? { args.popFirst() }
    while let arg = next() {
        switch arg {
        case "--scale": options.scale = next().flatMap { Int($0) } ?? options.scale
        case "--rounds": options.rounds = next().flatMap { Int($0) } ?? options.rounds
        case "--only": options.only = next()
        case "--no-memory": options.memory = false
        case "--show-sql": break
        case "--sql-iterations": options.sqlIterations = next().flatMap { Int($0) } ?? options.sqlIterations
        case "--db": options.db = next()
        case "--peak-file": options.peakFile = next()
        case "--schema-db": options.schemaDB = next()
        case "--stream":
            let parts = (next() ?? "").split(separator: ",").compactMap { Int($0) }
            if parts.count == 2 { options.stream = (parts[0], parts[1]) }
        case "--child":
            if let index = next().flatMap({ Int($0) }), let contender = next() { options.child = (index, contender) }
        default:
            FileHandleStderr.write("unknown argument \(arg)\nusage: assoc-bench [--scale N] [--rounds R] [--only NAME] [--no-memory]\n")
            exit(2)
        }
    }
    return options
}

/// Reads one number written by a child.
func fscanf_double(_ file: UnsafeMutablePointer<FILE>, _ value: inout Double) -> Bool {
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let parsed = Double(text) else { return false }
    value = parsed
    return true
}

enum FileHandleStderr {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
    }
}

/// A database of `tables` tables, each with two foreign keys and a unique column.
func writeWideSchema(to path: String, tables: Int) throws {
    let connection = try ToolingSupport.openForWriting(path: path)
    var sql = "BEGIN;\n"
    for i in 0..<tables {
        var columns = "id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT UNIQUE"
        if i > 0 { columns += ", parentId INTEGER REFERENCES t\(i - 1)(id)" }
        if i > 1 { columns += ", ownerId INTEGER NOT NULL REFERENCES t\(i / 2)(id)" }
        sql += "CREATE TABLE t\(i) (\(columns));\n"
    }
    sql += "COMMIT;"
    try ToolingSupport.execute(sql, on: connection)
}

/// The contenders, opened on first use (a child process measuring one contender opens only it).
final class Contenders {
    let path: String
    let schemaPath: String
    private var assocValue: AssocSide?
    private var grdbValue: GRDBSide?
    private var rawValue: RawConnection?
    private var rawSchemaValue: RawConnection?
    private var grdbSchemaValue: GRDBSide?

    init(path: String, schemaPath: String) {
        self.path = path
        self.schemaPath = schemaPath
    }

    func assoc() throws -> AssocSide {
        if let assocValue { return assocValue }
        let value = try AssocSide(path: path)
        assocValue = value
        return value
    }

    func grdb() throws -> GRDBSide {
        if let grdbValue { return grdbValue }
        let value = try GRDBSide(path: path)
        grdbValue = value
        return value
    }

    func raw() throws -> RawConnection {
        if let rawValue { return rawValue }
        let value = try RawConnection(path: path)
        rawValue = value
        return value
    }

    func rawSchema() throws -> RawConnection {
        if let rawSchemaValue { return rawSchemaValue }
        let value = try RawConnection(path: schemaPath)
        rawSchemaValue = value
        return value
    }

    func grdbSchema() throws -> GRDBSide {
        if let grdbSchemaValue { return grdbSchemaValue }
        let value = try GRDBSide(path: schemaPath)
        grdbSchemaValue = value
        return value
    }
}

func makeScenarios(_ c: Contenders, sqlIterations: Int) -> [Scenario] {
    [
        Scenario(
            name: "plain fetch (book)",
            assoc: { try c.assoc().fetchCount(c.assoc().plain) },
            grdb: { try c.grdb().fetchCount(c.grdb().plain) },
            raw: { try RawSQL.plain(c.raw()) }),
        Scenario(
            name: "joined fetch (book+author+country+cover)",
            assoc: { try c.assoc().fetchCount(c.assoc().joined) },
            grdb: { try c.grdb().fetchCount(c.grdb().joined) },
            raw: { try RawSQL.joined(c.raw()) }),
        Scenario(
            name: "prefetch person.including(all: booksAsAuthor)",
            assoc: { try c.assoc().fetchCount(c.assoc().prefetch) },
            grdb: { try c.grdb().fetchCount(c.grdb().prefetch) },
            raw: { try RawSQL.prefetch(c.raw()) }),
        Scenario(
            name: "through prefetch country.including(all: citizens)",
            assoc: { try c.assoc().fetchCount(c.assoc().through) },
            grdb: { try c.grdb().fetchCount(c.grdb().through) },
            raw: { try RawSQL.through(c.raw()) }),
        Scenario(
            name: "aggregates (count, max) per person",
            assoc: { try c.assoc().fetchCount(c.assoc().aggregates) },
            grdb: { try c.grdb().fetchCount(c.grdb().aggregates) },
            raw: { try RawSQL.aggregates(c.raw()) }),
        Scenario(
            name: "having booksAsAuthor.count >= 12",
            assoc: { try c.assoc().fetchCount(c.assoc().having) },
            grdb: { try c.grdb().fetchCount(c.grdb().having) },
            raw: { try RawSQL.having(c.raw()) }),
        Scenario(
            name: "joined fetch decoded into structs",
            assoc: { try c.assoc().records() },
            grdb: { try c.grdb().records() },
            raw: { try RawSQL.joinedStructs(c.raw()) }),
        Scenario(
            name: "joined fetch, hand-written init(row:)",
            assoc: { try c.assoc().recordsByRow() },
            grdb: { try c.grdb().recordsByRow() },
            raw: { try RawSQL.joinedStructs(c.raw()) }),
        Scenario(
            name: "build + generate SQL, 20-association tree",
            iterations: sqlIterations,
            assoc: { try c.assoc().buildTree(sqlIterations) },
            grdb: { try c.grdb().buildTree(sqlIterations) },
            raw: nil),
        Scenario(
            name: "schema of 1,000 tables (Assoc: + inference)",
            assoc: { try Database(path: c.schemaPath).schema.tables.count },
            grdb: { try c.grdbSchema().readSchema(path: c.schemaPath) },
            raw: { try c.rawSchema().readSchemaPragmas() }),
    ]
}

/// The peak resident set size of this process in MB: VmHWM of /proc/self/status (per address space,
/// unlike ru_maxrss, which a spawned child inherits from its parent on Linux).
func highWaterMarkMegabytes() -> Double? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Double(digits).map { $0 / 1024 }
        }
    }
    return nil
}

/// Runs one scenario once for one contender in a child process; returns its peak RSS in MB.
func childPeak(index: Int, contender: String, options: Options, db: String, schemaDB: String) -> Double? {
    let peakFile = db + ".peak"
    unlink(peakFile)
    defer { unlink(peakFile) }
    var args = ["assoc-bench", "--child", String(index), contender, "--db", db, "--schema-db", schemaDB,
                "--sql-iterations", String(options.sqlIterations), "--peak-file", peakFile]
    if let stream = options.stream { args += ["--stream", "\(stream.vendors),\(stream.items)"] }
    var cArgs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
    defer { for pointer in cArgs { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/proc/self/exe", nil, nil, &cArgs, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
    guard let file = fopen(peakFile, "r") else { return nil }
    defer { fclose(file) }
    var value = 0.0
    return fscanf_double(file, &value) ? value : nil
}

let options = parseOptions()

if let child = options.child, let db = options.db, let schemaDB = options.schemaDB {
    let contenders = Contenders(path: db, schemaPath: schemaDB)
    let scenarios = options.stream == nil ? makeScenarios(contenders, sqlIterations: options.sqlIterations) : makeStreamScenarios(path: db)
    guard child.index >= 0, child.index < scenarios.count else { exit(3) }
    let scenario = scenarios[child.index]
    do {
        switch child.contender {
        case "assoc": _ = try scenario.assoc()
        case "grdb": _ = try scenario.grdb()
        case "raw": _ = try scenario.raw?()
        default: break  // "none": the baseline of an idle process
        }
    } catch {
        FileHandleStderr.write("child failed: \(error)\n")
        exit(1)
    }
    if let peakFile = options.peakFile, let peak = highWaterMarkMegabytes(), let file = fopen(peakFile, "w") {
        fputs(String(peak), file)
        fclose(file)
    }
    exit(0)
}

let directory = "/tmp/assoc-bench-\(getpid())"
mkdir(directory, 0o755)

if let stream = options.stream {
    let path = directory + "/vendors-\(stream.vendors)x\(stream.items).sqlite"
    do {
        let start = now()
        try writeVendorDatabase(to: path, vendors: stream.vendors, itemsPerVendor: stream.items)
        print("assoc-bench --stream: \(stream.vendors) vendors × \(stream.items) items = \(stream.vendors * stream.items) items, \(options.rounds) rounds, median; database built in \(fixed(now() - start, 1)) s")
        let db = try Database(path: path)
        for step in try db.plan(StreamSide.request).steps { print("  " + step.statement.sql) }
        var results: [Measurement] = []
        for (index, scenario) in makeStreamScenarios(path: path).enumerated() {
            var result = try measure(scenario, rounds: options.rounds)
            if options.memory {
                let peak = { (name: String) in childPeak(index: index, contender: name, options: options, db: path, schemaDB: path) ?? .nan }
                result.memory = (peak("assoc"), peak("grdb"), peak("raw"))
            }
            results.append(result)
        }
        printTable(results)
        if options.memory, let idle = childPeak(index: 0, contender: "none", options: options, db: path, schemaDB: path) {
            print("peak MB: max RSS of a child process running the scenario once for one contender (idle child: \(fixed(idle, 0)) MB)")
        }
    } catch {
        FileHandleStderr.write("assoc-bench: \(error)\n")
    }
    unlink(path)
    rmdir(directory)
    exit(0)
}
let dbPath = directory + "/demo-\(options.scale).sqlite"
let schemaPath = directory + "/wide-schema.sqlite"
func cleanUp() {
    unlink(dbPath)
    unlink(schemaPath)
    rmdir(directory)
}

do {
    var start = now()
    try ToolingSupport.writeDemoDatabase(to: dbPath, scale: options.scale)
    try writeWideSchema(to: schemaPath, tables: 1000)
    print("assoc-bench: scale \(options.scale) (\(100 * options.scale) persons, \(1000 * options.scale) books), \(options.rounds) rounds, median; demo database built in \(fixed(now() - start, 1)) s")

    let contenders = Contenders(path: dbPath, schemaPath: schemaPath)
    try RawSQL.check(against: contenders.assoc())
    if CommandLine.arguments.contains("--show-sql") {
        let a = try contenders.assoc(), g = try contenders.grdb()
        for (name, ar, gr) in [("joined", a.joined, g.joined), ("aggregates", a.aggregates, g.aggregates), ("having", a.having, g.having), ("tree", a.tree, g.tree)] {
            print("\(name):\n  AssocCore: \(try a.db.mainStatement(for: ar).sql)\n  GRDB:      \(try g.sql(gr))")
        }
    }
    let scenarios = makeScenarios(contenders, sqlIterations: options.sqlIterations)
    var results: [Measurement] = []
    start = now()
    let baseline = options.memory ? childPeak(index: 0, contender: "none", options: options, db: dbPath, schemaDB: schemaPath) : nil
    for (index, scenario) in scenarios.enumerated() {
        if let only = options.only, !scenario.name.lowercased().contains(only.lowercased()) { continue }
        var result = try measure(scenario, rounds: options.rounds)
        if options.memory {
            let peak = { (name: String) in childPeak(index: index, contender: name, options: options, db: dbPath, schemaDB: schemaPath) ?? .nan }
            result.memory = (peak("assoc"), peak("grdb"), scenario.raw == nil ? nil : peak("raw"))
        }
        results.append(result)
        FileHandleStderr.write("  \(scenario.name): done (\(fixed(now() - start, 0)) s)\n")
    }
    printTable(results)
    if let baseline { print("peak MB: max RSS of a child process running the scenario once for one contender (idle child: \(fixed(baseline, 0)) MB)") }
    print("parent process peak RSS: \(fixed(peakRSSMegabytes(), 0)) MB")

    // Conformance: same rows, same values, AssocCore vs GRDB.
    do {
        let a = try contenders.assoc(), g = try contenders.grdb()
        let checks = [
            conformance("joined", try a.joinedDigests(), try g.joinedDigests()),
            conformance("prefetch booksAsAuthor", try a.prefetchDigests(a.prefetch, key: "booksAsAuthor"), try g.prefetchDigests(g.prefetch, key: "booksAsAuthor")),
            conformance("through citizens", try a.prefetchDigests(a.through, key: "citizens"), try g.prefetchDigests(g.through, key: "citizens")),
        ]
        for line in checks { print(line) }
        print(checks.allSatisfy { $0.contains(": ok") } ? "conformance: ok" : "conformance: FAILED")
    }
    cleanUp()
} catch {
    FileHandleStderr.write("assoc-bench: \(error)\n")
    cleanUp()
    exit(1)
}
