import AssocCore
import Foundation

// Differential conformance test: random requests over the demo schema, run by AssocCore and by
// GRDB 7.10, compared row by row.
//
//   swift run assoc-conformance [--count 5000] [--seed N] [--verbose]

var count = 5000
var seed = UInt64(UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970)))
var verbose = false
var show: Int?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--count":
        guard let value = arguments.first.flatMap({ Int($0) }), value >= 0 else {
            FileHandle.standardError.write(Data("--count needs a number\n".utf8)); exit(2)
        }
        count = value; arguments.removeFirst()
    case "--seed":
        guard let value = arguments.first.flatMap({ UInt64($0) }) else {
            FileHandle.standardError.write(Data("--seed needs a number\n".utf8)); exit(2)
        }
        seed = value; arguments.removeFirst()
    case "--verbose":
        verbose = true
    case "--show":
        show = arguments.first.flatMap { Int($0) }; arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("usage: assoc-conformance [--count N] [--seed N] [--verbose] [--show INDEX]\n".utf8)); exit(2)
    }
}

let path = NSTemporaryDirectory() + "assoc-conformance-\(ProcessInfo.processInfo.processIdentifier).sqlite"
defer { try? FileManager.default.removeItem(atPath: path) }

do {
    print("seed \(seed) (replay: swift run assoc-conformance --count \(count) --seed \(seed))")
    try DemoDatabase.write(to: path, scale: 1)
    let assoc = try AssocRunner(path: path)
    let grdb = try GRDBRunner(path: path)
    var generator = Generator(rng: SplitMix64(state: seed), tables: try grdb.samples())

    var compared = 0, mismatches = 0, excluded = 0, rows = 0
    var excludedBy: [String: Int] = [:]
    var firstMismatches: [String] = []
    for index in 0..<count {
        let spec = generator.request()
        if let reason = exclusionReason(spec) {
            excluded += 1
            excludedBy[reason, default: 0] += 1
            continue
        }
        if let n = try? grdb.count(spec), n > 20_000 {
            excluded += 1
            excludedBy["too large: main query over 20,000 rows (not a GRDB limit; memory)", default: 0] += 1
            continue
        }
        compared += 1
        let a: [String], g: [String]
        do { a = try assoc.fetch(spec) } catch { a = ["AssocCore error: \(error)"] }
        do { g = try grdb.fetch(spec) } catch { g = ["GRDB error: \(error)"] }
        rows += g.count
        if verbose { print("#\(index) \(g.count) rows \(spec.description)") }
        if show == index {
            print("#\(index) \(spec.description)")
            for row in a.prefix(3) { print("  AssocCore: \(row)") }
            for row in g.prefix(3) { print("  GRDB:      \(row)") }
        }
        if a != g {
            mismatches += 1
            if firstMismatches.count < 5 {
                let diff = zip(a, g).enumerated().first { $0.element.0 != $0.element.1 }
                var report = "MISMATCH #\(index): \(spec.description)\n  rows: AssocCore \(a.count), GRDB \(g.count)"
                if let diff {
                    report += "\n  first difference at row \(diff.offset):\n    AssocCore: \(diff.element.0)\n    GRDB:      \(diff.element.1)"
                }
                report += "\n  AssocCore SQL:\n" + assoc.statements(spec).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
                report += "\n  GRDB request built from the same spec (keys and foreign keys explicit)"
                firstMismatches.append(report)
                print(report)
            }
        }
    }
    for (reason, n) in excludedBy.sorted(by: { $0.key < $1.key }) {
        print("excluded (GRDB not a reference): \(reason): \(n)")
    }
    print("compared \(compared) requests, \(rows) GRDB rows in total")
    print("\(count) requests, \(mismatches) mismatches, \(excluded) excluded")
    exit(mismatches == 0 ? 0 : 1)
} catch {
    print("error: \(error)")
    exit(2)
}
