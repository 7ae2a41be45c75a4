#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident set size of this process so far, in megabytes (Linux reports ru_maxrss in KiB).
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Something a benchmark measures: returns a count (rows, statements…) that the caller checks,
/// so the optimizer cannot drop the work.
typealias Work = () throws -> Int

/// One scenario: the same work done by the three contenders.
struct Scenario {
    var name: String
    /// Iterations the work does per call (for sub-millisecond scenarios); times are reported per iteration.
    var iterations: Int = 1
    var assoc: Work
    var grdb: Work
    var raw: Work?
}

struct Measurement {
    var name: String
    var rows: Int
    var assoc: Double
    var grdb: Double
    var raw: Double?
    var memory: (assoc: Double, grdb: Double, raw: Double?)?
    var note: String = ""
}

/// Runs the contenders interleaved (A, G, C, A, G, C…) for `rounds` rounds; medians per iteration.
func measure(_ scenario: Scenario, rounds: Int) throws -> Measurement {
    var times: ([Double], [Double], [Double]) = ([], [], [])
    var counts: (Int, Int, Int?) = (0, 0, nil)
    func timed(_ work: Work) throws -> (Double, Int) {
        let start = now()
        let count = try work()  // does `scenario.iterations` iterations itself
        return ((now() - start) / Double(scenario.iterations), count)
    }
    for _ in 0..<rounds {
        let a = try timed(scenario.assoc)
        times.0.append(a.0); counts.0 = a.1
        let g = try timed(scenario.grdb)
        times.1.append(g.0); counts.1 = g.1
        if let raw = scenario.raw {
            let c = try timed(raw)
            times.2.append(c.0); counts.2 = c.1
        }
    }
    var note = ""
    if counts.0 != counts.1 { note = "COUNT MISMATCH: AssocCore \(counts.0), GRDB \(counts.1)" }
    if let c = counts.2, c != counts.0 { note += (note.isEmpty ? "" : "; ") + "raw count \(c)" }
    return Measurement(
        name: scenario.name, rows: counts.0, assoc: median(times.0), grdb: median(times.1),
        raw: scenario.raw == nil ? nil : median(times.2), note: note)
}

func formatTime(_ seconds: Double) -> String {
    if seconds.isNaN { return "-" }
    if seconds >= 1 { return fixed(seconds, 2) + " s" }
    if seconds >= 1e-3 { return fixed(seconds * 1e3, 1) + " ms" }
    return fixed(seconds * 1e6, 1) + " µs"
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let rounded = (value * factor).rounded() / factor
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...].count
        if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
        if decimals == 0 { text = String(text[..<dot]) }
    }
    return text
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let spaces = String(repeating: " ", count: width - count)
    return right ? spaces + text : text + spaces
}

/// Prints the results as one Markdown table.
func printTable(_ results: [Measurement]) {
    let header = ["scenario", "rows", "AssocCore", "GRDB", "raw C", "Assoc/GRDB", "Assoc/raw", "peak MB A/G/C"]
    var lines: [[String]] = [header]
    for m in results {
        let memory = m.memory.map { memory in
            fixed(memory.assoc, 0) + " / " + fixed(memory.grdb, 0) + " / " + (memory.raw.map { fixed($0, 0) } ?? "-")
        } ?? "-"
        lines.append([
            m.name, String(m.rows), formatTime(m.assoc), formatTime(m.grdb), m.raw.map(formatTime) ?? "-",
            fixed(m.assoc / m.grdb, 2), m.raw.map { fixed(m.assoc / $0, 2) } ?? "-", memory,
        ])
    }
    var widths = Array(repeating: 0, count: header.count)
    for line in lines { for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) } }
    for (index, line) in lines.enumerated() {
        let cells = line.enumerated().map { i, cell in pad(cell, widths[i], right: i > 0 && i < 7) }
        print("| " + cells.joined(separator: " | ") + " |")
        if index == 0 { print("|" + widths.enumerated().map { i, w in i > 0 && i < 7 ? String(repeating: "-", count: w + 1) + ":" : String(repeating: "-", count: w + 2) }.joined(separator: "|") + "|") }
    }
    for m in results where !m.note.isEmpty { print("note: \(m.name): \(m.note)") }
}
