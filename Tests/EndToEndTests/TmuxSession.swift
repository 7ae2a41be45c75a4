import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `/bin/sh -c` with posix_spawn and waitpid. Foundation's `Process` is not used for tmux:
/// `new-session -d` leaves a server holding inherited descriptors, and waiting on it hangs.
enum Shell {
    static func run(_ command: String) -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "assoc-e2e-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).out"
        let full = "(" + command + ") >" + quote(outputPath) + " </dev/null"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(full), nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        guard spawned == 0 else { return (-1, "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: outputPath)
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : -1, output)
    }

    /// `'text'` for the shell, single quotes escaped.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A tmux server of its own (`tmux -L assoc-test-<pid>-<n>`) running one command in a detached
/// session of a fixed size: keys go in with `send-keys`, the screen comes out with `capture-pane`.
final class TmuxSession {
    let socket: String
    private static let counter = Counter()

    /// The browser's history (`$XDG_STATE_HOME/assoc/history`) goes to a folder of this test
    /// run, never the user's: the tmux servers the sessions start inherit it.
    static let stateHome: String = {
        let folder = NSTemporaryDirectory() + "assoc-e2e-state-\(ProcessInfo.processInfo.processIdentifier)"
        setenv("XDG_STATE_HOME", folder, 1)
        return folder
    }()

    init(command: String, width: Int = 100, height: Int = 30) throws {
        guard TmuxSession.tmuxPath != nil else { throw Prerequisite.missing("tmux is not installed") }
        _ = Self.stateHome
        socket = "assoc-test-\(ProcessInfo.processInfo.processIdentifier)-\(TmuxSession.counter.next())"
        let status = try run(["new-session", "-d", "-x", String(width), "-y", String(height), command])
        guard status == 0 else { throw Prerequisite.missing("tmux could not start a session (status \(status))") }
    }

    deinit { kill() }

    static var tmuxPath: String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"] {
            let path = directory + "/tmux"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Sends tmux key names (`Enter`, `Tab`, `Escape`) or literal characters, one argument each.
    func send(_ keys: String...) {
        for key in keys { _ = try? run(["send-keys", "-t", "0", key]) }
    }

    /// `:` then `Ctrl-U`: the request line open and empty, ready for a request to be typed.
    func openEmptyRequestLine(file: StaticString = #filePath, line: UInt = #line) {
        send(":")
        _ = waitFor("request: edit", file: file, line: line)
        send("C-u")
    }

    /// Appends every byte the program writes to its terminal to the file at `path`.
    func record(to path: String) {
        _ = try? run(["pipe-pane", "-o", "-t", "0", "cat >> " + Shell.quote(path)])
    }

    /// The visible screen, one string per line.
    func capture() -> String {
        do {
            return try output(["capture-pane", "-p", "-t", "0"])
        } catch {
            print("capture-pane failed: \(error)")
            return ""
        }
    }

    /// How often a wait looks at the screen again.
    static let pollInterval: TimeInterval = 0.02

    /// Polls the screen until `predicate` holds, for at most `timeout` seconds; returns the last screen.
    @discardableResult
    func waitFor(
        timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line,
        _ what: String, _ predicate: (String) -> Bool
    ) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            if Date() > deadline {
                XCTFail("timed out waiting for \(what); screen:\n\(screen)", file: file, line: line)
                return screen
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
            screen = capture()
        }
        return screen
    }

    /// Polls without failing: the screen once `predicate` holds, nil after `timeout` seconds.
    func poll(timeout: TimeInterval, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let screen = capture()
            if predicate(screen) { return screen }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        } while Date() < deadline
        return nil
    }

    /// Waits until the screen is no longer `previous` (a key was taken in and drawn), for at
    /// most `timeout` seconds, then until `predicate` holds (no query running…), for at most
    /// `settle` seconds. Returns the last screen. A key that changes nothing costs `timeout`.
    @discardableResult
    func waitForChange(
        from previous: String, timeout: TimeInterval = 0.1, settle: TimeInterval = 15,
        until predicate: (String) -> Bool = { _ in true }
    ) -> String {
        _ = poll(timeout: timeout) { $0 != previous }
        return poll(timeout: settle, predicate) ?? capture()
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor(timeout: timeout, file: file, line: line, "\"\(text)\"") { $0.contains(text) }
    }

    func kill() {
        _ = try? run(["kill-server"])
    }

    /// Any tmux command on this server (`pipe-pane`, `resize-window`, `send-keys -l`…); its status.
    @discardableResult
    /// The process the pane runs (the command itself when it was started with `exec`).
    func panePID() -> Int32? {
        Int32(((try? output(["display-message", "-p", "-t", "0", "#{pane_pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func tmux(_ arguments: [String]) -> Int32 {
        (try? run(arguments)) ?? -1
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> Int32 {
        Shell.run(tmuxCommand(arguments) + " >/dev/null 2>&1").status
    }

    private func output(_ arguments: [String]) throws -> String {
        Shell.run(tmuxCommand(arguments) + " 2>/dev/null").output
    }

    private func tmuxCommand(_ arguments: [String]) -> String {
        ([TmuxSession.tmuxPath ?? "tmux", "-L", socket, "-f", "/dev/null"] + arguments).map(Shell.quote).joined(separator: " ")
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

/// Where the built `assoc` is, and how to build test databases without linking SQLite.
enum Products {
    /// `assoc` next to the test bundle (the products directory), else `.build/debug/assoc`.
    static func assoc() throws -> String {
        var candidates: [String] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent("assoc").path)
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("assoc").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/assoc").path)
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw Prerequisite.missing("assoc binary not found (looked in \(candidates)); run swift build first")
    }

    /// Runs `sqlite3 path` with `sql` on stdin (skips the test when sqlite3 is missing).
    static func makeDatabase(_ sql: String, name: String) throws -> String {
        guard
            let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw Prerequisite.missing("sqlite3 is not installed")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-e2e-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = [path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "sqlite3", code: Int(process.terminationStatus))
        }
        return path
    }
}
