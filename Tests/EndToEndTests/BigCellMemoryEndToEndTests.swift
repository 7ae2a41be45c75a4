import Foundation
import XCTest

/// The browser on cells bigger than its memory budget: a row holding an 80 MB text, 80 MB of
/// accents and an 80 MB blob. The grid reads a bounded prefix of each cell (texts by rowid through
/// SQLite's incremental I/O, blobs by their size), so the real binary's peak resident memory stays
/// under 64 MB while it shows the row, moves to the last column and opens the record view.
final class BigCellMemoryEndToEndTests: XCTestCase {
    static let cellBytes = 80 << 20
    static let budgetKB = 64 << 10

    func testTheBrowserStaysUnderItsBudgetOnBigCells() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { throw XCTSkip("peak memory is read from /proc") }
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(
            """
            CREATE TABLE cells (id INTEGER PRIMARY KEY, label TEXT, body TEXT, accents TEXT, data BLOB);
            INSERT INTO cells VALUES (1, 'big', hex(randomblob(\(Self.cellBytes / 2))),
              replace(hex(zeroblob(\(Self.cellBytes / 4))), '00', 'é'), randomblob(\(Self.cellBytes)));
            INSERT INTO cells VALUES (2, 'small', 'plain', 'àé', X'0102');
            """, name: "big-cells-browser.sqlite")
        defer { try? FileManager.default.removeItem(atPath: db) }
        let session = try TmuxSession(command: "exec '\(assoc)' '\(db)' --table cells", width: 120, height: 30)
        defer { session.kill() }
        var screen = session.waitFor(timeout: 10, "the two rows") { $0.contains("Rows: cells") && $0.contains("small") }
        XCTAssertTrue(screen.contains("│ 1 │ big   │ "), screen)
        session.send("$")
        screen = session.waitFor(timeout: 5, "the blob column") { $0.contains("col 5/5") }
        XCTAssertTrue(screen.contains("ééééé") && screen.contains("<blob \(Self.cellBytes) "), screen)
        session.send("Enter")
        screen = session.waitForChange(from: screen, timeout: 5)
        let pid = try XCTUnwrap(session.panePID(), "the pane's process")
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peakLine = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }, status)
        let peakKB = try XCTUnwrap(Int(peakLine.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? ""), String(peakLine))
        print("BigCellMemoryEndToEndTests: peak \(peakKB / 1024) MB with three \(Self.cellBytes >> 20) MB cells")
        XCTAssertLessThan(peakKB, Self.budgetKB, "peak \(peakKB / 1024) MB:\n\(screen)")
    }
}
