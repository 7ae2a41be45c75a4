import AssocCore
import Foundation

/// A schema of many tables for the budget tests (issue 32, item 5): `t0 … t{n-1}`, each
/// `(id INTEGER PRIMARY KEY, next INTEGER REFERENCES` the next`)`, the last pointing back to `t0`;
/// t0 and t1 hold three rows. Written once a process and shared (30,000 tables take seconds to
/// write), removed when the process ends.
public enum TableRing {
    /// Tables in the shared ring: 3,000, or `ASSOC_RING_TABLES`. The suite checks status and
    /// memory on it; the 30,000-table figures (time against SQLite reading the same facts) are
    /// `scripts/benchmark`'s, where a slow machine is measured against its own SQLite.
    public static let budgetTableCount = TestVolume.count(quick: 3_000, full: 3_000, variable: "ASSOC_RING_TABLES")

    /// The shared ring of `budgetTableCount` tables.
    public static let budgetRing: Result<String, Error> = Result {
        let path = sharedPath()
        try? FileManager.default.removeItem(atPath: path)
        try write(path: path, tables: budgetTableCount)
        atexit { try? FileManager.default.removeItem(atPath: TableRing.sharedPath()) }
        return path
    }

    private static func sharedPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("assoc-ring-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
    }

    /// Writes a ring of `tables` tables at `path`.
    public static func write(path: String, tables: Int) throws {
        let writer = try Connection(path: path, mode: .readWrite(create: true))
        try writer.execute("PRAGMA foreign_keys = OFF")
        try writer.execute("BEGIN")
        // One statement a call: a single text of 30,000 statements is re-read from each one's end.
        for table in 0..<tables {
            try writer.execute("CREATE TABLE t\(table)(id INTEGER PRIMARY KEY, next INTEGER REFERENCES t\((table + 1) % tables)(id))")
        }
        try writer.execute("INSERT INTO t0 VALUES (1, 1), (2, 2), (3, 3)")
        try writer.execute("INSERT INTO t1 VALUES (1, 1), (2, 2), (3, 3)")
        try writer.execute("COMMIT")
    }
}
