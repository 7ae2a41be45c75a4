import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `e` in the real browser, attacked: a link to another file, Esc half way, a FIFO, a blank name,
/// SIGTERM and SIGHUP half way. Nothing is ever left at the destination but a complete file,
/// an existing file keeps its bytes until then, and the temporary file goes too.
final class ExportSafetyEndToEndTests: XCTestCase {
    /// A million rows: seconds to export, long enough to stop half way.
    static let sql = """
        CREATE TABLE many (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000)
          INSERT INTO many SELECT x, 'row number ' || x FROM c;
        """

    var root = ""

    override func setUpWithError() throws {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-export-safety-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: made + "/here", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: made + "/elsewhere", withIntermediateDirectories: true)
        root = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
        let cleanup = root
        addTeardownBlock { try? FileManager.default.removeItem(atPath: cleanup) }
    }

    func names(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []).sorted()
    }

    /// Waits until the export has written some rows (a temporary file exists by then).
    @discardableResult
    func waitForRowsWritten(_ session: TmuxSession, to name: String) -> String {
        session.waitFor(timeout: 30, "rows written to \(name)") { screen in
            guard let range = screen.range(of: "Exporting to \(name): ") else { return false }
            return !screen[range.upperBound...].hasPrefix("0 /")
        }
    }

    func testTheOverwritePromptNamesALinksTargetAndEscLeavesItAsItWas() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "export-safety.sqlite")
        try "target bytes".write(toFile: root + "/elsewhere/target.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("../elsewhere/target.txt", root + "/here/out.json"), 0)
        XCTAssertEqual(mkfifo(root + "/here/pipe.json", 0o644), 0)
        let session = try TmuxSession(command: "cd '\(root)/here' && '\(assoc)' '\(db)' --table many; echo EXITED $?; sleep 5")
        defer { session.kill() }
        session.waitFor("Rows: many")

        session.send("e")
        session.waitFor("Export to")
        session.send("C-u")
        session.send("out.json", "Enter")
        session.waitFor("out.json → ../elsewhere/target.txt exists: overwrite it? (y/N)")
        session.send("y")
        waitForRowsWritten(session, to: "out.json")
        // Written beside the target, in a file of its own; the target still has its bytes.
        XCTAssertEqual(names("elsewhere").filter { $0.hasPrefix(".assoc-") && $0.hasSuffix(".tmp") }.count, 1, "\(names("elsewhere"))")
        XCTAssertEqual(try String(contentsOfFile: root + "/elsewhere/target.txt", encoding: .utf8), "target bytes")
        session.send("Escape")
        session.waitFor("Export cancelled: out.json → ../elsewhere/target.txt kept as it was", timeout: 10)
        XCTAssertEqual(try String(contentsOfFile: root + "/elsewhere/target.txt", encoding: .utf8), "target bytes")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/here/out.json"), "../elsewhere/target.txt")
        XCTAssertEqual(names("elsewhere"), ["target.txt"])
        XCTAssertEqual(names("here"), ["out.json", "pipe.json"])

        // A FIFO: refused at once, nothing waits for a reader.
        session.send("e")
        session.waitFor("Export to")
        session.send("C-u")
        session.send("pipe.json", "Enter")
        session.waitFor("pipe.json is a FIFO (named pipe): exports write only regular files")

        // A blank name.
        session.send("e")
        session.waitFor("Export to")
        session.send("C-u")
        session.send("   ", "Enter")
        session.waitFor("Export cancelled: a file name is needed (the name is blank)")
        XCTAssertEqual(names("here"), ["out.json", "pipe.json"])

        session.send("q")
        session.waitFor("EXITED 0")
    }

    /// Killed half way (SIGTERM, SIGHUP): the terminal is restored, and neither the file nor its
    /// temporary file is left.
    func testAKilledExportLeavesNothing() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.sql, name: "export-safety-kill.sqlite")
        for (signal, name) in [(SIGTERM, "TERM"), (SIGHUP, "HUP")] {
            let pidFile = root + "/assoc-\(name).pid"
            let session = try TmuxSession(
                command: "cd '\(root)/here' && sh -c 'echo $$ > \(pidFile); exec \(assoc) \(db) --table many'; echo EXITED $?; sleep 5")
            defer { session.kill() }
            session.waitFor("Rows: many")
            session.send("e")
            session.waitFor("Export to")
            session.send("C-u")
            session.send("killed.json", "Enter")
            waitForRowsWritten(session, to: "killed.json")
            XCTAssertEqual(names("here").filter { $0.hasPrefix(".assoc-") }.count, 1, "\(names("here"))")
            let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let pid = pid_t(text) else { return XCTFail("no pid in \(pidFile): \(text)") }
            XCTAssertEqual(kill(pid, signal), 0)
            let screen = session.waitFor("EXITED \(128 + signal)", timeout: 10)
            XCTAssertFalse(screen.contains("Exporting to"), "the terminal is restored:\n\(screen)")
            XCTAssertEqual(names("here"), [], "SIG\(name) left files")
        }
    }
}
