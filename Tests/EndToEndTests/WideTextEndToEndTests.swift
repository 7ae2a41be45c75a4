import XCTest

/// Wide and combining text through the real binary and curses (tmux): the cells right of a CJK
/// or accented value stay in their columns, row after row.
final class WideTextEndToEndTests: XCTestCase {
    static let sql = """
        CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT, n INTEGER);
        INSERT INTO words VALUES (1, 'plain', 7), (2, '漢字テスト', 7), (3, 'cafe\u{301} au lait', 7),
          (4, 'a→b … c—d', 7), (5, '日本 and ascii 語', 7), (6, 'x', 7);
        """

    /// Display columns in tmux's capture: CJK ideographs and kana take two, combining marks none.
    static func displayWidth(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x0300...0x036F: return width
            case 0x3040...0x30FF, 0x4E00...0x9FFF: return width + 2
            default: return width + 1
            }
        }
    }

    func testColumnsRightOfWideTextStayAligned() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "wide.sqlite")
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table words; echo EXITED $?; sleep 5", width: 100, height: 24)
        defer { session.kill() }
        let screen = session.waitFor(timeout: 5, "the six words") { $0.contains("Rows: words") && $0.contains("│ 6 │") }
        // Each data row: "…│ <id> │ <word> │ 7" — the column of its last separator.
        var columns: [Int: Int] = [:]
        for line in screen.split(separator: "\n") {
            guard let idRange = line.range(of: #"│ [1-6] │"#, options: .regularExpression),
                let id = Int(line[idRange].filter(\.isNumber)),
                let last = line.range(of: "│", options: .backwards)
            else { continue }
            columns[id] = Self.displayWidth(line[..<last.lowerBound])
        }
        XCTAssertEqual(columns.count, 6, screen)
        XCTAssertEqual(Set(columns.values).count, 1, "separators at \(columns.sorted { $0.key < $1.key }):\n\(screen)")
        for word in ["plain", "漢字テスト", "cafe\u{301} au lait", "a→b … c—d", "日本 and ascii 語"] {
            XCTAssertTrue(screen.contains(word), "\(word) missing:\n\(screen)")
        }
        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// Emoji sequences (ZWJ, skin tones, flags, a selector) reach the terminal whole, in the grid
    /// and in the record view: curses would spread a ZWJ sequence's wide characters over cells of
    /// their own, and the cells drawn after it covered its tail (🧑🏽‍🚒 showed as 🧑).
    func testEmojiSequencesAreDrawnWhole() throws {
        let clusters = [
            "\u{1F469}\u{1F3FE}\u{200D}\u{1F52C}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F415}\u{200D}\u{1F9BA}",
            "\u{1F64B}\u{1F3FB}\u{200D}\u{2642}\u{FE0F}", "\u{1F1EF}\u{1F1F5}", "\u{2764}\u{FE0F}"
        ]
        let rows = clusters.enumerated().map { "(\($0.offset + 1), 'in \($0.element) text', 5)" }.joined(separator: ", ")
        let db = try Products.makeDatabase(
            "CREATE TABLE pictures (id INTEGER PRIMARY KEY, caption TEXT, n INTEGER); INSERT INTO pictures VALUES \(rows);",
            name: "emoji.sqlite")
        let assoc = try Products.assoc()
        let session = try TmuxSession(command: "'\(assoc)' '\(db)' --table pictures; echo EXITED $?; sleep 5", width: 90, height: 24)
        defer { session.kill() }
        let grid = session.waitFor(timeout: 5, "the six captions") { $0.contains("Rows: pictures") && $0.contains("│ 6 │") }
        // A cluster whose base curses counts narrow (🏳️‍🌈, ❤️) is followed by a space for its second
        // column, which tmux, counting it narrow too, shows.
        func drawn(_ cluster: String, in screen: String) -> Bool {
            screen.range(of: "in " + NSRegularExpression.escapedPattern(for: cluster) + " {1,2}text", options: .regularExpression) != nil
        }
        for cluster in clusters {
            XCTAssertTrue(drawn(cluster, in: grid), "\(cluster.unicodeScalars.map { String($0.value, radix: 16) }) cut in the grid:\n\(grid)")
        }
        for (index, cluster) in clusters.enumerated() {
            session.send("v")
            let record = session.waitFor(timeout: 5, "record \(index + 1)") { $0.contains("Record \(index + 1)/6") }
            XCTAssertTrue(drawn(cluster, in: record), "cut in the record view:\n\(record)")
            session.send("Escape", "j")
        }
        session.send("q")
        session.waitFor("EXITED 0")
    }
}
