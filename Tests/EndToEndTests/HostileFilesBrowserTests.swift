import Foundation
import HostileCorpus
import TestSupport
import XCTest

/// Every file of the hostile corpus through the real browser (`assoc <path>` under tmux, 100×30):
/// a refused file gives the one-line `assoc: cannot open …` and status 1; any other opens the
/// Tables pane, survives a few keys and quits with status 0. Never a signal, never an escape
/// sequence from the data acting on the terminal, never a write to the files.
final class HostileFilesBrowserTests: XCTestCase {
    func testEveryHostileFileThroughTheBrowser() throws {
        let assoc = try Products.assoc()
        let cases = HostileCases.all()
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-hostile-browser-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let started = Date()
        // By default two cases at a time, each in its own tmux server (a case mostly waits for its
        // screen); one at a time under ASSOC_FULL_TESTS=1, where the first screen's time is checked.
        let check = { (index: Int, hostile: HostileCase) -> (String, TimeInterval)? in
            do {
                let directory = root.appendingPathComponent("case\(index)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
                let path = try hostile.build(directory)
                let before = FileSnapshot(of: directory)
                let firstScreen = self.run(hostile, path: path, assoc: assoc)
                // Not even a WAL database's -shm index changes (see WALFiles.swift).
                XCTAssertEqual(before.differences(to: FileSnapshot(of: directory)), [], "\(hostile.name): files changed")
                return firstScreen.map { (hostile.name, $0) }
            } catch {
                XCTFail("\(hostile.name): \(error)")
                return nil
            }
        }
        let numbered = Array(cases.enumerated())
        let firstScreens = TestVolume.isFull ? numbered.map(check) : concurrentMap(numbered, check)
        let seconds = Date().timeIntervalSince(started)
        let slowest = firstScreens.compactMap { $0 }.max { $0.1 < $1.1 } ?? ("", 0)
        print(
            "HostileFilesBrowserTests: \(cases.count) cases in \(String(format: "%.1f", seconds)) s; slowest first screen: "
                + "\(slowest.0), \(String(format: "%.2f", slowest.1)) s")
    }

    /// Virtual memory the browser may map, in KB (the budget is 256 MB resident).
    static let virtualMemoryKB = 512 * 1024
    /// Seconds to the first screen (the budget is 1 s; a debug build on a busy machine gets slack),
    /// checked under `ASSOC_FULL_TESTS=1` only (the default run prints the slowest).
    static let firstScreenSeconds: TimeInterval = 4
    /// One case in its own tmux server, under `ulimit -v`, its terminal stream recorded; the
    /// seconds to its first screen when the browser opened.
    func run(_ hostile: HostileCase, path: String, assoc: String) -> TimeInterval? {
        let name = hostile.name
        let root = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
        let stream = root.appendingPathComponent("stream-\(UUID().uuidString).bin").path
        let ready = root.appendingPathComponent("ready-\(UUID().uuidString)").path
        // assoc starts once tmux records the pane: every byte it writes is in the stream. Two malloc
        // arenas: glibc reserves 64 MB of address space for each arena a busy thread gets, which
        // `ulimit -v` counts as if used (the browser's threads then failed to allocate at random).
        let command =
            "while [ ! -e \(Shell.quote(ready)) ]; do sleep 0.01; done; ulimit -v \(Self.virtualMemoryKB); export MALLOC_ARENA_MAX=2; "
            + Shell.quote(assoc) + " " + Shell.quote(path) + "; echo EXITED $?; sleep 30"
        let session: TmuxSession
        do {
            session = try TmuxSession(command: command, width: 100, height: 30)
        } catch {
            XCTFail("\(name): tmux did not start: \(error)")
            return nil
        }
        session.record(to: stream)
        _ = FileManager.default.createFile(atPath: ready, contents: nil)
        let launched = Date()
        defer {
            session.kill()
            try? FileManager.default.removeItem(atPath: ready)
            // No sequence from the data reached the terminal: curses writes CSI and SGR, never OSC
            // (title, clipboard), DCS, APC or PM.
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: stream))) ?? Data()
            for introducer in ["\u{1B}]", "\u{1B}P", "\u{1B}_", "\u{1B}^"] {
                XCTAssertNil(bytes.range(of: Data(introducer.utf8)), "\(name): \(introducer.debugDescription) in the terminal stream")
            }
            try? FileManager.default.removeItem(atPath: stream)
        }

        let screen: String
        var firstScreen: TimeInterval?
        if case .refused(let message) = hostile.expectation {
            screen = session.waitFor(timeout: 10, "\(name): the exit status") { Self.exitStatus($0) != nil }
            let lines = screen.split(separator: "\n").map(String.init)
            let errors = lines.filter { $0.hasPrefix("assoc: ") }
            XCTAssertEqual(errors.count, 1, "\(name): one error line expected:\n\(screen)")
            XCTAssertTrue(errors.first?.hasPrefix("assoc: cannot open ") ?? false, "\(name): \(errors)")
            let joined = screen.replacingOccurrences(of: "\n", with: "")  // the message may wrap at 100 columns
            XCTAssertTrue(message.isEmpty || joined.contains(message), "\(name): lacks \(message):\n\(screen)")
            XCTAssertFalse((screen.contains("─ Tables") || screen.contains("━ Tables")), "\(name): the browser started:\n\(screen)")
            XCTAssertEqual(Self.exitStatus(screen), 1, "\(name):\n\(screen)")
        } else {
            let tables = session.waitFor(timeout: 15, "\(name): the Tables pane") {
                ($0.contains("─ Tables") || $0.contains("━ Tables")) || Self.exitStatus($0) != nil
            }
            XCTAssertNil(Self.exitStatus(tables), "\(name): exited before showing the browser:\n\(tables)")
            let seconds = Date().timeIntervalSince(launched)
            firstScreen = seconds
            if TestVolume.isFull {
                XCTAssertLessThan(seconds, Self.firstScreenSeconds, "\(name): first screen after \(seconds) s")
            }
            // Each key once it is drawn and the query it started is done (a 10 MB value cannot be
            // interrupted mid-read).
            var shownScreens = [tables]
            for key in ["Enter", "G", "v", "Escape", "Tab"] {
                let before = shownScreens.last ?? tables
                session.send(key)
                shownScreens.append(session.waitForChange(from: before) { !$0.contains("loading…") && !$0.contains("Esc cancels") })
            }
            let links = shownScreens.last ?? ""
            session.send("q")
            // A hang detector, not a time check: a busy machine may take seconds to end a schema bomb.
            screen = session.poll(timeout: 20) { Self.exitStatus($0) != nil } ?? session.capture()
            for shown in shownScreens {
                XCTAssertFalse(shown.contains("\u{1B}"), "\(name): ESC on screen")
            }
            XCTAssertEqual(Self.exitStatus(screen), 0, "\(name): q did not quit cleanly:\n\(screen)\nbefore q:\n\(links)")
        }
        XCTAssertFalse(screen.contains("\u{1B}"), "\(name): ESC on screen:\n\(screen)")
        if let status = Self.exitStatus(screen) {
            XCTAssertLessThan(status, 128, "\(name): ended by a signal (status \(status)):\n\(screen)")
        }
        // OSC 0 in the data ("pwned title") must not have reached the terminal.
        let title = Self.title(of: session)
        XCTAssertFalse(title.contains("pwned"), "\(name): window title set to \(title)")
        return firstScreen
    }

    /// The pane's title (what an OSC 0 or 2 would set).
    static func title(of session: TmuxSession) -> String {
        let command =
            ([
                TmuxSession.tmuxPath ?? "tmux", "-L", session.socket, "-f", "/dev/null",
                "display-message", "-p", "-t", "0", "#{pane_title}"
            ]).map(Shell.quote).joined(separator: " ")
        return Shell.run(command + " 2>/dev/null").output
    }

    /// The status printed by `echo EXITED $?`, once it is on screen.
    static func exitStatus(_ screen: String) -> Int? {
        for line in screen.split(separator: "\n") where line.hasPrefix("EXITED ") {
            return Int(line.dropFirst("EXITED ".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
