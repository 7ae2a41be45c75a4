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
}
