import AssocCore
import Foundation

/// One hostile input: a path (made by `build`) and what `assoc` and the engine should make of it.
public struct HostileCase {
    public enum Expectation {
        /// Opens; the fetch of `fetchTarget.limit(5)` succeeds and its JSON contains every string given.
        case opens(fetchContains: [String])
        /// Opens (the schema prints) but the fetch fails with a message containing the text.
        case opensButFetchFails(String)
        /// Refused at opening with a message containing the text (CLI) — the engine may differ, see `engineOpens`.
        case refused(String)
    }

    public var name: String
    /// Creates the file(s) in the directory and returns the path to give `assoc`.
    public var build: (URL) throws -> String
    /// The root table of the fetched request (raw name; quoted for the request language).
    public var fetchTarget: String = "t"
    /// The request fetched, in the request language; nil: `fetchTarget`'s first five rows.
    public var request: String? = nil
    public var expectation: Expectation
    /// Whether `Connection(path:)` itself accepts the file (SQLite opens an empty or truncated file
    /// lazily, where the CLI refuses it up front): nil when either is fine.
    public var engineOpens: Bool? = nil

    /// The request text `assoc fetch` and `assoc sql` are given.
    public var requestText: String {
        request ?? "\"" + fetchTarget.replacing("\"", with: "\"\"") + "\".limit(5)"
    }
}

/// Builds the databases of the corpus with a writable `Connection` (closed before the test reads
/// them), without waiting for the disk at each commit (`synchronous = OFF`: the same bytes, and a
/// schema of 1,000 tables built in 0.1 s instead of 9 s of fsyncs on a busy machine).
public enum CorpusBuilder {
    @discardableResult
    public static func database(_ directory: URL, _ name: String, _ sql: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        do {
            let connection = try Connection(path: path, mode: .readWrite(create: true))
            try connection.execute("PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF")
            try connection.execute(sql)
        }
        return path
    }

    /// Runs `body` with a writable connection on a new file, then closes it.
    public static func database(_ directory: URL, _ name: String, _ body: (Connection) throws -> Void) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute("PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF")
        try body(connection)
        return path
    }

    /// A table `t(id, v)` holding each value in order, bound as parameters.
    public static func values(_ directory: URL, _ name: String, type: String = "", _ values: [DatabaseValue]) throws -> String {
        try database(directory, name) { db in
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v \(type))")
            for value in values {
                try db.execute("INSERT INTO t (v) VALUES (?)", arguments: [value])
            }
        }
    }

    /// A table `small` (3 rows) then `big` (2,000 rows of 300 bytes): about 160 pages of 4 KiB.
    public static func twoTables(_ directory: URL, _ name: String) throws -> String {
        try database(
            directory, name,
            """
            PRAGMA page_size = 4096;
            CREATE TABLE small (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO small (name) VALUES ('one'), ('two'), ('three');
            CREATE TABLE big (id INTEGER PRIMARY KEY, filler TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO big (filler) SELECT printf('%0300d', i) FROM n;
            """)
    }

    public static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        return Data(bytes)
    }
}

/// The strings of the escape-laden table: each one tries to act on a terminal.
public enum HostileStrings {
    public static let esc = "\u{1B}"
    public static let all: [String] = [
        esc + "[31mred" + esc + "[0m",  // SGR colour
        esc + "]0;pwned title" + "\u{07}",  // OSC 0: window title
        esc + "]52;c;SGVsbG8=" + "\u{07}",  // OSC 52: clipboard write
        esc + "]8;;https://evil.example" + esc + "\\click" + esc + "]8;;" + esc + "\\",  // OSC 8 hyperlink
        esc + "[2J" + esc + "[H",  // clear screen, cursor home
        esc + "P1$r" + esc + "\\",  // DCS
        "\u{9B}31m C1 CSI",  // C1 CSI
        "\u{85}NEL\u{8D}RI\u{9D}OSC",  // other C1
        "abc\u{202E}txt.exe",  // RLO bidi override
        "\u{2066}isolate\u{2069} \u{202A}lre\u{202C} \u{200F}rlm \u{061C}alm",
        "bell\u{07} backspace\u{08}\u{08} cr\rover",
        "tab\there\u{0B}vt\u{0C}ff\u{7F}del",
        "line\nbreak\u{2028}ls\u{2029}ps",
        "e\u{301}\u{302}\u{303} zero\u{200B}width\u{2060}joiner\u{FEFF}",
        "\u{301}lone combining",
        "👨‍👩‍👧‍👦 family 🏳️‍🌈 flag 👍🏽"
    ]
}
