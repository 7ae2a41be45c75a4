import AssocCore
import Foundation

/// Table and column names made of terminal escapes (OSC 0 title, OSC 52 clipboard, SGR, C1 CSI,
/// bidi overrides), short and 2,000 characters long, more tables than an error message lists.
extension HostileCases {
    public static var escapeNameCases: [HostileCase] {
        [
            HostileCase(
                name: "32 tables named by terminal escapes, short and 2,000 characters",
                build: { dir in
                    try CorpusBuilder.database(dir, "names.db") { db in
                        for (index, text) in HostileStrings.all.enumerated() {
                            for name in ["t\(index)" + text, String(repeating: text, count: max(1, 2000 / max(1, text.count))) + "#\(index)"] {
                                let table = "\"" + name.replacing("\"", with: "\"\"") + "\""
                                let column = "\"c" + text.replacing("\"", with: "\"\"") + "\""
                                try db.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, \(column) TEXT)")
                                try db.execute("INSERT INTO \(table) (\(column)) VALUES (?)", arguments: [.text("row of " + text)])
                            }
                        }
                    }
                }, fetchTarget: "t2" + HostileStrings.all[2], expectation: .opens(fetchContains: ["row of \\u001b]52;c;SGVsbG8="]))
        ]
    }
}
